/// The operator catalog applied to one Swift file: every site where a mutant can be made, in code
/// only — never in a comment, a string literal (interpolations included), a `#if` line or a block
/// under `#if`, an attribute, an enum's raw values or a generic argument list.
struct MutationCatalog {
    let structure: SwiftStructure
    /// The declarations of the file's target (of the file alone unless set): the types the mixed-up
    /// variable operator reads.
    var declarations: SwiftDeclarations
    var tokens: [SwiftToken] { structure.tokens }

    init(tokens: [SwiftToken]) {
        structure = SwiftStructure(tokens: tokens)
        declarations = SwiftDeclarations([structure])
    }

    /// The tokens and the sites of `source`, nested properly (a site lies inside another or apart).
    static func sites(in source: String) throws(SwiftLexer.Failure) -> (tokens: [SwiftToken], sites: [MutationSite]) {
        let catalog = MutationCatalog(tokens: try SwiftLexer.tokens(of: source))
        return (catalog.tokens, catalog.allSites())
    }

    func allSites() -> [MutationSite] {
        let found =
            operatorSites() + literalSites() + notSites() + minMaxSites() + conditionSites() + statementSites()
            + returnSites()
            + swapSites() + sortSites() + variableSites()
        return Self.nested(found)
    }

    /// Sites sorted outside-in, without any that would cross another.
    static func nested(_ sites: [MutationSite]) -> [MutationSite] {
        let sorted = sites.sorted {
            ($0.range.lowerBound, -$0.range.upperBound, $0.nestingRank) < (
                $1.range.lowerBound, -$1.range.upperBound, $1.nestingRank
            )
        }
        var kept: [MutationSite] = []
        var open: [MutationSite] = []
        for site in sorted where !site.range.isEmpty && !site.mutants.isEmpty {
            while let last = open.last, last.range.upperBound <= site.range.lowerBound { open.removeLast() }
            if let last = open.last,
                site.range.upperBound > last.range.upperBound
                    || last.range == site.range && last.nestingRank == site.nestingRank
            {
                continue
            }
            kept.append(site)
            open.append(site)
        }
        return kept
    }

    /// Whether every token of `range` is compiled code outside `#if` blocks.
    func isPlainCode(_ range: Range<Int>) -> Bool {
        !range.isEmpty && range.allSatisfy { !tokens[$0].insideConditionalCompilation }
    }

    func mutable(_ index: Int) -> Bool {
        !tokens[index].insideConditionalCompilation && !structure.excluded.contains(index)
    }

    func change(
        _ kind: MutationOperator, at anchor: Int, _ replacement: String, replacing tokenRange: Range<Int>? = nil
    ) -> MutationSite.Change {
        let range = tokenRange ?? anchor..<(anchor + 1)
        return MutationSite.Change(
            kind: kind, anchor: anchor,
            replaced: tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound,
            replacement: replacement)
    }

    /// A site where `range` becomes one of `variants` of operator `kind`.
    func pick(_ kind: MutationOperator, _ range: Range<Int>, _ variants: [String]) -> MutationSite {
        MutationSite(
            range: range, form: .pick(value: range, variants: variants),
            mutants: variants.map { change(kind, at: range.lowerBound, $0, replacing: range) })
    }

    static let binaryMutations: [String: (MutationOperator, String)] = [
        "<": (.relationalBoundary, "<="), "<=": (.relationalBoundary, "<"), ">": (.relationalBoundary, ">="),
        ">=": (.relationalBoundary, ">"),
        "==": (.negatedComparison, "!="), "!=": (.negatedComparison, "=="),
        "+": (.arithmetic, "-"), "-": (.arithmetic, "+"), "*": (.arithmetic, "/"), "/": (.arithmetic, "*"),
        "&&": (.logical, "||"), "||": (.logical, "&&"),
    ]

    func operatorSites() -> [MutationSite] {
        tokens.indices.compactMap { index in
            let token = tokens[index]
            guard token.kind == .operator, let (kind, mutated) = Self.binaryMutations[token.text], token.spaceBefore,
                token.spaceAfter,
                structure.angle[index] == nil, mutable(index), index > 0, !tokens[index - 1].is("func"),
                kind != .arithmetic || tokens[index - 1].kind != .string && tokens[index + 1].kind != .string
            else { return nil }
            let drops = kind == .logical ? clauseDrops(at: index) : []
            return MutationSite(
                range: index..<(index + 1), form: .operatorToken(mutated: mutated, drops: drops.count),
                mutants: [change(kind, at: index, mutated)] + drops)
        }
    }

    func literalSites() -> [MutationSite] {
        tokens.indices.compactMap { index in
            let token = tokens[index]
            guard token.kind == .integer, mutable(index),
                index == 0 || !tokens[index - 1].is(".") || tokens[index - 1].spaceAfter,
                let value = Self.integerValue(token.text)
            else { return nil }
            let variants = value == 0 ? [1] : value == 1 ? [2, 0] : [value + 1, value - 1, 0]
            return pick(.integerLiteral, index..<(index + 1), variants.map(String.init))
        }
    }

    /// The value of an integer literal: `1_000`, `0xFF`, `0b101`, `0o17`.
    static func integerValue(_ text: String) -> Int? {
        let digits = String(text.filter { $0 != "_" })
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits).flatMap { $0 < Int.max / 2 ? $0 : nil }
    }

    func notSites() -> [MutationSite] {
        tokens.indices.compactMap { index in
            guard tokens[index].kind == .operator, tokens[index].text == "!", tokens[index].isPrefixOperator,
                mutable(index)
            else { return nil }
            return MutationSite(
                range: index..<(index + 1), form: .operatorToken(mutated: "", drops: 0),
                mutants: [change(.logical, at: index, "")])
        }
    }

    func minMaxSites() -> [MutationSite] {
        tokens.indices.compactMap { index in
            let token = tokens[index]
            guard token.kind == .identifier, token.text == "min" || token.text == "max", mutable(index),
                index + 1 < tokens.count,
                tokens[index + 1].is("("), !tokens[index + 1].spaceBefore, let close = structure.partner[index + 1],
                index == 0 || !tokens[index - 1].is(".") && !tokens[index - 1].is("func")
            else { return nil }
            let arguments = (index + 2)..<close
            let separators = structure.topLevel(arguments).filter { tokens[$0].is(",") || tokens[$0].is(":") }
            guard separators.count == 1, tokens[separators[0]].is(","),
                isPlainCode(index..<(close + 1))
            else { return nil }
            return MutationSite(
                range: index..<(close + 1), form: .minMax(arguments: arguments, isMin: token.text == "min"),
                mutants: [change(.minMax, at: index, token.text == "min" ? "max" : "min")])
        }
    }

    func conditionSites() -> [MutationSite] {
        structure.conditions.compactMap { clause in
            guard isPlainCode(clause), clause.allSatisfy({ !tokens[$0].is("await") }) else { return nil }
            let text = clause.count == 1 ? tokens[clause.lowerBound].text : ""
            return pick(.forcedCondition, clause, ["true", "false"].filter { $0 != text })
        }
    }
}
