/// Mixed-up variables: a name read where another of the same type, in scope there, was meant.
/// Tally reads no types, so it mutates only a use of a parameter or local whose type is written or
/// evident (``SwiftBindings``), replaced by another of the same spelled type visible there, by the
/// same-named stored property of another such value (`line.network` for `network`), or by `self`'s.
/// A use that is written (assigned, passed `inout`, a `var` whose member is used) is never replaced;
/// nor is anything read inside a closure that might not capture it (a `var`, `self`).
extension MutationCatalog {
    /// The most names offered in place of one use; the same-named properties first, then the nearest declared.
    static let maximumAlternatives = 3

    func variableSites() -> [MutationSite] {
        let bindings = SwiftBindings(structure: structure, declarations: declarations)
        return tokens.indices.compactMap { index in
            alternatives(at: index, bindings).map { pick(.mixedUpVariable, index..<(index + 1), $0) }
        }
    }

    /// What may be read in place of the name at `index`, nearest first; `nil` when it is not a read of
    /// a binding of known type or nothing else of its type is in scope.
    func alternatives(at index: Int, _ bindings: SwiftBindings) -> [String]? {
        let token = tokens[index]
        guard token.kind == .identifier, mutable(index), !bindings.declaring.contains(index), index > 0,
            !tokens[index - 1].is("."), !tokens[index - 1].is("&"), !tokens[index - 1].is("\\"),
            let binding = bindings.binding(of: token.text, at: index), let type = binding.type
        else { return nil }
        if index + 1 < tokens.count {
            let next = tokens[index + 1]
            let written = isAssignment(index + 1)
            let label = next.is(":") && !next.spaceBefore
            let called = next.is("(") && !next.spaceBefore
            // A `var` may be written through a member, a subscript or an optional chain.
            let reached =
                next.is(".") || next.is("[")
                || next.kind == .operator && (next.text == "?" || next.text == "!") && !next.spaceBefore
            guard !written, !label, !called, binding.isConstant || !reached else { return nil }
        }
        let readable = { (other: SwiftBindings.Binding) in
            !other.isDeferred && (other.isConstant || !structure.isInClosure(index, below: other.scope))
        }
        var sameName: [String] = []
        let context = structure.enclosingType(of: index)
        // `self.name`: only in an instance method's own body, where `self`'s stored properties are readable.
        let function = structure.enclosingFunction(of: index)?.open
        if let function, bindings.readsSelf[function] == true, let owner = context,
            let property = declarations.member(binding.name, of: owner), property.isStored, !property.isStatic,
            property.type == type
        {
            sameName.append("self." + binding.name)
        }
        var others: [SwiftBindings.Binding] = []
        for other in bindings.visible(at: index) where other.name != binding.name && readable(other) {
            if other.type == type { others.append(other) }
            // A value built from this name (`ExplanationOfBenefitsLine(line: line, …)`) most likely holds it:
            // `explanation.line` is `line`.
            let builtFrom =
                other.value?.contains { tokens[$0].kind == .identifier && tokens[$0].text == binding.name } ?? false
            if !builtFrom, let owner = other.type, let property = declarations.member(binding.name, of: owner),
                property.isStored, !property.isStatic,
                property.type == type, !declarations.mentionsNestedType(property.type, of: owner) || owner == context
            {
                sameName.append(other.name + "." + binding.name)
            }
        }
        let nearest = others.sorted { $0.declaration > $1.declaration }.map(\.name)
        let alternatives = Array((sameName.sorted() + nearest).prefix(Self.maximumAlternatives))
        return alternatives.isEmpty ? nil : alternatives
    }
}
