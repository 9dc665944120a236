import BigInt
import Testing
import TrialSupport

/// attaswift/BigInt 6.0.1: `BigInt` against Swift's `Int` wherever the result fits in an `Int`, and the
/// laws of integer arithmetic on values of several words, where no oracle fits.
///
/// `BigInt` conforms to `SignedInteger`, so it takes on `BinaryInteger`'s contract: "the bitwise operators
/// … treat their operands as if they were in two's complement representation", and `>>` on a negative
/// value rounds toward negative infinity, as `Int`'s does.
@Suite struct BigIntTrials {
    /// One operation on two integers.
    struct Operation: Equatable, Sendable, CustomStringConvertible {
        var op: String
        var a: Int
        var b: Int
        var description: String { "\(a) \(op) \(b)" }
    }

    /// Integers of every size up to 64 bits, with their edges.
    static let ints = Gen.oneOf(Gen<Int>.anyInt, Gen<Int>.int(in: -300...300))

    static func operations(_ ops: [String], amounts: Gen<Int> = Gen(ints)) -> Gen<Operation> {
        Gen(Gen.zip(Gen.element(of: ops), ints, amounts).map(Operation.init))
    }

    /// What `Int` answers, or nil where it overflows or traps.
    static func intResult(_ operation: Operation) -> Int? {
        let (a, b) = (operation.a, operation.b)
        switch operation.op {
        case "+": let r = a.addingReportingOverflow(b); return r.overflow ? nil : r.partialValue
        case "-": let r = a.subtractingReportingOverflow(b); return r.overflow ? nil : r.partialValue
        case "*": let r = a.multipliedReportingOverflow(by: b); return r.overflow ? nil : r.partialValue
        case "/": let r = a.dividedReportingOverflow(by: b); return r.overflow ? nil : r.partialValue
        case "%": let r = a.remainderReportingOverflow(dividingBy: b); return r.overflow ? nil : r.partialValue
        case "&": return a & b
        case "|": return a | b
        case "^": return a ^ b
        case ">>": return a >> b
        case "<<": let wide = BigInt(a) << b; return Int(exactly: wide) == nil ? nil : a << b
        default: fatalError(operation.op)
        }
    }

