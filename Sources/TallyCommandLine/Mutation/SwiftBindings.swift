/// The names bound in the code of one file — parameters, local constants and variables, and the names
/// that patterns, loops, closures and `catch` bind — each with the type written or evident for it
/// (``SwiftBindings/type(of:)``) and the tokens where it is visible. A name whose type is not known
/// still shadows the names it hides, so a use is never taken for a binding it does not mean.
struct SwiftBindings {
    struct Binding: Equatable {
        var name: String
        /// The token that names it.
        var declaration: Int
        /// Its type, canonically spelled; `nil` when not written and not evident.
        var type: String?
        /// Where the name means this binding, unless a later binding shadows it.
        var visible: Range<Int>
        /// A `let` or a parameter that is not `inout`: nothing writes through a use of it.
        var isConstant: Bool
        /// Declared without a value (`let x: Int`, set on each branch later): not readable everywhere it is visible.
        var isDeferred: Bool = false
        /// The `{` of the block it belongs to: a function's body for a parameter.
        var scope: Int = -1
        /// The tokens of the value it was declared with, if any.
        var value: Range<Int>? = nil
    }

    let structure: SwiftStructure
    let declarations: SwiftDeclarations
    private(set) var byName: [String: [Binding]] = [:]
    /// Tokens that name what they bind, and function headers: never uses of a binding.
    private(set) var declaring: Set<Int> = []
    /// The bodies of functions, initializers and subscripts, by their `{`: whether `self`'s stored
    /// properties are readable there (an instance method of a type, neither `static` nor `nonisolated`).
    private(set) var readsSelf: [Int: Bool] = [:]
    var tokens: [SwiftToken] { structure.tokens }
    var blockOf: [Int] { structure.blockOf }

    init(structure: SwiftStructure, declarations: SwiftDeclarations) {
        self.structure = structure
        self.declarations = declarations
        let locals = structure.statements.filter { structure.blocks[$0.block] != .declarations }.compactMap(
            localDeclaration)
        addParameters()
        addPatternBindings(skipping: Set(locals.map(\.lowerBound)))
        for statement in locals { addLocal(statement) }
    }

    /// The binding `name` means at token `index`: the innermost one visible there.
    func binding(of name: String, at index: Int) -> Binding? {
        byName[name]?.filter { $0.visible.contains(index) }.max { $0.visible.lowerBound < $1.visible.lowerBound }
    }

    /// Every binding visible at `index`, one per name (the one the name means there).
    func visible(at index: Int) -> [Binding] {
        byName.keys.sorted().compactMap { binding(of: $0, at: index) }
    }

    private mutating func add(_ binding: Binding) {
        byName[binding.name, default: []].append(binding)
        declaring.insert(binding.declaration)
    }

    /// A name of unknown type bound at token `name`: it only shadows what it hides.
    private mutating func addUntyped(_ name: Int, visible: Range<Int>) {
        add(Binding(name: tokens[name].text, declaration: name, type: nil, visible: visible, isConstant: false))
    }

    /// Where a name bound at `index` stops being visible: the end of its block, or of its `case`.
    private func scopeEnd(of index: Int) -> Int {
        let open = blockOf[index]
        guard open >= 0, let close = structure.partner[open] else { return tokens.count }
        guard structure.blocks[open] == .switchBody else { return close }
        return ((index + 1)..<close).first {
            (tokens[$0].is("case") || tokens[$0].is("default")) && blockOf[$0] == open
        } ?? close
    }

    /// The parameters of every function, initializer and subscript with a body.
    private mutating func addParameters() {
        for index in tokens.indices
        where tokens[index].is("func") || tokens[index].is("init") || tokens[index].is("subscript") {
            guard index == 0 || !tokens[index - 1].is(".") else { continue }
            let end = structure.statementEnd(from: index, limit: tokens.count, stopAtBrace: true)
            guard end < tokens.count, tokens[end].is("{"), let close = structure.partner[end],
                let kind = structure.blocks[end],
                kind != .closure, kind != .control, kind != .switchBody,
                let open = (index..<end).first(where: { tokens[$0].is("(") }),
                let parametersEnd = structure.partner[open]
            else { continue }
            declaring.formUnion(index..<end)
            let modifiers = SwiftDeclarations.modifiers(before: index, in: tokens)
            let isInstance =
                !modifiers.contains { ["static", "class", "nonisolated"].contains($0) } && tokens[index].is("func")
            readsSelf[end] = isInstance && structure.enclosingType(of: index) != nil
            for parameter in structure.items((open + 1)..<parametersEnd) {
                guard let colon = structure.firstTopLevel(":", in: parameter),
                    colon > parameter.lowerBound, tokens[colon - 1].kind == .identifier, tokens[colon - 1].text != "_"
                else { continue }
                let isInout = colon + 1 < parameter.upperBound && tokens[colon + 1].is("inout")
                let typeStart = isInout ? colon + 2 : colon + 1
                let typeEnd = structure.firstTopLevel("=", in: typeStart..<parameter.upperBound) ?? parameter.upperBound
                let type = SwiftDeclarations.spelling(typeStart..<typeEnd, in: tokens)
                add(
                    Binding(
                        name: tokens[colon - 1].text, declaration: colon - 1, type: type, visible: (end + 1)..<close,
                        isConstant: !isInout, scope: end))
            }
        }
    }

