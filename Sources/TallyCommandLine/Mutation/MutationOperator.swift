/// The kinds of change `tally mutate` makes, each an ordinary slip a maintainer makes.
enum MutationOperator: String, Codable, CaseIterable, Sendable {
    /// `<` ↔ `<=`, `>` ↔ `>=`: an off-by-one at a limit.
    case relationalBoundary = "relational boundary"
    /// `==` ↔ `!=`.
    case negatedComparison = "negated comparison"
    /// `+` ↔ `-`, `*` ↔ `/`, and the same for `+=`, `-=`, `*=`, `/=`.
    case arithmetic
    /// An integer literal `n` becomes `n + 1`, `n - 1` or `0`.
    case integerLiteral = "integer literal"
    /// `&&` ↔ `||`, and a removed `!`.
    case logical
    /// One clause of a `&&` or `||` chain left out: `a && b && c` → `a && c`, a check that compares too little.
    case droppedClause = "dropped clause"
    /// `min` ↔ `max`.
    case minMax = "min/max"
    /// The condition of an `if`, `guard` or `while` forced `true` or `false`.
    case forcedCondition = "forced condition"
    /// A call made for its effect, removed.
    case removedCall = "removed call"
    /// An assignment, removed.
    case removedAssignment = "removed assignment"
    /// `return x` becomes a trivial value of the return type: `0`, `nil`, `""`, `[]`, `true`, `false`.
    case trivialReturn = "trivial return"
    /// Two adjacent statements of a block, swapped: an order mistake (an accumulator read after its update).
    case swappedStatements = "swapped statements"
    /// `sorted(by:)` reversed, or dropped: a collection applied in the wrong order or in no order.
    case sortOrder = "sort order"
    /// Another name of the same type in scope read in place of one: `coinsurance` for `costSharing`.
    case mixedUpVariable = "mixed-up variable"
}