    static func bigIntResult(_ operation: Operation) -> BigInt {
        let (a, b) = (BigInt(operation.a), BigInt(operation.b))
        switch operation.op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/": return a / b
        case "%": return a % b
        case "&": return a & b
        case "|": return a | b
        case "^": return a ^ b
        case ">>": return a >> operation.b
        case "<<": return a << operation.b
        default: fatalError(operation.op)
        }
    }

    static func againstInt(_ name: String, _ operations: Gen<Operation>) -> Trial<Operation> {
        Trial("BigInt \(name) agrees with Int", operations) { operation in
            guard let expected = intResult(operation) else { return }
            try ensureEqual(bigIntResult(operation), BigInt(expected), "\(operation)")
        }
    }

    static let arithmetic = againstInt("+ - * / %", operations(["+", "-", "*", "/", "%"]))
    static let bitwise = againstInt("& | ^", operations(["&", "|", "^"]))
    static let shifts = againstInt(">> <<", operations([">>", "<<"], amounts: Gen(Gen<Int>.int(in: 0...70))))

    /// Integers of up to four 64-bit words, either sign, and small ones.
    static let bigInts = Gen.oneOf(
        Gen.zip(Gen.bool, Gen<UInt>.anyInt.array(length: 0...4)).map { negative, words in
            let magnitude = BigInt(BigUInt(words: words))
            return negative ? -magnitude : magnitude
        },
        Gen<Int>.int(in: -300...300).map { BigInt($0) }
    )

    static let division = Trial(
        "BigInt quotientAndRemainder: a == q·b + r, |r| < |b|, r has a's sign", Gen.zip(bigInts, bigInts)
    ) { a, b in
        guard b != 0 else { return }
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        try ensureEqual(q * b + r, a, "q·b + r")
        try ensure(r.magnitude < b.magnitude, "|r| < |b| for r = \(r)")
        try ensure(r == 0 || (r < 0) == (a < 0), "r = \(r) has the sign of a")
        try ensureEqual(a / b, q, "a / b")
        try ensureEqual(a % b, r, "a % b")
    }

    static let ring = Trial(
        "BigInt ring laws: (a + b) - b == a, a·(b + c) == a·b + a·c, (a·b)/b == a", Gen.zip(bigInts, bigInts, bigInts)
    ) { a, b, c in
        try ensureEqual((a + b) - b, a, "(a + b) - b")
        try ensureEqual(a * (b + c), a * b + a * c, "a·(b + c)")
        if b != 0 { try ensureEqual((a * b) / b, a, "(a·b) / b") }
    }

    static let text = Trial(
        "BigInt String(radix:) then init(_:radix:) gives the value back", Gen.zip(bigInts, Gen.int(in: 2...35))
    ) { a, radix in
        let written = String(a, radix: radix)
        try ensureEqual(BigInt(written, radix: radix), a, "read back from \(written)")
    }

    static let shiftLaws = Trial(
        "BigInt a << n == a · 2ⁿ and (a << n) >> n == a", Gen.zip(bigInts, Gen.int(in: 0...200))
    ) { a, n in
        let power = BigInt(1) << n
        try ensureEqual(a << n, a * power, "a << n")
        try ensureEqual((a << n) >> n, a, "(a << n) >> n")
    }

    /// Two big integers.
    struct Pair: Equatable, Sendable, CustomStringConvertible {
        var a: BigInt
        var b: BigInt
        var description: String { "(\(a), \(b))" }
    }

    static let bitLaws = Trial(
        "BigInt bitwise laws: a ^ b ^ b == a, ~~a == a, a & b == ~(~a | ~b)", Gen.zip(bigInts, bigInts).map(Pair.init)
    ) { pair in
        let (a, b) = (pair.a, pair.b)
        try ensureEqual(a ^ b ^ b, a, "a ^ b ^ b")
        try ensureEqual(~(~a), a, "~~a")
        try ensureEqual(a & b, ~(~a | ~b), "De Morgan")
    }

    static let roots = Trial("BigInt squareRoot: s² ≤ a < (s + 1)²", bigInts.map { $0.magnitude }) { a in
        let s = a.squareRoot()
        try ensure(s * s <= a && a < (s + 1) * (s + 1), "squareRoot(\(a)) = \(s)")
    }

    static let powers = Trial(
        "BigInt power(_:modulus:) agrees with repeated multiplication", Gen.zip(bigInts, Gen.int(in: 0...20), bigInts)
    ) { base, exponent, modulus in
        guard modulus > 0 else { return }
        var product = BigInt(1)
        for _ in 0..<exponent { product *= base }
        var expected = product % modulus
        if expected < 0 { expected += modulus }
        try ensureEqual(base.power(BigInt(exponent), modulus: modulus), expected, "\(base)^\(exponent) mod \(modulus)")
    }

    @Test func arithmeticAgreesWithInt() async {
        await Self.arithmetic.expectHolds(cases: 1000)
    }

    @Test func bitwiseAgreesWithIntWithinOneWord() async {
        await Self.bitwise.expectHolds(cases: 1000)
    }

    @Test func rightShiftOfANegativeValueRoundsTowardZero() async {
        await Self.shifts.expectKnownDefect(
            cases: 1000, shrinksTo: Operation(op: ">>", a: -3, b: 1),
            """
            BigInt(-3) >> 1 is -1; Int(-3) >> 1 is -2: BinaryInteger's >> rounds toward negative \
            infinity (two's complement)
            """
        )
    }

    /// Whether `a op b` (`op` one of `&`, `|`, `^`) shows finding 8 at the size a shrink reaches: one operand
    /// within 20 of 2⁶⁴ in magnitude and the other within ±20, either of them negative (the first failures
    /// hold up to ±300), and BigInt's answer not the two's complement one (`Int128`'s, exact at this size).
    static func showsFinding8(_ op: String, _ a: BigInt, _ b: BigInt) -> Bool {
        guard let x = Int128(exactly: a), let y = Int128(exactly: b), x < 0 || y < 0 else { return false }
        let (large, small) = x.magnitude > y.magnitude ? (x.magnitude, y.magnitude) : (y.magnitude, x.magnitude)
        let word = UInt128(1) << 64
        guard small <= 20, large >= word - 20, large <= word + 20 else { return false }
        switch op {
        case "&": return a & b != BigInt(x & y)
        case "|": return a | b != BigInt(x | y)
        default: return a ^ b != BigInt(x ^ y)
        }
    }

    /// The law `a ^ b ^ b == a` or De Morgan's (`a & b == ~(~a | ~b)`) fails, as `^` or `&` shows finding 8;
    /// which one a seed shrinks to is luck. The shrink is WORSE since issue 36's search, a local minimum: the
    /// first failure (73 cases, `(-18446744073709551614, -299)`) shrinks to `(-18446744073709551613, -20)`
    /// (choices `[0, 1, 1, 18446744073709551613, 0, 1, 40]`, failing De Morgan), where the search before
    /// reached `(18446744073709551615, -1)` (`[0, 0, 1, 18446744073709551615, 0, 1, 2]`). Smaller cases
    /// fail: `(-18446744073709551613, 3)` and `(-18446744073709551613, -4)` (b's choice 5 or 8; with this a,
    /// De Morgan fails for b = 3 and the negative multiples of 4), and `(18446744073709551613, -3)` (a's
    /// sign 0). Lower choices searches b's magnitude assuming failing is monotone: 19 and 18 pass, half of
    /// 20 passes, so it stays at 20; and a's sign, a yes/no choice, is lowered with b only by trade down,
    /// which raises b (to +21 or its greatest), never to -3. So the pin says what every shrink must show: `^`
    /// or `&` unlike two's complement on a one-word magnitude near 2⁶⁴ and a small operand, one negative.
    @Test func xorAndAndOfNegativeValuesBeyondOneWord() async {
        await Self.bitLaws.expectKnownDefect(
            cases: 1000,
            shrunkShows:
                "^ or & unlike two's complement on a magnitude within 20 of 2^64 and one within 20, one negative",
            { pair in Self.showsFinding8("^", pair.a, pair.b) || Self.showsFinding8("&", pair.a, pair.b) },
            minimal: Pair(a: BigInt(UInt.max), b: -1),
            """
            BigInt(2^64 - 1) ^ -1 is 0, not -2^64, so a ^ b ^ b is -1: ^ and & do not treat negative operands as \
            two's complement past one word
            """)
    }

    @Test func lawsOfArithmeticHold() async {
        await Self.division.expectHolds(cases: 500)
        await Self.ring.expectHolds(cases: 500)
        await Self.text.expectHolds(cases: 500)
        await Self.shiftLaws.expectHolds(cases: 500)
        await Self.powers.expectHolds(cases: 300)
        await Self.roots.expectHolds(cases: 500)
    }

}

