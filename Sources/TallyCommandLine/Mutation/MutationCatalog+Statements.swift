/// Statement-level mutants: removed calls and assignments, swapped compound assignments, and
/// `return` of a trivial value.
extension MutationCatalog {
    static let assignmentOperators: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]
    static let swappedAssignments = ["+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="]

    func statementSites() -> [MutationSite] {
        structure.statements.compactMap { statement in
            let range = statement.range
            guard isPlainCode(range), mutable(range.lowerBound) else { return nil }
            var first = range.lowerBound
            while first < range.upperBound,
                tokens[first].is("try") || tokens[first].is("await")
                    || tokens[first].kind == .operator && (tokens[first].text == "?" || tokens[first].text == "!")
            {
                first += 1
            }
            guard first < range.upperBound else { return nil }
            let lead = tokens[first]
            guard lead.kind == .identifier || lead.is("self") || lead.is("super") else { return nil }
            // `self.init(…)` and `super.init(…)` must run on every path of an initializer: removing one
            // never compiles, and the compiler names the initializer's end, not the call (SwiftCSV's
            // convenience initializers).
            if lead.is("self") || lead.is("super"), first + 2 < range.upperBound, tokens[first + 1].is("."),
                tokens[first + 2].is("init")
            {
                return nil
            }
            if let assignment = assignment(in: range) {
                return assignmentSite(statement, operator: assignment, target: first)
            }
            guard let end = structure.unitEnd(startingAt: first), end == range.upperBound,
                tokens[end - 1].is(")") || tokens[end - 1].is("}"), !isValueContext(statement)
            else { return nil }
            return MutationSite(
                range: range, form: .statement(swapOperator: nil, swapped: nil, removable: true),
                mutants: [change(.removedCall, at: range.lowerBound, "", replacing: range)])
        }
    }

    /// Whether the token at `index` is an assignment operator: `=`, `+=`, ….
    func isAssignment(_ index: Int) -> Bool {
        let token = tokens[index]
        return token.kind == .operator && Self.assignmentOperators.contains(token.text) && token.spaceBefore
    }

    /// The assignment operator of statement `range`, if it assigns.
    func assignment(in range: Range<Int>) -> Int? {
        structure.topLevel(range).first(where: isAssignment)
    }

    func assignmentSite(_ statement: SwiftStructure.Statement, operator index: Int, target: Int) -> MutationSite? {
        let range = statement.range
        let text = tokens[index].text
        let inInitializer = structure.enclosingFunction(of: range.lowerBound)?.kind == .initializer
        let setsProperty = tokens[target].is("self") && index == target + 3 || index == target + 1
        let setsConstant = index == target + 1 && structure.deferredConstants.contains(tokens[target].text)
        let removable = !(text == "=" && (setsConstant || inInitializer && setsProperty))
        let swapped = Self.swappedAssignments[text]
        var mutants: [MutationSite.Change] = []
        if let swapped { mutants.append(change(.arithmetic, at: index, swapped)) }
        if removable { mutants.append(change(.removedAssignment, at: range.lowerBound, "", replacing: range)) }
        guard !mutants.isEmpty else { return nil }
        return MutationSite(
            range: range,
            form: .statement(swapOperator: swapped == nil ? nil : index, swapped: swapped, removable: removable),
            mutants: mutants)
    }

    /// Whether the statement may be the value of its block: the only statement of a closure, of a
    /// function that returns a value, or of a branch of such a statement.
    func isValueContext(_ statement: SwiftStructure.Statement) -> Bool {
        guard statement.isSole, let kind = structure.blocks[statement.block] else { return false }
        switch kind {
        case .closure: return true
        case .function(let returnType): return returnType != nil
        case .initializer, .declarations: return false
        case .control, .switchBody:
            guard
                let parent = structure.statements.first(where: {
                    $0.range.contains(statement.block) && $0.block != statement.block
                })
            else { return false }
            return isValueContext(parent)
        }
    }

    func returnSites() -> [MutationSite] {
        structure.statements.compactMap { statement in
            let range = statement.range
            guard tokens[range.lowerBound].is("return"), range.count > 1, isPlainCode(range),
                let function = structure.enclosingFunction(of: range.lowerBound),
                case .function(let returnType?) = function.kind
            else { return nil }
            let value = (range.lowerBound + 1)..<range.upperBound
            let type = returnType.map { tokens[$0].text }.joined()
            let returned = value.map { tokens[$0].text }.joined()
            let variants = Self.trivialValues(of: type).filter { $0 != returned }
            return variants.isEmpty ? nil : pick(.trivialReturn, value, variants)
        }
    }

    /// The trivial values of a return type written as `type` (tokens joined), where one exists.
    static func trivialValues(of type: String) -> [String] {
        if type == "Bool" { return ["true", "false"] }
        if SchemaSupport.numericTypes.contains(type) { return ["0"] }
        if type.hasSuffix("?") { return ["nil"] }
        if type == "String" { return ["\"\""] }
        if type.hasPrefix("["), type.hasSuffix("]") {
            var depth = 0
            for character in type.dropFirst().dropLast() {
                if "[(<".contains(character) { depth += 1 } else if "])>".contains(character) { depth -= 1 }
                if character == ":", depth == 0 { return ["[:]"] }
            }
            return ["[]"]
        }
        return []
    }
}
