/// Dollar amounts as people write them: `$1,234.56`, `-$5.00`. Shared by the engines and the tables,
/// so an amount reads the same in an explanation of benefits, a counterexample and a table cell.
public enum DollarText {
    /// `cents` as `$1,234.56`, or `-$5.00` when negative.
    ///
    /// ```swift
    /// DollarText.format(cents: 123_456)   // "$1,234.56"
    /// ```
    public static func format(cents: Int) -> String {
        let magnitude = cents.magnitude
        var whole = String(magnitude / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        let fraction = magnitude % 100
        return (cents < 0 ? "-" : "") + "$" + whole + grouped + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
