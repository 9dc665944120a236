/// The one way Tally reads a seed a person typed: `TALLY_SEED`, `tally check --seed` and
/// `tally fuzz --seed` all accept the same forms.
///
/// A seed is an unsigned 64-bit integer in decimal (`12345`) or hexadecimal after `0x` (`0x3039`):
/// no sign, no spaces, no empty text, no value past `UInt64.max`.
public enum SeedText {
    /// What a seed must look like, for error messages: `expected <this>`.
    public static let expectation = "an unsigned 64-bit integer, decimal or 0x-hexadecimal (such as 42 or 0x2a)"

    /// The seed `text` spells, or `nil` when it is not a seed.
    public static func parse(_ text: String) -> UInt64? {
        let hexadecimal = text.hasPrefix("0x") || text.hasPrefix("0X")
        let digits = hexadecimal ? text.dropFirst(2) : Substring(text)
        // `UInt64(_:radix:)` accepts a leading "+"; a seed has digits only.
        guard let first = digits.first, first.isHexDigit else { return nil }
        return UInt64(digits, radix: hexadecimal ? 16 : 10)
    }
}
