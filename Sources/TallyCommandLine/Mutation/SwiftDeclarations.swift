/// A target's declarations, read from the tokens of all its files: its types, their properties,
/// enum cases and methods with the types written for them, and free functions. It lets the mixed-up
/// variable operator tell the type of `plan.network(for: line)` without a type checker. Only what is
/// written counts: what is declared twice differently is left out, so a lookup answers nothing rather than a guess.
struct SwiftDeclarations {
    /// A property, an enum case, or a method's result.
    struct Member: Equatable {
        /// The type as written, canonically spelled (``SwiftDeclarations/spelling(_:in:)``).
        var type: String
        /// A `let` or `var` without accessors: reading it runs no code.
        var isStored: Bool
        var isStatic: Bool
    }

    /// Type name → member key (`name` for a property or case, `name(` for a method, `operator+` for an
    /// operator) → member; `nil` when declarations disagree. Free functions are under the type name "".
    private(set) var members: [String: [String: Member?]] = [:]
    /// The types declared (structs, enums, classes, actors), by name; `false` when declared twice.
    private(set) var types: [String: Bool] = [:]
    /// Types with a failable initializer: `T(…)` may be `T?`.
    private(set) var failable: Set<String> = []
    /// The types nested in each type: `Request` in `Account`.
    private(set) var nested: [String: Set<String>] = [:]

    /// The declarations of `structures`, the files of one target.
    init(_ structures: [SwiftStructure] = []) {
        for structure in structures { add(structure) }
    }

    /// The type `name` names here, when it was declared once.
    func isType(_ name: String) -> Bool { types[name] == true }

    /// The member `key` of type `type`, when declared once with a written type.
    func member(_ key: String, of type: String) -> Member? {
        guard types[type] != false else { return nil }
        return members[type]?[key] ?? nil
    }

    /// The types that declare operators among `+ - * /`, with those operators.
    var operatorTypes: [String: Set<String>] {
        members.filter { !$0.key.isEmpty }.mapValues { members in
            Set(["+", "-", "*", "/"].filter { members.keys.contains("operator" + $0) })
        }
    }

    /// Whether `spelling`, a type written in a member of `owner`, names a type nested in `owner`: read
    /// from another type, it would name something else there.
    func mentionsNestedType(_ spelling: String, of owner: String) -> Bool {
        guard let inner = nested[owner] else { return false }
        return spelling.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains {
            inner.contains(String($0))
        }
    }

    mutating func add(_ structure: SwiftStructure) {
        let tokens = structure.tokens
        for open in structure.typeBodies {
            guard let name = structure.typeNames[open] else { continue }
            types[name] = types[name] == nil
            if let outer = structure.enclosingType(of: open) { nested[outer, default: []].insert(name) }
        }
        for index in tokens.indices {
            let block = structure.blockOf[index]
            let owner = block < 0 ? "" : structure.typeNames[block]
            guard let owner, block < 0 || structure.blocks[block] == .declarations else { continue }
            let token = tokens[index]
            if token.is("init"), index + 1 < tokens.count, tokens[index + 1].kind == .operator,
                tokens[index + 1].text.hasPrefix("?")
            {
                failable.insert(owner)
            } else if token.is("func"), index + 1 < tokens.count,
                tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .operator
            {
                addFunction(at: index, owner: owner, structure)
            } else if token.is("let") || token.is("var"), !owner.isEmpty, index + 1 < tokens.count,
                tokens[index + 1].kind == .identifier
            {
                addProperty(at: index, owner: owner, structure)
            } else if token.is("case"), !owner.isEmpty {
                // `case a, b`: cases without associated values are values of the enum.
                var position = index + 1
                while position < tokens.count, tokens[position].kind == .identifier {
                    let next = position + 1 < tokens.count ? tokens[position + 1] : nil
                    if next?.is("(") != true {
                        record(tokens[position].text, of: owner, Member(type: owner, isStored: true, isStatic: true))
                    }
                    guard let next, next.is(","), position + 2 < tokens.count else { break }
                    position += 2
                }
            }
        }
    }