    /// Names bound by patterns (`if let`, `case .a(let x)`), `for` loops, closure parameters and
    /// `catch` (`error`): their types are not read, but they shadow what they hide.
    private mutating func addPatternBindings(skipping locals: Set<Int>) {
        for index in tokens.indices where blockOf[index] >= 0 && structure.blocks[blockOf[index]] != .declarations {
            let token = tokens[index]
            if (token.is("let") || token.is("var")) && !locals.contains(index) || token.is("for") {
                let end = scopeEnd(of: index)
                for name in patternNames(after: index) { addUntyped(name, visible: name..<end) }
            } else if token.is("catch") {
                let body = structure.statementEnd(from: index, limit: tokens.count, stopAtBrace: true)
                if body < tokens.count, tokens[body].is("{"), let close = structure.partner[body] {
                    add(Binding(name: "error", declaration: index, type: nil, visible: body..<close, isConstant: false))
                }
            }
        }
        for (open, kind) in structure.blocks where kind == .closure {
            guard let close = structure.partner[open] else { continue }
            let signatureEnd = structure.closureSignatureEnd((open + 1)..<close)
            for name in (open + 1)..<signatureEnd where tokens[name].kind == .identifier && !tokens[name - 1].is(".") {
                addUntyped(name, visible: name..<close)
            }
        }
    }

    /// The names a pattern after `let`, `var` or `for` binds: every name up to its end (`=`, `:`, `in`,
    /// `{`, a `,` or a closing bracket at its own depth), except enum case names after a `.`.
    private func patternNames(after index: Int) -> [Int] {
        var names: [Int] = []
        var depth = 0
        var position = index + 1
        while position < tokens.count {
            let token = tokens[position]
            if token.is("(") || token.is("[") {
                depth += 1
            } else if token.is(")") || token.is("]") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0,
                token.is(",") || token.is("=") || token.is(":") || token.is("{") || token.is("in") || token.is(";")
            {
                break
            } else if token.kind == .identifier, !tokens[position - 1].is(".") {
                names.append(position)
            }
            position += 1
        }
        return names
    }

    /// The `let`/`var` keyword's range when `statement` declares local names (not a computed local).
    private func localDeclaration(_ statement: SwiftStructure.Statement) -> Range<Int>? {
        var lead = statement.range.lowerBound
        while lead < statement.range.upperBound, SwiftStructure.modifiers.contains(tokens[lead].text) { lead += 1 }
        guard lead < statement.range.upperBound, tokens[lead].is("let") || tokens[lead].is("var") else { return nil }
        return lead..<statement.range.upperBound
    }

    /// A local `let` or `var`: typed when its type is written or evident, untyped otherwise.
    private mutating func addLocal(_ range: Range<Int>) {
        let keyword = range.lowerBound
        let end = scopeEnd(of: keyword)
        let visible = range.upperBound..<max(end, range.upperBound)
        let isConstant = tokens[keyword].is("let")
        let scope = blockOf[keyword]
        let assignment = structure.firstTopLevel("=", in: range)
        let names = patternNames(after: keyword)
        let untyped = { (self: inout SwiftBindings) in
            for name in names { self.addUntyped(name, visible: visible) }
        }
        // `let a = 1, b = 2` and computed locals are left untyped.
        let hasBody = range.contains {
            tokens[$0].is("{") && blockOf[$0] == blockOf[keyword] && structure.blocks[$0] != .closure
        }
        guard !names.isEmpty, structure.firstTopLevel(",", in: range) == nil, !hasBody else { return untyped(&self) }
        let value = assignment.map { ($0 + 1)..<range.upperBound }
        if names.count == 1, keyword + 2 < range.upperBound, tokens[keyword + 2].is(":") {
            let type = SwiftDeclarations.spelling((keyword + 3)..<(assignment ?? range.upperBound), in: tokens)
            add(
                Binding(
                    name: tokens[names[0]].text, declaration: names[0], type: type, visible: visible,
                    isConstant: isConstant,
                    isDeferred: assignment == nil, scope: scope))
        } else if names.count == 1, names[0] == keyword + 1, let value {
            add(
                Binding(
                    name: tokens[names[0]].text, declaration: names[0], type: type(of: value), visible: visible,
                    isConstant: isConstant,
                    scope: scope, value: value))
        } else if tokens[keyword + 1].is("("), let value, let elements = type(of: value).flatMap(Self.tupleElements),
            elements.count == names.count
        {
            for (name, type) in zip(names, elements) {
                add(
                    Binding(
                        name: tokens[name].text, declaration: name, type: type, visible: visible,
                        isConstant: isConstant, scope: scope, value: value))
            }
        } else {
            untyped(&self)
        }
    }

    /// The element types of a tuple type spelled `(a:Int,b:Money)` or `(Int,Money)`; `nil` for any other type.
    static func tupleElements(_ spelling: String) -> [String]? {
        guard spelling.hasPrefix("("), spelling.hasSuffix(")") else { return nil }
        var elements: [String] = []
        var current = ""
        var depth = 0
        for character in spelling.dropFirst().dropLast() {
            if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                elements.append(current); current = ""
            } else {
                current.append(character)
            }
        }
        elements.append(current)
        return elements.map { element in
            guard let colon = element.firstIndex(of: ":"), !element[..<colon].contains(where: { "([<".contains($0) })
            else { return element }
            return String(element[element.index(after: colon)...])
        }
    }
}
