/// Reading blocks into statements: declarations, control flow, and expression statements.
extension SwiftStructure {
    static let modifiers: Set<String> = [
        "public", "private", "internal", "fileprivate", "open", "static", "class", "final", "override", "mutating",
        "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "dynamic", "nonisolated", "indirect",
        "package", "consuming", "borrowing", "optional", "prefix", "postfix", "infix",
    ]
    static let typeKeywords: Set<String> = ["struct", "enum", "extension", "protocol", "actor"]
    static let functionKeywords: Set<String> = ["func", "init", "deinit", "subscript"]
    static let controlKeywords: Set<String> = ["if", "guard", "while", "for", "switch", "repeat", "do", "defer"]

    mutating func parseBlock(_ kind: BlockKind, content: Range<Int>, open: Int) {
        if open >= 0 { blocks[open] = kind }
        var position = content.lowerBound
        if kind == .closure { position = closureSignatureEnd(content) }
        var group: [Range<Int>] = []
        func flush(_ structure: inout SwiftStructure) {
            guard kind != .declarations else { group = []; return }
            for range in group {
                structure.statements.append(Statement(range: range, block: open, isSole: group.count == 1))
            }
            group = []
        }
        while position < content.upperBound {
            if kind == .switchBody, tokens[position].is("case") || tokens[position].is("default") {
                flush(&self)
                var label = position
                while label < content.upperBound, !tokens[label].is(":") {
                    label = (partner[label].map { $0 > label ? $0 : label } ?? label) + 1
                }
                excluded.formUnion(position..<min(label + 1, content.upperBound))
                position = label + 1
                continue
            }
            let end = parseStatement(from: position, limit: content.upperBound, in: kind)
            if end > position, !tokens[position].is(";") { group.append(position..<end) }
            position = max(end, position + 1)
            if position < content.upperBound, tokens[position].is(";") { position += 1 }
        }
        flush(&self)
    }

    /// Where a closure's statements begin: after `params in`, when it has a signature.
    func closureSignatureEnd(_ content: Range<Int>) -> Int {
        var position = content.lowerBound
        while position < content.upperBound {
            let token = tokens[position]
            if token.is("in") { return position + 1 }
            if let close = partner[position], close > position { position = close + 1; continue }
            let allowed =
                token.kind == .identifier || token.is(",") || token.is("->") || token.is(":") || token.is(".")
                || token.is("throws") || token.is("inout")
                || token.kind == .operator && ["?", "!"].contains(token.text)
            if !allowed || token.newlineBefore && position > content.lowerBound { return content.lowerBound }
            position += 1
        }
        return content.lowerBound
    }

    /// Reads one statement or declaration starting at `start`; returns the index after it.
    mutating func parseStatement(from start: Int, limit: Int, in kind: BlockKind) -> Int {
        var position = start
        while position < limit, tokens[position].is("@") {
            excluded.insert(position)
            position += 1
            if position < limit { excluded.insert(position); position += 1 }
            if position < limit, tokens[position].is("("), !tokens[position].spaceBefore, let close = partner[position]
            {
                excluded.formUnion(position...close)
                position = close + 1
            }
        }
        while position < limit, Self.modifiers.contains(tokens[position].text), position + 1 < limit,
            tokens[position + 1].kind == .keyword || tokens[position + 1].kind == .identifier
                || tokens[position + 1].is("("),
            !(tokens[position].text == "class" && tokens[position + 1].kind == .identifier)
        {
            if tokens[position + 1].is("(") {
                position = (partner[position + 1] ?? position) + 1
            } else {
                position += 1
            }
        }
        guard position < limit else { return limit }
        let lead = tokens[position]
        if lead.kind == .directive { return position + 1 }
        if Self.typeKeywords.contains(lead.text) || lead.text == "class" {
            let brace = statementEnd(from: position, limit: limit, stopAtBrace: true)
            if brace < limit, tokens[brace].is("{"), position + 1 < brace {
                typeNames[brace] = tokens[position + 1].text
                if lead.text != "extension", lead.text != "protocol" { typeBodies.insert(brace) }
            }
            return parseBody(from: position, limit: limit, as: .declarations)
        }
        // Imports, aliases and enum cases (their raw values) are never mutated.
        if ["import", "typealias", "associatedtype", "operator", "precedencegroup"].contains(lead.text)
            || kind == .declarations && lead.is("case")
        {
            let end = statementEnd(from: position, limit: limit)
            excluded.formUnion(position..<end)
            return end
        }
        if Self.functionKeywords.contains(lead.text) {
            let header = position..<statementEnd(from: position, limit: limit, stopAtBrace: true)
            let kind: BlockKind = lead.text == "init" ? .initializer : .function(returnType: resultType(in: header))
            return parseBody(from: position, limit: limit, as: kind)
        }
        if lead.is("var") || lead.is("let") {
            return parseVariable(from: position, limit: limit)
        }
        if Self.controlKeywords.contains(lead.text) {
            return parseControl(from: position, limit: limit)
        }
        let end = statementEnd(from: position, limit: limit)
        parseClosures(in: position..<end)
        return end
    }

    /// A declaration with a `{ … }` body after its header: a type, or anything parsed as `kind`.
    mutating func parseBody(from start: Int, limit: Int, as kind: BlockKind) -> Int {
        let end = statementEnd(from: start, limit: limit, stopAtBrace: true)
        guard end < limit, tokens[end].is("{"), let close = partner[end] else { return end }
        parseBlock(kind, content: (end + 1)..<close, open: end)
        return close + 1
    }

    /// Parses every `{ … }` in `range` as a closure.
    mutating func parseClosures(in range: Range<Int>) {
        var position = range.lowerBound
        while position < range.upperBound {
            if tokens[position].is("{"), blocks[position] == nil, let close = partner[position] {
                parseBlock(.closure, content: (position + 1)..<close, open: position)
                position = close
            }
            position += 1
        }
    }

    /// The end of the statement starting at `start`: a `;`, the block's end, or a line break that
    /// does not continue it. With `stopAtBrace`, a `{` at depth 0 ends it too (a body follows).
    func statementEnd(from start: Int, limit: Int, stopAtBrace: Bool = false) -> Int {
        var position = start
        while position < limit {
            let token = tokens[position]
            if position > start {
                if token.is(";") { return position }
                if stopAtBrace, token.is("{") { return position }
                if token.newlineBefore, !continues(after: position - 1, at: position) { return position }
            }
            if let close = partner[position], close > position {
                position = close + 1
                continue
            }
            position += 1
        }
        return limit
    }

    /// Whether a line break between `previous` and `next` continues one statement.
    func continues(after previous: Int, at next: Int) -> Bool {
        let before = tokens[previous], after = tokens[next]
        if after.kind == .operator && after.spaceAfter && after.text != "!" { return true }
        if after.is(".") || after.is("->") || after.is("{") || after.is(":") { return true }
        if ["else", "catch", "where", "throws", "rethrows", "as", "is", "in"].contains(after.text)
            && after.kind == .keyword
        {
            return true
        }
        if before.kind == .operator && before.spaceBefore && before.text != "!" && before.text != "?" { return true }
        if before.is(",") || before.is(".") || before.is("->") || before.is(":") || before.is("@") { return true }
        if ["try", "await", "as", "is", "return", "throw", "in", "case", "where"].contains(before.text)
            && before.kind == .keyword
        {
            return before.text != "return"
        }
        if previous > 0, tokens[previous - 1].is("@"), before.kind == .identifier { return true }
        if before.is(")"), let open = partner[previous], open > 1, tokens[open - 2].is("@") { return true }
        return false
    }
}
