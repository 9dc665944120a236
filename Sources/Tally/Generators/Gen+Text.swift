extension Gen where Value == Character {
    /// A generator of printable ASCII characters (space through `~`), shrinking toward `"a"`.
    public static var ascii: Gen<Character> {
        Gen { source in Character(Unicode.Scalar(asciiScalar(source.draw(upTo: 94)))) }
    }

    /// A generator of ASCII letters and digits, shrinking toward `"a"`.
    public static var alphanumeric: Gen<Character> {
        element(of: Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))
    }

    /// A generator of any Unicode scalar as a character (surrogates excluded), shrinking toward `"a"`.
    ///
    /// Half of the characters drawn while searching are printable ASCII, the rest spread over all
    /// planes, combining marks and control characters included.
    public static var unicode: Gen<Character> {
        // Choices 0...94 are printable ASCII from "a"; the rest walk every other scalar in order.
        let last: UInt64 = 0x10FFFF - 0x800 - 95 + 1
        return Gen { source in
            let forced =
                source.isRandom && source.random.next() & 1 == 0
                ? source.random.next(upTo: 94) : source.random.next(upTo: last)
            let choice = source.draw(upTo: last, forcing: forced)
            if choice <= 94 { return Character(Unicode.Scalar(asciiScalar(choice))) }
            var value = UInt32(choice - 95)
            if value >= 0x20 { value += 95 }  // skip the printable ASCII already covered
            if value >= 0xD800 { value += 0x800 }  // skip the surrogates
            return Character(Unicode.Scalar(value) ?? "a")
        }
    }
}

/// Printable ASCII in the order `a…z{|}~` then space through `` ` ``, so choice 0 is `a`.
@inline(__always)
private func asciiScalar(_ choice: UInt64) -> UInt8 {
    UInt8(0x20 + (choice + 0x41) % 95)
}

extension Gen where Value == String {
    /// A generator of strings of characters from `characters`, with a character count in `length`.
    public static func string(of characters: Gen<Character> = .ascii, length: ClosedRange<Int> = 0...20)
        -> Gen<String>
    {
        Gen(characters.array(length: length).map { String($0) })
    }
}
