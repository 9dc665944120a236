/// A grammar given to ``Gen/grammar(start:depth:rules:fileID:line:)``, checked and ready to draw from:
/// its rules by index (in the order of their names, so no run depends on a dictionary's order), each
/// rule's alternatives ordered by the depth they need to end.
struct CompiledGrammar: Sendable {
    /// A ``GrammarSymbol`` with its rule named by index.
    enum Part: Sendable {
        case literal(String)
        case rule(Int)
        case generated(Gen<String>)
        case repeated(Int, ClosedRange<Int>)
    }

    struct Rule: Sendable {
        var name: String
        /// The alternatives, those that need the fewest levels first, then those whose rules nest least,
        /// ties in the order written: so choice 0 is the simplest and the alternatives a depth allows are
        /// a prefix.
        var alternatives: [[Part]]
        /// The levels of recursive rules, this one included, each alternative needs at least to end.
        var needs: [Int]
        /// The levels an expansion of this rule takes: 1 for a recursive rule (one that can reach itself),
        /// 0 for any other, so that the depth bounds only recursion and never cuts a form short.
        var cost: Int
        /// The label of this rule's expansions: the shrinker puts one in the place of another of the same rule.
        var label: UInt64

        /// The fewest levels any expansion of this rule needs.
        var depth: Int { needs[0] }

        /// How many alternatives (the first ones) end within `levels` levels.
        func allowed(within levels: Int) -> Int {
            needs.firstIndex { $0 > levels } ?? needs.count
        }
    }

    let rules: [Rule]
    let start: Int
    let depth: Int

    /// Checks the grammar, stopping the program with a message naming the rule at fault and the call site:
    /// an undefined rule, a rule with no alternatives or none that ends, a rule the start never reaches, a
    /// recursive grammar without a depth (or a depth for one that is not recursive), or an alternative that
    /// no string of the depth holds (with the least depth that does).
    init(start: String, depth: Int?, rules named: [String: [[GrammarSymbol]]], fileID: StaticString, line: UInt) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) {
            precondition(condition, "Gen.grammar: " + message(), file: fileID, line: line)
        }
        let names = named.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        require(index[start] != nil, "the start rule '\(start)' is not one of: \(names.joined(separator: ", "))")
        for name in names {
            require(!named[name]!.isEmpty, "rule '\(name)' has no alternatives")
            for symbol in named[name]!.joined() {
                if let reference = symbol.ruleName {
                    require(index[reference] != nil, "rule '\(name)' refers to '\(reference)', which no rule defines")
                }
                if case .repeated(let repeated, let length) = symbol {
                    require(length.lowerBound >= 0, "rule '\(name)' repeats '\(repeated)' a negative number of times")
                }
            }
        }
        let alternatives = names.map { name in
            named[name]!.map { symbols in
                symbols.map { symbol -> Part in
                    switch symbol {
                    case .literal(let text): .literal(text)
                    case .rule(let rule): .rule(index[rule]!)
                    case .generated(let generator): .generated(Gen(erasing: generator))
                    case .repeated(let rule, let length): .repeated(index[rule]!, length)
                    }
                }
            }
        }
        let costs = Self.recursive(alternatives).map { $0 ? 1 : 0 }
        let needs = Self.needs(of: alternatives, costs: costs)
        let endless = names.indices.filter { needs[$0].min()! == Int.max }.map { "'\(names[$0])'" }
        require(
            endless.isEmpty,
            "rule \(endless.joined(separator: ", ")) never ends: each of its alternatives "
                + "refers to a rule that never ends (itself, say); give it one that does, such as a literal")
        let unreached = Set(names.indices).subtracting(Self.reachable(from: [index[start]!], alternatives)).sorted()
        let unreachedNames = unreached.map { "'\(names[$0])'" }.joined(separator: ", ")
        require(unreached.isEmpty, "rule \(unreachedNames) is never used: no expansion of '\(start)' reaches it")
        let recursive = names.indices.filter { costs[$0] == 1 }.map { "'\(names[$0])'" }.joined(separator: ", ")
        guard let depth else {
            require(
                recursive.isEmpty,
                "the grammar is recursive (\(recursive) can each reach itself): give a "
                    + "depth, the most expansions of those rules a string nests one in another")
            self.init(names: names, start: index[start]!, depth: 0, alternatives, needs: needs, costs: costs)
            return
        }
        require(
            !recursive.isEmpty,
            "a depth of \(depth) bounds nothing: no rule can reach itself, so every "
                + "expansion is made whole; leave the depth out")
        let least = needs[index[start]!].min()!
        require(depth >= least, "'\(start)' needs a depth of at least \(least) to make any string; depth is \(depth)")
        require(depth <= Gen<String>.recursionLimit, "a depth of \(depth) is above \(Gen<String>.recursionLimit)")
        let lost = Self.lost(from: index[start]!, depth: depth, alternatives, needs: needs, costs: costs)
        require(lost.isEmpty, Self.describe(lost, depth: depth, names: names, named))
        self.init(names: names, start: index[start]!, depth: depth, alternatives, needs: needs, costs: costs)
    }

    /// The grammar, checked, with each rule's alternatives put in order.
    private init(names: [String], start: Int, depth: Int, _ alternatives: [[[Part]]], needs: [[Int]], costs: [Int]) {
        let nesting = Self.needs(of: alternatives, costs: costs.map { _ in 1 })
        self.rules = names.indices.map { rule in
            let order = needs[rule].indices.sorted {
                (needs[rule][$0], nesting[rule][$0], $0) < (needs[rule][$1], nesting[rule][$1], $1)
            }
            return Rule(
                name: names[rule], alternatives: order.map { alternatives[rule][$0] },
                needs: order.map { needs[rule][$0] }, cost: costs[rule], label: SpanLabel.grammarRule(rule))
        }
        self.start = start
        self.depth = depth
    }

    /// What a depth leaves out: the alternative where it cuts first (of those the least depth holds, one whose
    /// rule is expanded), written as in Swift, the depth that holds it, and the depth that holds them all.
    private static func describe(
        _ lost: [Lost], depth: Int, names: [String], _ named: [String: [[GrammarSymbol]]]
    ) -> String {
        func key(_ lost: Lost) -> (Int, Int, Int, Int) {
            (lost.leastDepth ?? .max, lost.ruleExpanded ? 0 : 1, lost.rule, lost.number)
        }
        func holds(_ depth: Int?) -> String {
            "a depth of " + (depth.map(String.init) ?? "more than \(Gen<String>.recursionLimit)")
        }
        let first = lost.min { key($0) < key($1) }!
        let written = named[names[first.rule]]![first.number].map(\.source).joined(separator: ", ")
        let all = lost.contains { $0.leastDepth == nil } ? nil : lost.map { $0.leastDepth! }.max()
        return "at a depth of \(depth) no string holds alternative \(first.number + 1) of '\(names[first.rule])', "
            + "[\(written)]: it needs \(holds(first.leastDepth))"
            + (lost.count == 1
                ? ""
                : ", and \(holds(all)) holds all \(lost.count) alternatives a depth of \(depth) "
                    + "leaves out")
    }
}