/// `Int128` as the oracle on values of two words.
extension BigIntTrials {
    /// One operation on two 128-bit integers, for `Int128` as the oracle on values of two words.
    struct WideOperation: Equatable, Sendable, CustomStringConvertible {
        var op: String
        var a: Int128
        var b: Int128
        var description: String { "\(a) \(op) \(b)" }
    }

    /// 128-bit integers: any two words, one word, or small.
    static let wideInts = Gen.oneOf(
        Gen.zip(Gen<Int64>.anyInt, Gen<UInt64>.anyInt).map { high, low in Int128(high) << 64 | Int128(low) },
        Gen<Int>.anyInt.map { Int128($0) },
        Gen<Int>.int(in: -300...300).map { Int128($0) }
    )

    static func wideResult(_ operation: WideOperation) -> Int128? {
        let (a, b) = (operation.a, operation.b)
        switch operation.op {
        case "+": let r = a.addingReportingOverflow(b); return r.overflow ? nil : r.partialValue
        case "-": let r = a.subtractingReportingOverflow(b); return r.overflow ? nil : r.partialValue
        case "*": let r = a.multipliedReportingOverflow(by: b); return r.overflow ? nil : r.partialValue
        case "/": let r = a.dividedReportingOverflow(by: b); return r.overflow ? nil : r.partialValue
        case "%": let r = a.remainderReportingOverflow(dividingBy: b); return r.overflow ? nil : r.partialValue
        case "&": return a & b
        case "|": return a | b
        case "^": return a ^ b
        default: fatalError(operation.op)
        }
    }

    static func againstInt128(_ name: String, _ ops: [String]) -> Trial<WideOperation> {
        Trial(
            "BigInt \(name) agrees with Int128",
            Gen.zip(Gen.element(of: ops), wideInts, wideInts).map(WideOperation.init)
        ) { operation in
            guard let expected = wideResult(operation) else { return }
            let (a, b) = (BigInt(operation.a), BigInt(operation.b))
            let actual: BigInt =
                switch operation.op {
                case "+": a + b
                case "-": a - b
                case "*": a * b
                case "/": a / b
                case "%": a % b
                case "&": a & b
                case "|": a | b
                default: a ^ b
                }
            try ensureEqual(actual, BigInt(expected), "\(operation)")
        }
    }

    static let wideArithmetic = againstInt128("+ - * / % on two words", ["+", "-", "*", "/", "%"])
    static let wideBitwise = againstInt128("& | ^ on two words", ["&", "|", "^"])

    /// The arithmetic holds for 1,000 cases. The bitwise operators find finding 8 here too since issue 36's
    /// search (in 73 cases; before it held for 1,000, two random words rarely making a magnitude whose low
    /// word is all ones): `-(2⁶⁴ − 1) & -2` is `0`, its least case, the `&` that FINDINGS row 8 gives. A
    /// better search, not a regression: it is pinned as the known defect, by what the failure shows.
    @Test func agreesWithInt128OnTwoWords() async {
        await Self.wideArithmetic.expectHolds(cases: 1000)
        await Self.wideBitwise.expectKnownDefect(
            cases: 1000,
            shrunkShows:
                "& | ^ unlike two's complement on a magnitude within 20 of 2^64 and one within 20, one negative",
            { operation in Self.showsFinding8(operation.op, BigInt(operation.a), BigInt(operation.b)) },
            minimal: WideOperation(op: "&", a: -Int128(UInt.max), b: -2),
            """
            BigInt(-(2^64 - 1)) & -2 is 0, not -2^64: ^ and & do not treat negative operands as \
            two's complement past one word
            """)
    }
}
