/// A place in a file where `tally mutate` changes code: a range of tokens it replaces with a schema,
/// code that behaves as the original unless the mutant switch names one of the site's mutants. The
/// token ranges a ``Form`` holds are rendered recursively, so sites nest inside one another.
struct MutationSite: Equatable, Sendable {
    enum Form: Equatable, Sendable {
        /// An operator token (`<`, `+`, `&&`, prefix `!`) → an operator of its own with the same
        /// precedence, `<⊕⊗`, that behaves as `mutated` (nothing, for a removed `!`) when its mutant runs.
        /// A `&&` or `||` also has `drops` dropped-clause mutants after that one: its right operand
        /// dropped, then (the first operator of a chain) its left.
        case operatorToken(mutated: String, drops: Int)
        /// `value` → `_tallyPick(id, value, variant₁, variant₂, …)` for an integer literal, a condition
        /// (`true`, `false`) or a returned value (a trivial value of the return type).
        case pick(value: Range<Int>, variants: [String])
        /// `min(a, b)` → `_tallyMin(id, a, b)`.
        case minMax(arguments: Range<Int>, isMin: Bool)
        /// A whole statement: removed, or with its compound assignment operator swapped.
        case statement(swapOperator: Int?, swapped: String?, removable: Bool)
        /// A run of adjacent statements of one block → one branch per mutant, with statements `i` and
        /// `i + 1` swapped for each `i` of `pairs`, and the original run when the switch names none of them.
        case swaps(statements: [Range<Int>], pairs: [Int])
        /// `receiver.sorted(…)` → `_tallyPick2(id, sorted, Array((sorted).reversed()), Array(receiver))`.
        case sortOrder(receiver: Range<Int>)
    }

    /// One mutant of the site, as a plain edit of the source: `replaced` bytes become `replacement`
    /// (empty for a removal); it is reported at token `anchor`.
    struct Change: Equatable, Sendable {
        var kind: MutationOperator
        var anchor: Int
        var replaced: Range<Int>
        var replacement: String
    }

    /// The tokens the schema replaces.
    var range: Range<Int>
    var form: Form
    /// One entry per mutant, in the order of their ids.
    var mutants: [Change]

    /// Which site goes outside when two cover the same tokens: statements, then conditions and
    /// returns, then operators, then literals.
    var nestingRank: Int {
        switch form {
        case .swaps, .statement: 0
        case .pick where mutants.first?.kind == .forcedCondition || mutants.first?.kind == .trivialReturn: 1
        case .minMax: 2
        case .operatorToken: 3
        case .pick, .sortOrder: 4
        }
    }
}
