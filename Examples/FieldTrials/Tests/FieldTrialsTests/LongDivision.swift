/// The oracle for `Decimal` division: the quotient of two integers by long division, rounded to 38
/// significant digits half away from zero — `NSDecimalNumber`'s `.plain` rounding, which `/` uses.
struct LongDivision: Equatable, Sendable {
    let dividend: Int
    let divisor: Int

    /// The quotient as decimal text, such as `-0.66666666666666666666666666666666666667`.
    var quotient: String {
        var remainder = dividend.magnitude
        let divisor = self.divisor.magnitude
        var digits = Array(String(remainder / divisor)).map { Int(String($0))! }
        var integerCount = digits.count
        remainder %= divisor
        func significant() -> Int { digits.drop { $0 == 0 }.count }
        while remainder != 0 && significant() < 39 {
            remainder *= 10
            digits.append(Int(remainder / divisor))
            remainder %= divisor
        }
        if significant() == 39 {
            var carry = digits.removeLast() >= 5 ? 1 : 0
            for index in digits.indices.reversed() where carry == 1 {
                digits[index] += 1
                carry = digits[index] == 10 ? 1 : 0
                if carry == 1 { digits[index] = 0 }
            }
            if carry == 1 {
                digits.insert(1, at: 0)
                integerCount += 1
            }
        }
        let whole = digits.prefix(integerCount).map(String.init).joined()
        let fraction = digits.dropFirst(integerCount).map(String.init).joined()
        let sign = (dividend < 0) != (self.divisor < 0) && digits.contains { $0 != 0 } ? "-" : ""
        return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
