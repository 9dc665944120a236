/// How deep a grammar's rules nest: which rules are recursive (only they count toward the depth), the
/// levels each alternative needs to end, and the most levels each rule is expanded with at a depth.
extension CompiledGrammar {
    /// Whether each rule can reach itself through its alternatives: the rules a depth bounds.
    static func recursive(_ alternatives: [[[Part]]]) -> [Bool] {
        alternatives.indices.map { rule in
            reachable(from: referenced(by: rule, alternatives), alternatives).contains(rule)
        }
    }

    /// The rules an expansion of one of `starts` can reach, `starts` among them.
    static func reachable(from starts: Set<Int>, _ alternatives: [[[Part]]]) -> Set<Int> {
        var reached = starts
        var pending = Array(starts)
        while let rule = pending.popLast() {
            for next in referenced(by: rule, alternatives) where reached.insert(next).inserted {
                pending.append(next)
            }
        }
        return reached
    }

    /// The rules `rule`'s alternatives expand or repeat.
    private static func referenced(by rule: Int, _ alternatives: [[[Part]]]) -> Set<Int> {
        Set(
            alternatives[rule].joined().compactMap { part -> Int? in
                switch part {
                case .rule(let next), .repeated(let next, _): next
                case .literal, .generated: nil
                }
            })
    }

    /// The levels each alternative of each rule needs to end (`Int.max` for never), where an expansion of
    /// rule `r` costs `costs[r]` levels, found as a fixed point: a rule's need is the least of its
    /// alternatives', an alternative's its rule's cost more than the greatest need of the rules it must
    /// expand (a repetition that may be empty need not).
    static func needs(of alternatives: [[[Part]]], costs: [Int]) -> [[Int]] {
        var least = [Int](repeating: Int.max, count: alternatives.count)
        func need(_ parts: [Part], of rule: Int) -> Int {
            let deepest =
                parts.map { part -> Int in
                    switch part {
                    case .literal, .generated: 0
                    case .rule(let next): least[next]
                    case .repeated(let next, let length): length.lowerBound == 0 ? 0 : least[next]
                    }
                }.max() ?? 0
            return deepest == Int.max ? Int.max : deepest + costs[rule]
        }
        var changed = true
        while changed {
            changed = false
            for rule in alternatives.indices {
                let fewest = alternatives[rule].map { need($0, of: rule) }.min()!
                if fewest < least[rule] { (least[rule], changed) = (fewest, true) }
            }
        }
        return alternatives.indices.map { rule in alternatives[rule].map { need($0, of: rule) } }
    }

    /// The most levels each rule is expanded with in a string of `depth` levels from `start` (`-1` for a
    /// rule no such string expands): only the alternatives that end within a rule's levels are drawn, and
    /// a repetition expands its rule only where it fits.
    static func mostLevels(
        from start: Int, depth: Int, _ alternatives: [[[Part]]], needs: [[Int]], costs: [Int]
    ) -> [Int] {
        var most = [Int](repeating: -1, count: alternatives.count)
        most[start] = depth
        var pending = [start]
        while let rule = pending.popLast() {
            let inner = most[rule] - costs[rule]
            for (parts, need) in zip(alternatives[rule], needs[rule]) where need <= most[rule] {
                for part in parts {
                    let expanded: Int? =
                        switch part {
                        case .rule(let next): next
                        case .repeated(let next, _) where needs[next].min()! <= inner: next
                        case .repeated, .literal, .generated: nil
                        }
                    if let next = expanded, inner > most[next] {
                        most[next] = inner
                        pending.append(next)
                    }
                }
            }
        }
        return most
    }

    /// An alternative that no string of a depth holds: its rule, its index as written, whether a string of
    /// the depth expands its rule at all, and the least depth that holds it (`nil` for none up to the
    /// recursion limit).
    struct Lost {
        var rule: Int
        var number: Int
        var ruleExpanded: Bool
        var leastDepth: Int?
    }

    /// The alternatives that no string of `depth` levels holds.
    static func lost(
        from start: Int, depth: Int, _ alternatives: [[[Part]]], needs: [[Int]], costs: [Int]
    ) -> [Lost] {
        let most = mostLevels(from: start, depth: depth, alternatives, needs: needs, costs: costs)
        var lost = alternatives.indices.flatMap { rule in
            needs[rule].indices.filter { needs[rule][$0] > most[rule] }.map {
                Lost(rule: rule, number: $0, ruleExpanded: most[rule] >= 0)
            }
        }
        var deeper = depth
        while lost.contains(where: { $0.leastDepth == nil }), deeper < Gen<String>.recursionLimit {
            deeper += 1
            let most = mostLevels(from: start, depth: deeper, alternatives, needs: needs, costs: costs)
            for index in lost.indices where lost[index].leastDepth == nil {
                if needs[lost[index].rule][lost[index].number] <= most[lost[index].rule] {
                    lost[index].leastDepth = deeper
                }
            }
        }
        return lost
    }
}
