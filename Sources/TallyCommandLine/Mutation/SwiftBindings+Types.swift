/// The type of an expression where what is written makes it evident: a literal, a typed binding,
/// `Type(…)`, a chain of members declared in the target (`plan.network(for: line)`, `plan.tier(n)!`),
/// `(a + b) * c` of one type, a comparison, `x ?? y`, `c ? a : b`. Anything else has no type here.
extension SwiftBindings {
    private enum Value {
        case instance(String)
        case type(String)
    }

    static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "&&", "||", "===", "!=="]
    static let arithmetic: Set<String> = ["+", "-", "*", "/", "%"]

    /// The type of the expression in `range`, or `nil` when it is not evident.
    func type(of range: Range<Int>) -> String? {
        var start = range.lowerBound
        while start < range.upperBound, tokens[start].is("try") || tokens[start].is("await") {
            if tokens[start].is("try"), start + 1 < range.upperBound, tokens[start + 1].kind == .operator,
                !tokens[start + 1].spaceBefore
            {
                guard tokens[start + 1].text == "!" else { return nil }
                start += 1
            }
            start += 1
        }
        let expression = start..<range.upperBound
        guard !expression.isEmpty else { return nil }
        var operators: [Int] = []
        var position = expression.lowerBound
        while position < expression.upperBound {
            let token = tokens[position]
            if token.kind == .keyword, token.text == "as" || token.text == "is" { return nil }
            if token.kind == .operator, position > expression.lowerBound, token.spaceBefore && token.spaceAfter {
                operators.append(position)
            }
            if let close = structure.partner[position], close > position { position = close }
            position += 1
        }
        guard let first = operators.first else { return chainType(expression) }
        if let question = operators.first(where: { tokens[$0].text == "?" }) {
            guard let colon = structure.firstTopLevel(":", in: (question + 1)..<expression.upperBound),
                let then = type(of: (question + 1)..<colon), type(of: (colon + 1)..<expression.upperBound) == then
            else { return nil }
            return then
        }
        if operators.contains(where: { Self.comparisons.contains(tokens[$0].text) }) { return "Bool" }
        if tokens[first].text == "??", operators.count == 1 {
            guard let left = type(of: expression.lowerBound..<first),
                let right = type(of: (first + 1)..<expression.upperBound)
            else { return nil }
            return left == right + "?" || left == right && right.hasSuffix("?") ? right : nil
        }
        guard operators.allSatisfy({ Self.arithmetic.contains(tokens[$0].text) }) else { return nil }
        var operandTypes: Set<String?> = []
        var operandStart = expression.lowerBound
        for index in operators + [expression.upperBound] {
            operandTypes.insert(type(of: operandStart..<index))
            operandStart = index + 1
        }
        guard operandTypes.count == 1, let only = operandTypes.first, let type = only else { return nil }
        let kept = operators.allSatisfy {
            SchemaSupport.numericTypes.contains(type)
                || declarations.member("operator" + tokens[$0].text, of: type)?.type == type
        }
        return kept ? type : nil
    }

    /// The type of one postfix chain that makes up all of `range`.
    private func chainType(_ range: Range<Int>) -> String? {
        guard structure.unitEnd(startingAt: range.lowerBound) == range.upperBound else { return nil }
        var position = range.lowerBound
        let head = tokens[position]
        if head.kind == .operator, head.isPrefixOperator {
            guard let operand = type(of: (position + 1)..<range.upperBound) else { return nil }
            if head.text == "!" { return operand == "Bool" ? "Bool" : nil }
            return head.text == "-" && SchemaSupport.numericTypes.contains(operand) ? operand : nil
        }
        if let literal = SwiftDeclarations.literalType(head) { return range.count == 1 ? literal : nil }
        let context = structure.enclosingType(of: position)
        var current: Value
        if head.is("self") || head.is("Self") {
            guard let context else { return nil }
            current = head.is("self") ? .instance(context) : .type(context)
            position += 1
        } else if head.kind == .identifier {
            let isCall =
                position + 1 < range.upperBound && tokens[position + 1].is("(") && !tokens[position + 1].spaceBefore
            if let binding = binding(of: head.text, at: position) {
                guard let type = binding.type, !isCall else { return nil }
                current = .instance(type)
                position += 1
            } else if isCall, let close = structure.partner[position + 1],
                let member = context.flatMap({ declarations.member(head.text + "(", of: $0) })
                    ?? declarations.member(head.text + "(", of: "")
            {
                current = .instance(member.type)
                position = close + 1
            } else if declarations.isType(head.text) {
                current = .type(head.text)
                position += 1
            } else if !isCall, let context, let member = declarations.member(head.text, of: context), !member.isStatic {
                current = .instance(member.type)
                position += 1
            } else {
                return nil
            }
        } else if head.is("("), let close = structure.partner[position],
            structure.firstTopLevel(",", in: (position + 1)..<close) == nil,
            let inner = type(of: (position + 1)..<close)
        {
            current = .instance(inner)
            position = close + 1
        } else {
            return nil
        }
        while position < range.upperBound {
            let token = tokens[position]
            if token.is("."), position + 1 < range.upperBound, tokens[position + 1].kind == .identifier {
                let name = tokens[position + 1].text
                let call = position + 2
                let isCall = call < range.upperBound && tokens[call].is("(") && !tokens[call].spaceBefore
                let (owner, isStatic) =
                    switch current {
                    case .instance(let type): (type, false);
                    case .type(let type): (type, true)
                    }
                guard let member = declarations.member(isCall ? name + "(" : name, of: owner),
                    member.isStatic == isStatic,
                    owner == context || !declarations.mentionsNestedType(member.type, of: owner)
                else { return nil }
                current = .instance(member.type)
                position = isCall ? (structure.partner[call] ?? range.upperBound) + 1 : position + 2
            } else if token.is("("), !token.spaceBefore, case .type(let type) = current, declarations.isType(type),
                !declarations.failable.contains(type)
            {
                current = .instance(type)
                position = (structure.partner[position] ?? range.upperBound) + 1
            } else if token.kind == .operator, token.text == "!", !token.spaceBefore,
                case .instance(let type) = current, type.hasSuffix("?")
            {
                current = .instance(String(type.dropLast()))
                position += 1
            } else {
                return nil
            }
        }
        guard case .instance(let type) = current else { return nil }
        return type
    }
}
