/// Reading variable declarations and control-flow statements.
extension SwiftStructure {
    /// `let`/`var`: an initializer, a computed property (or accessors), or a constant set later.
    mutating func parseVariable(from start: Int, limit: Int) -> Int {
        let end = statementEnd(from: start, limit: limit)
        if firstTopLevel("=", in: start..<end) != nil {
            parseClosures(in: start..<end)
            return end
        }
        let headerEnd = statementEnd(from: start, limit: limit, stopAtBrace: true)
        guard headerEnd < limit, tokens[headerEnd].is("{"), let close = partner[headerEnd] else {
            if tokens[start].is("let"), start + 1 < end, tokens[start + 1].kind == .identifier {
                deferredConstants.insert(tokens[start + 1].text)
            }
            return end
        }
        let colon = (start..<headerEnd).first { tokens[$0].is(":") }
        let type = colon.map { ($0 + 1)..<headerEnd }
        let accessors: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]
        let first = headerEnd + 1
        guard first < close, accessors.contains(tokens[first].text) else {
            parseBlock(.function(returnType: type), content: (headerEnd + 1)..<close, open: headerEnd)
            return close + 1
        }
        blocks[headerEnd] = .declarations
        var position = first
        while position < close {
            let name = tokens[position].text
            var body = position + 1
            if body < close, tokens[body].is("("), let parameterClose = partner[body] { body = parameterClose + 1 }
            guard body < close, tokens[body].is("{"), let bodyClose = partner[body] else { break }
            parseBlock(.function(returnType: name == "get" ? type : nil), content: (body + 1)..<bodyClose, open: body)
            position = bodyClose + 1
        }
        return close + 1
    }

    /// `if`, `guard`, `while`, `for`, `switch` (header, body, `else` chain), `do`/`catch`, `defer`,
    /// `repeat … while`.
    mutating func parseControl(from start: Int, limit: Int) -> Int {
        let keyword = tokens[start].text
        if ["defer", "do", "repeat"].contains(keyword) {
            var end = parseBody(from: start, limit: limit, as: .control)
            while keyword == "do", end < limit, tokens[end].is("catch") {
                headers.append((end + 1)..<statementEnd(from: end, limit: limit, stopAtBrace: true))
                end = parseBody(from: end, limit: limit, as: .control)
            }
            if keyword == "repeat", end < limit, tokens[end].is("while") {
                let conditionEnd = statementEnd(from: end, limit: limit)
                addConditions((end + 1)..<conditionEnd)
                parseClosures(in: (end + 1)..<conditionEnd)
                return conditionEnd
            }
            return end
        }
        let headerEnd = statementEnd(from: start, limit: limit, stopAtBrace: true)
        let header = (start + 1)..<headerEnd
        headers.append(header)
        parseClosures(in: header)
        if ["if", "while", "guard"].contains(keyword) {
            let elseIndex = keyword == "guard" ? firstTopLevel("else", in: header) : nil
            addConditions(header.lowerBound..<(elseIndex ?? header.upperBound))
        }
        guard headerEnd < limit, tokens[headerEnd].is("{"), let close = partner[headerEnd] else { return headerEnd }
        parseBlock(keyword == "switch" ? .switchBody : .control, content: (headerEnd + 1)..<close, open: headerEnd)
        var end = close + 1
        if keyword == "if", end < limit, tokens[end].is("else"), end + 1 < limit {
            if tokens[end + 1].is("if") { return parseControl(from: end + 1, limit: limit) }
            end = parseBody(from: end, limit: limit, as: .control)
        }
        return end
    }

    /// Each comma-separated boolean clause of a condition list; bindings and patterns are skipped.
    mutating func addConditions(_ range: Range<Int>) {
        for clause in items(range) where !clause.isEmpty {
            let first = tokens[clause.lowerBound]
            if ["let", "var", "case"].contains(first.text) && first.kind == .keyword || first.kind == .pound {
                continue
            }
            if first.is("try"), clause.count > 1, tokens[clause.lowerBound + 1].kind == .operator { continue }
            conditions.append(clause)
        }
    }
}