    private mutating func record(_ key: String, of owner: String, _ member: Member) {
        if let existing = members[owner]?[key] {
            if existing != member { members[owner]?[key] = .some(nil) }
        } else {
            members[owner, default: [:]][key] = member
        }
    }

    private mutating func addFunction(at index: Int, owner: String, _ structure: SwiftStructure) {
        let tokens = structure.tokens
        let end = structure.statementEnd(from: index, limit: tokens.count, stopAtBrace: true)
        var type = structure.resultType(in: index..<end).flatMap { Self.spelling($0, in: tokens) } ?? "()"
        if type == "Self" { type = owner }
        let isStatic = Self.modifiers(before: index, in: tokens).contains { $0 == "static" || $0 == "class" }
        let name = tokens[index + 1]
        // An operator is recorded by its symbol: `operator+`, for the type of `a + b`.
        let key = name.kind == .operator ? "operator" + name.text : name.text + "("
        record(key, of: owner, Member(type: type, isStored: false, isStatic: isStatic))
    }

    private mutating func addProperty(at index: Int, owner: String, _ structure: SwiftStructure) {
        let tokens = structure.tokens
        let modifiers = Self.modifiers(before: index, in: tokens)
        let end = structure.statementEnd(from: index, limit: tokens.count, stopAtBrace: true)
        let hasBody = end < tokens.count && tokens[end].is("{")
        var type: String?
        if index + 2 < end, tokens[index + 2].is(":") {
            type = Self.spelling((index + 3)..<(structure.firstTopLevel("=", in: (index + 3)..<end) ?? end), in: tokens)
        } else if index + 4 == end, tokens[index + 2].is("=") {
            type = Self.literalType(tokens[index + 3])
        }
        guard let type else { return }
        let isStatic = modifiers.contains { $0 == "static" || $0 == "class" }
        let isStored = !hasBody && !modifiers.contains("lazy")
        record(tokens[index + 1].text, of: owner, Member(type: type, isStored: isStored, isStatic: isStatic))
    }

    /// The type of a literal token: `Int`, `Double`, `String`, `Bool`.
    static func literalType(_ token: SwiftToken) -> String? {
        switch token.kind {
        case .integer: "Int"
        case .float: "Double"
        case .string: "String"
        case .keyword where token.text == "true" || token.text == "false": "Bool"
        default: nil
        }
    }

    /// A type written in `range`, spelled canonically (`[String: Int]` → `[String:Int]`); `nil` for
    /// what two places might spell alike yet mean apart or that a helper cannot take: function types,
    /// opaque types, variadics, attributes, `inout`.
    static func spelling(_ range: Range<Int>, in tokens: [SwiftToken]) -> String? {
        guard !range.isEmpty else { return nil }
        var text = ""
        for index in range {
            let token = tokens[index]
            if token.is("->") || token.is("@") || token.is("inout") || token.text == "some" || token.text == "..."
                || token.kind == .string
                || token.is("=") || token.is("{") || token.is(";")
            {
                return nil
            }
            if index > range.lowerBound, token.kind == .identifier || token.kind == .keyword,
                tokens[index - 1].kind == .identifier || tokens[index - 1].kind == .keyword
            {
                text += " "
            }
            text += token.text
        }
        return text
    }

    /// The modifiers written before the declaration keyword at `index`: `static`, `private`, `lazy`.
    static func modifiers(before index: Int, in tokens: [SwiftToken]) -> [String] {
        var found: [String] = []
        var position = index - 1
        while position >= 0, SwiftStructure.modifiers.contains(tokens[position].text) || tokens[position].is(")") {
            if tokens[position].is(")") {
                // `private(set)`: skip the parenthesized part.
                guard position >= 3, tokens[position - 2].is("(") else { break }
                position -= 3
                continue
            }
            found.append(tokens[position].text)
            position -= 1
        }
        return found
    }
}
