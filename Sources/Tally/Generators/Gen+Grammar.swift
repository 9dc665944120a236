extension Gen where Value == String {
    /// A generator of the strings of a grammar, its recursive rules nested at most `depth` levels deep:
    /// documents for a parser to read and a serializer to write back (see <doc:Generators>).
    ///
    /// Each rule is a list of alternatives; each alternative, a sequence of ``GrammarSymbol``s — literals,
    /// other rules, strings from a generator, repetitions. An expansion draws its alternative among those
    /// that can end within the levels left, numbered from the one that needs the fewest (ties: the one
    /// whose rules nest least, then the order written), so strings shrink toward the shallowest
    /// alternative, and only alternatives that end are drawn past the depth. Only a recursive rule (one
    /// that can reach itself) counts a level: the depth bounds recursion and never cuts short the rules
    /// that nest a fixed number of levels, so a grammar with no recursive rule takes no depth. Each
    /// expansion is one span labelled by its rule, which the shrinker deletes (in a repetition),
    /// simplifies, or replaces with an expansion of the same rule inside it.
    ///
    /// A rule no rule defines, a rule with no alternative that ends, a rule `start` never reaches, a
    /// recursive grammar without a `depth` (or one with no recursive rule given one), or an alternative that
    /// no string of the `depth` holds (named with the least depth that holds it) stops the program,
    /// naming the rule and the file and line of this call: a form the strings would silently never hold
    /// is an error.
    public static func grammar(
        start: String, depth: Int? = nil, rules: [String: [[GrammarSymbol]]],
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<String> {
        let grammar = CompiledGrammar(start: start, depth: depth, rules: rules, fileID: fileID, line: line)
        return Gen { source in
            var text = ""
            grammar.expand(grammar.start, levels: grammar.depth, into: &text, &source)
            return text
        }
    }
}

extension CompiledGrammar {
    /// Appends an expansion of `rule` that ends within `levels` levels (its own included) to `text`.
    func expand(_ rule: Int, levels: Int, into text: inout String, _ source: inout ChoiceSource) {
        let expanded = rules[rule]
        source.beginSpan(label: expanded.label)
        defer { source.endSpan() }
        let allowed = expanded.allowed(within: levels)
        assert(allowed > 0, "an expansion of '\(expanded.name)' was asked for past the levels it needs")
        // A rule with one alternative left draws nothing: there is no choice to record or shrink.
        let choice = allowed > 1 ? min(Int(source.draw(upTo: UInt64(allowed - 1))), allowed - 1) : 0
        for part in expanded.alternatives[choice] {
            switch part {
            case .literal(let literal):
                text += literal
            case .rule(let next):
                expand(next, levels: levels - expanded.cost, into: &text, &source)
            case .generated(let generator):
                text += generator.generate(&source)
            case .repeated(let next, let length):
                // Construction made sure a repetition that must not be empty fits.
                let fits = rules[next].depth <= levels - expanded.cost
                collect(length: fits ? length : 0...0, into: &source) { source in
                    expand(next, levels: levels - expanded.cost, into: &text, &source)
                    return true
                }
            }
        }
    }
}
