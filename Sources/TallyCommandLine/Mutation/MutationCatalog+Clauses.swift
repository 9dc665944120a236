/// Dropped clauses: one operand of a `&&` or `||` chain left out (`a && b && c` → `a && c`), each in
/// turn — the check that compares too little: an equality that forgets a field, a guard that forgets
/// a condition. A chain is read as Swift groups it: `&&` binds tighter than `||`, so in
/// `a || b && c` the `||` chain has the clauses `a` and `b && c`, and the `&&` chain `b` and `c`.
/// Brackets, a ternary, an assignment, a `,` (of a condition list or an argument list) or a keyword
/// such as `return` ends a chain; a line break ends it only where it ends the statement.
///
/// The mutants ride on the chain's operators, which the schema already replaces by operators of
/// their own (``SchemaSupport``): an operator returns its left operand alone to drop the clause on
/// its right, and the first operator of a chain returns its right operand alone to drop the first
/// clause. Swift's `&&` and `||` group to the left, so the left operand of any later operator is the
/// chain so far, and every clause is dropped exactly once.
extension MutationCatalog {
    /// One `&&` or `||` chain at one level of an expression.
    struct ClauseChain: Equatable {
        /// The chain's operator tokens, left to right.
        var operators: [Int]
        /// The tokens of each clause, left to right: one more than the operators.
        var clauses: [Range<Int>]
    }

    /// The mutants dropping the clause right of the operator at `index` and, when it is the chain's
    /// first operator, the clause left of it: in that order, which the schema's operator relies on.
    /// Each is reported as the clause and its operator removed (`&& b`, or `a &&` for the first), with
    /// the space before them, so the line after reads as written: `a && c`.
    func clauseDrops(at index: Int) -> [MutationSite.Change] {
        guard let chain = clauseChain(at: index), let position = chain.operators.firstIndex(of: index) else {
            return []
        }
        return (position == 0 ? [1, 0] : [position + 1]).map { dropped in
            let clauses = chain.clauses
            let cut =
                dropped == 0
                ? tokens[clauses[0].lowerBound].range.lowerBound..<tokens[clauses[1].lowerBound].range.lowerBound
                : tokens[clauses[dropped - 1].upperBound - 1].range
                    .upperBound..<tokens[clauses[dropped].upperBound - 1].range.upperBound
            return MutationSite.Change(
                kind: .droppedClause, anchor: clauses[dropped].lowerBound, replaced: cut, replacement: "")
        }
    }

    /// The chain the `&&` or `||` at `index` belongs to; `nil` where the operands hold an operator
    /// whose precedence is not known here (a custom one), so no clause could be told for sure.
    func clauseChain(at index: Int) -> ClauseChain? {
        let logical = tokens[index].text
        guard let left = scan(from: index, by: -1, logical: logical),
            let right = scan(from: index, by: 1, logical: logical)
        else { return nil }
        let operators = left.operators.reversed() + [index] + right.operators
        var clauses: [Range<Int>] = []
        var start = left.end
        for token in operators {
            clauses.append(start..<token)
            start = token + 1
        }
        clauses.append(start..<(right.end + 1))
        return clauses.allSatisfy({ !$0.isEmpty }) ? ClauseChain(operators: operators, clauses: clauses) : nil
    }

    /// Walks from the operator at `index` by `step` (-1 left, 1 right) over the tokens of its chain,
    /// stepping over brackets: the last token of the chain that way, and the chain's other operators met.
    private func scan(from index: Int, by step: Int, logical: String) -> (end: Int, operators: [Int])? {
        var operators: [Int] = []
        var end = index
        var position = index + step
        while position >= 0, position < tokens.count {
            let (earlier, later) = step < 0 ? (position, position + 1) : (position - 1, position)
            if tokens[later].newlineBefore, !structure.continues(after: earlier, at: later) { break }
            if let partner = structure.partner[position], (partner - position) * step > 0 {
                // A group inside the clause (a call, a subscript, a trailing closure); never a body after `if … {`.
                guard !tokens[min(position, partner)].is("{") || structure.blocks[min(position, partner)] == .closure
                else { break }
                end = partner
                position = partner + step
                continue
            }
            switch role(of: position, in: logical) {
            case .sameOperator: operators.append(position)
            case .operand: end = position
            case .boundary: return (end, operators)
            case .unknown: return nil
            }
            position += step
        }
        return (end, operators)
    }

    private enum Role { case sameOperator, operand, boundary, unknown }

    /// Operators that bind tighter than `&&`: they stay inside a clause.
    static let tighterOperators: Set<String> = [
        "==", "!=", "===", "!==", "<", "<=", ">", ">=", "~=", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
        "&+", "&-", "&*", "&<<", "&>>", "??", "...", "..<", "!", "~",
    ]

    /// Words that are values or casts inside a clause; any other keyword (`return`, `else`, `try`) ends it.
    static let operandKeywords: Set<String> = ["self", "Self", "super", "true", "false", "nil", "is", "as"]

    private func role(of position: Int, in logical: String) -> Role {
        let token = tokens[position]
        switch token.kind {
        case .identifier, .integer, .float, .string, .pound: return .operand
        case .keyword: return Self.operandKeywords.contains(token.text) ? .operand : .boundary
        case .directive: return .unknown
        case .punctuation: return token.is(".") || token.is("\\") ? .operand : .boundary
        case .operator:
            if token.text == "&&" || token.text == "||" {
                // One written without spaces is no mutant of its own: its chain is not read, as a clause
                // told around it might not be the operand the schema's operator sees.
                guard token.spaceBefore, token.spaceAfter else { return .unknown }
                if token.text == logical { return .sameOperator }
                // `||` binds looser than `&&`: it ends a `&&` chain, and is inside a clause of a `||` chain.
                return logical == "&&" ? .boundary : .operand
            }
            if (token.text == "?" || token.text == "!") && !token.spaceBefore { return .operand }
            if token.text == "?" || MutationCatalog.assignmentOperators.contains(token.text) { return .boundary }
            return Self.tighterOperators.contains(token.text) ? .operand : .unknown
        }
    }
}
