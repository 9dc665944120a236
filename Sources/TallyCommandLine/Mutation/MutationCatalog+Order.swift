/// Order mutants: adjacent statements swapped, and sorts reversed or dropped — how real order and
/// mix-up bugs look, which no operator or literal change produces.
extension MutationCatalog {
    /// One site per run of two or more adjacent expression statements (calls and assignments) of a
    /// block, with a mutant per adjacent pair. Declarations never move: a swap stays in scope.
    func swapSites() -> [MutationSite] {
        var runs: [[Range<Int>]] = []
        var previous: SwiftStructure.Statement?
        for statement in structure.statements {
            let movable =
                isPlainCode(statement.range) && mutable(statement.range.lowerBound)
                && isExpressionStatement(statement.range)
            if movable, let last = previous, last.block == statement.block, adjacent(last.range, statement.range),
                !runs.isEmpty
            {
                runs[runs.count - 1].append(statement.range)
            } else if movable {
                runs.append([statement.range])
            }
            previous = movable ? statement : nil
        }
        return runs.filter { $0.count > 1 }.compactMap { run in
            let pairs = run.indices.dropLast().filter { !independent(run[$0], run[$0 + 1]) }
            let mutants = pairs.map { index in
                change(
                    .swappedStatements, at: run[index].lowerBound,
                    source(of: run[index + 1]) + "; " + source(of: run[index]),
                    replacing: run[index].lowerBound..<run[index + 1].upperBound)
            }
            guard !mutants.isEmpty else { return nil }
            return MutationSite(
                range: run[0].lowerBound..<run[run.count - 1].upperBound, form: .swaps(statements: run, pairs: pairs),
                mutants: mutants)
        }
    }

    /// Whether swapping `first` and `second` surely changes nothing: neither mentions a name the other
    /// writes (an assignment's variable or property, a mutating call's receiver, an `&` argument), and
    /// neither is a call of a free function, whose effects cannot be seen here. Such a swap would be
    /// an equivalent mutant, so none is made.
    func independent(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard let written = writtenNames(first), let other = writtenNames(second) else { return false }
        let names = { (range: Range<Int>) in
            Set(range.filter { self.tokens[$0].kind == .identifier }.map { self.tokens[$0].text })
        }
        return written.isDisjoint(with: names(second)) && other.isDisjoint(with: names(first))
    }

    /// The names statement `range` writes, or `nil` when it calls a free function.
    func writtenNames(_ range: Range<Int>) -> Set<String>? {
        var names = Set(range.filter { tokens[$0].is("&") && $0 + 1 < range.upperBound }.map { tokens[$0 + 1].text })
        let outside = { (end: Int) in
            self.structure.topLevel(range.lowerBound..<end).filter { self.tokens[$0].kind == .identifier }
        }
        if let assignment = assignment(in: range) {
            guard let last = outside(assignment).last else { return nil }
            names.insert(tokens[last].text)
            return names
        }
        guard let call = range.first(where: { tokens[$0].is("(") || tokens[$0].is("{") }), call > range.lowerBound + 1,
            tokens[call - 2].is(".")
        else { return nil }
        names.formUnion(outside(call - 2).map { tokens[$0].text })
        return names
    }

    /// Every `receiver.sorted(by: …)` or `receiver.sorted { … }` whose receiver is a plain chain of
    /// names, calls and subscripts: reversed, and dropped.
    func sortSites() -> [MutationSite] {
        tokens.indices.compactMap { index in
            guard tokens[index].kind == .identifier, tokens[index].text == "sorted", index > 0,
                index + 1 < tokens.count,
                tokens[index - 1].is("."), !tokens[index - 1].spaceBefore, mutable(index),
                tokens[index + 1].is("(") || tokens[index + 1].is("{"), let close = structure.partner[index + 1],
                let start = receiverStart(beforeDot: index - 1)
            else { return nil }
            let call = start..<(close + 1), receiver = start..<(index - 1)
            guard isPlainCode(call) else { return nil }
            return MutationSite(
                range: call, form: .sortOrder(receiver: receiver),
                mutants: [
                    change(.sortOrder, at: index, "Array((\(source(of: call))).reversed())", replacing: call),
                    change(.sortOrder, at: index, "Array(\(source(of: receiver)))", replacing: call),
                ])
        }
    }

    /// Whether `range` is a call or an assignment statement (after `try` or `await`).
    func isExpressionStatement(_ range: Range<Int>) -> Bool {
        var first = range.lowerBound
        while first < range.upperBound, tokens[first].is("try") || tokens[first].is("await") { first += 1 }
        return first < range.upperBound && (tokens[first].kind == .identifier || tokens[first].is("self"))
    }

    /// Whether `second` follows `first` with nothing between them but a `;`.
    func adjacent(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        second.lowerBound == first.upperBound
            || second.lowerBound == first.upperBound + 1 && tokens[first.upperBound].is(";")
    }

    /// The first token of the postfix chain ending just before the `.` at `dot`: names, `self`, `.`,
    /// calls and subscripts, perhaps after a parenthesized expression; `nil` for anything else.
    func receiverStart(beforeDot dot: Int) -> Int? {
        var position = dot - 1
        while position >= 0 {
            if tokens[position].is(")") || tokens[position].is("]"), let open = structure.partner[position],
                open < position
            {
                // A call or a subscript continues the chain; a parenthesized expression or an array literal begins it.
                guard open > 0, !tokens[open].spaceBefore else { return open }
                position = open - 1
                continue
            }
            guard tokens[position].kind == .identifier || tokens[position].is("self") else { return nil }
            if position > 0, tokens[position - 1].is("."), !tokens[position - 1].spaceBefore,
                !tokens[position].newlineBefore
            {
                position -= 2
                continue
            }
            return position
        }
        return nil
    }

    /// The text of `range`, its tokens joined as the source separates them: a line break, a space or nothing.
    func source(of range: Range<Int>) -> String {
        range.map { index in
            let separated =
                index > range.lowerBound && tokens[index].range.lowerBound > tokens[index - 1].range.upperBound
            return (separated ? (tokens[index].newlineBefore ? "\n" : " ") : "") + tokens[index].text
        }.joined()
    }
}
