/// The one way Tally reads a duration a person typed: `TALLY_CASE_TIMEOUT` and the command line's
/// `--case-timeout`, `--time` all accept the same forms.
///
/// A duration is a number greater than 0, in seconds, optionally followed by a unit: `500ms`, `10s`,
/// `10m`, `1h` (`2.5` is two and a half seconds).
public enum DurationText {
    /// What a duration must look like, for error messages: `expected <this>`.
    public static let expectation = "a duration greater than 0 such as 500ms, 10s, 10m or 1h"

    /// The number of seconds `text` spells, or `nil` when it is not a duration.
    public static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value > 0, value.isFinite { return value * scale }
        }
        if let value = Double(text), value > 0, value.isFinite { return value }
        return nil
    }

    /// `seconds` as a person would type it back, in the largest unit it is a whole number of: `2m`,
    /// `90s`, `1h`, `1500ms`.
    public static func text(seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded())
        let units: [(String, Int64)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        for (suffix, scale) in units where milliseconds % scale == 0 && milliseconds > 0 {
            return "\(milliseconds / scale)\(suffix)"
        }
        return "\(milliseconds)ms"
    }
}

extension Duration {
    /// The duration as ``DurationText`` reads it back, in whole milliseconds: `10s`, `300ms`.
    var secondsText: String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }
}
