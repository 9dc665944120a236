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
        /// The alternatives, those that need the fewest levels first, ties in the order written: so
        /// choice 0 is the simplest and the alternatives a depth allows are a prefix.
        var alternatives: [[Part]]
        /// The levels of rules, this one included, each alternative needs at least to end.
        var needs: [Int]
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
    /// an undefined rule, a rule with no alternatives or none that ends, a rule the start never reaches,
    /// or a depth too small to make any string.
    init(start: String, depth: Int, rules named: [String: [[GrammarSymbol]]], fileID: StaticString, line: UInt) {
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
        let needs = Self.needs(of: alternatives)
        let endless = names.indices.filter { needs[$0].min()! == Int.max }.map { "'\(names[$0])'" }
        require(endless.isEmpty, "rule \(endless.joined(separator: ", ")) never ends: each of its alternatives "
            + "refers to a rule that never ends (itself, say); give it one that does, such as a literal")
        let unreached = Set(names.indices).subtracting(Self.reached(from: index[start]!, alternatives)).sorted()
        let unreachedNames = unreached.map { "'\(names[$0])'" }.joined(separator: ", ")
        require(unreached.isEmpty, "rule \(unreachedNames) is never used: no expansion of '\(start)' reaches it")
        let least = needs[index[start]!].min()!
        require(depth >= least, "'\(start)' needs a depth of at least \(least) to make any string; depth is \(depth)")
        require(depth <= Gen<String>.recursionLimit, "a depth of \(depth) is above \(Gen<String>.recursionLimit)")
        self.rules = names.indices.map { rule in
            let order = needs[rule].indices.sorted { (needs[rule][$0], $0) < (needs[rule][$1], $1) }
            return Rule(
                name: names[rule], alternatives: order.map { alternatives[rule][$0] },
                needs: order.map { needs[rule][$0] }, label: SpanLabel.grammarRule(rule))
        }
        self.start = index[start]!
        self.depth = depth
    }

    /// The levels each alternative of each rule needs to end (`Int.max` for never), found as a fixed
    /// point: a rule's depth is the least of its alternatives', an alternative's one more than the
    /// greatest depth of the rules it must expand (a repetition that may be empty need not).
    private static func needs(of alternatives: [[[Part]]]) -> [[Int]] {
        var depths = [Int](repeating: Int.max, count: alternatives.count)
        func need(_ parts: [Part]) -> Int {
            let deepest = parts.map { part -> Int in
                switch part {
                case .literal, .generated: 0
                case .rule(let rule): depths[rule]
                case .repeated(let rule, let length): length.lowerBound == 0 ? 0 : depths[rule]
                }
            }.max() ?? 0
            return deepest == Int.max ? Int.max : deepest + 1
        }
        var changed = true
        while changed {
            changed = false
            for rule in alternatives.indices {
                let least = alternatives[rule].map(need).min()!
                if least < depths[rule] { depths[rule] = least; changed = true }
            }
        }
        return alternatives.map { $0.map(need) }
    }

    /// The rules an expansion of `start` can reach, `start` among them.
    private static func reached(from start: Int, _ alternatives: [[[Part]]]) -> Set<Int> {
        var reached: Set = [start]
        var pending = [start]
        while let rule = pending.popLast() {
            for part in alternatives[rule].joined() {
                switch part {
                case .rule(let next), .repeated(let next, _):
                    if reached.insert(next).inserted { pending.append(next) }
                case .literal, .generated:
                    continue
                }
            }
        }
        return reached
    }
}
