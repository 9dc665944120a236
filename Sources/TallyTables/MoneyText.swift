import DollarText

/// Reading and writing money amounts in cells, in cents: `1234`, `1234.5`, `$1,234.56`, `-$5.00`, `$-5.00`,
/// `($5.00)` (accounting negative); separators group by three, at most two decimals and 13 digits.
public enum MoneyText {
    /// The amount in cents, or `nil` when `text` is not one of the accepted forms.
    public static func parse(_ text: String) -> Int? {
        var body = Substring(text)
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        var signs = 0
        if body.hasPrefix("-") { signs += 1; body = body.dropFirst() }
        if body.hasPrefix("$") { body = body.dropFirst() }
        if body.hasPrefix("-") { signs += 1; body = body.dropFirst() }
        guard signs + (negative ? 1 : 0) <= 1 else { return nil }
        if signs == 1 { negative = true }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return nil }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
        else { return nil }
        let digits = groups.joined()
        guard digits.count <= 13, let units = Int(digits) else { return nil }
        var cents = units * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(fraction)
            else { return nil }
            cents += fraction.count == 1 ? value * 10 : value
        }
        return negative ? -cents : cents
    }

    /// `$1,234.56`, or `-$5.00` for negative amounts.
    public static func format(_ cents: Int) -> String { DollarText.format(cents: cents) }
}
