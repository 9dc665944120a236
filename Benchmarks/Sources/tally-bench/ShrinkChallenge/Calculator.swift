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

    static let expressions = Gen.recursive(depth: 4, base: Gen<Int>.anyInt.map(Expression.number)) { smaller in
        Gen.oneOf(
            Gen.zip(smaller, smaller).map { Expression.plus($0, $1) },
            Gen.zip(smaller, smaller).map { Expression.divide($0, $1) })
    }

    static let challenge = ChallengeCase("calculator", minima: ["('/', 0, ('+', 0, 0))"], expressions) { expression in
        guard expression.hasNoLiteralDivisionByZero else { return }  // assume(div_subterms(e))
        try ensure(expression.value != nil, "an expression without a literal division by zero evaluates")
    }
}
