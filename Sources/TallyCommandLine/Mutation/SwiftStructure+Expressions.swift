extension SwiftStructure {
    /// The index after the postfix expression (`a.b(c)[d]?.e { … }`, with prefix operators) that
    /// starts at `start`: how `tally mutate` tells a statement that is one call from one that computes something.
    func unitEnd(startingAt start: Int) -> Int? {
        var position = start
        while position < tokens.count, tokens[position].isPrefixOperator { position += 1 }
        guard position < tokens.count else { return nil }
        let token = tokens[position]
        if token.kind == .punctuation, ["(", "[", "{"].contains(token.text), let close = partner[position] {
            position = close + 1
        } else if token.is("."), position + 1 < tokens.count {
            position += 2
        } else if token.is("\\") {
            position += 1
            if position < tokens.count, tokens[position].is(".") { position += 1 }
            position += 1
        } else if token.kind == .identifier || token.kind == .integer || token.kind == .float || token.kind == .string
            || token.kind == .pound
            || token.kind == .keyword && ["self", "Self", "super", "true", "false", "nil"].contains(token.text)
        {
            position += 1
        } else {
            return nil
        }
        while position < tokens.count {
            let next = tokens[position]
            if let close = angle[position], close > position, !next.spaceBefore {
                position = close + 1
            } else if next.is("."), !next.spaceBefore || next.newlineBefore, position + 1 < tokens.count,
                [.identifier, .integer, .keyword].contains(tokens[position + 1].kind)
            {
                position += 2
            } else if (next.is("(") || next.is("[")) && !next.spaceBefore, let close = partner[position] {
                position = close + 1
            } else if next.kind == .operator, next.text == "?" || next.text == "!", !next.spaceBefore {
                position += 1
            } else if next.is("{"), !next.newlineBefore, !isInHeader(position - 1), let close = partner[position] {
                position = close + 1
            } else {
                break
            }
        }
        return position
    }
}
