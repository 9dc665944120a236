import Tally

/// The challenge's calculator: expressions of integers, additions and divisions; a division whose
/// divisor evaluates to zero but is not literally `0` slips past the check.
enum Calculator {
    indirect enum Expression: CustomStringConvertible, Sendable {
        case number(Int)
        case plus(Expression, Expression)
        case divide(Expression, Expression)

        /// Hypothesis's spelling: `('/', 0, ('+', 0, 0))`.
        var description: String {
            switch self {
            case .number(let value): "\(value)"
            case .plus(let left, let right): "('+', \(left), \(right))"
            case .divide(let left, let right): "('/', \(left), \(right))"
            }
        }

        /// No subterm divides by a literal zero.
        var hasNoLiteralDivisionByZero: Bool {
            switch self {
            case .number: true
            case .divide(_, .number(0)): false
            case .plus(let left, let right), .divide(let left, let right):
                left.hasNoLiteralDivisionByZero && right.hasNoLiteralDivisionByZero
            }
        }

        /// The value, or `nil` on a division by zero (wrapping on overflow, as Python's integers never do).
        var value: Int? {
            switch self {
            case .number(let value): return value
            case .plus(let left, let right):
                guard let left = left.value, let right = right.value else { return nil }
                return left &+ right
            case .divide(let left, let right):
                guard let left = left.value, let right = right.value, right != 0 else { return nil }
                return left.dividedReportingOverflow(by: right).partialValue
            }
        }
    }

    /// Hypothesis's `deferred(lambda: one_of(integers(), tuples('+', e, e), tuples('/', e, e)))`, five
    /// levels deep at most.
    static let expressions = Gen<Expression>.recursive(5) { depth, expression in
        let number = Gen<Int>.anyInt.map(Expression.number)
        guard depth > 0 else { return number }
        return Gen.oneOf(
            number,
            Gen.zip(expression(depth - 1), expression(depth - 1)).map { Expression.plus($0, $1) },
            Gen.zip(expression(depth - 1), expression(depth - 1)).map { Expression.divide($0, $1) })
    }

    static let challenge = ChallengeCase("calculator", minima: ["('/', 0, ('+', 0, 0))"], expressions) { expression in
        try assume(expression.hasNoLiteralDivisionByZero)
        try ensure(expression.value != nil, "an expression without a literal division by zero evaluates")
    }
}
