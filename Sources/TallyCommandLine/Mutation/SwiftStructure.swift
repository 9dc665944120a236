/// The shape of a Swift file as `tally mutate` needs it, read from its tokens: matching brackets and
/// generic argument lists, blocks (type bodies, functions with their return types, closures, control
/// flow, switch bodies), the statements of each code block, and the conditions of `if`, `guard` and
/// `while`. It is a reading, not a compiler: where it guesses wrong, the mutant fails to compile and
/// is dropped, never miscounted.
struct SwiftStructure {
    /// What a `{ … }` block holds.
    enum BlockKind: Equatable {
        /// Declarations: the file, a type or extension body.
        case declarations
        /// A function, accessor or computed property body, with the tokens of its declared result type.
        case function(returnType: Range<Int>?)
        /// An initializer body, where stored properties are being set.
        case initializer
        case closure
        /// The body of `if`, `else`, `while`, `for`, `do`, `catch`, `defer`, `repeat`.
        case control
        /// The body of a `switch`: statements grouped under `case` labels.
        case switchBody
    }

    /// One statement of a code block.
    struct Statement: Equatable {
        var range: Range<Int>
        /// The `{` of its block.
        var block: Int
        /// Whether it is the only statement of its block (or of its `case`).
        var isSole: Bool
    }

    let tokens: [SwiftToken]
    /// Bracket partners, both ways: `(`↔`)`, `[`↔`]`, `{`↔`}`.
    var partner: [Int: Int] = [:]
    /// Generic argument lists, both ways: `<` ↔ the token that closes it.
    var angle: [Int: Int] = [:]
    /// Every `{`, by index.
    var blocks: [Int: BlockKind] = [:]
    /// For each token, the `{` of the innermost block holding it (-1 for the file).
    private(set) var blockOf: [Int] = []
    var statements: [Statement] = []
    /// Boolean conditions of `if`, `guard`, `while` and `repeat … while`, one per clause.
    var conditions: [Range<Int>] = []
    /// Headers of statements whose body follows a `{`: there a `{` is never a trailing closure.
    var headers: [Range<Int>] = []
    /// Tokens never to mutate: attributes, enum raw values, imports, type aliases.
    var excluded: Set<Int> = []
    /// The names of the types whose bodies open at these `{`: `struct Money {`, `extension Money {`.
    var typeNames: [Int: String] = [:]
    /// The `{` of each struct, enum, class and actor body: the types declared (not extended).
    var typeBodies: Set<Int> = []
    /// Names of `let` constants declared without a value: the assignment that sets one cannot be removed.
    var deferredConstants: Set<String> = []

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
        matchBrackets()
        matchAngles()
        parseBlock(.declarations, content: 0..<tokens.count, open: -1)
        for position in tokens.indices where tokens[position].is("{") && blocks[position] == nil {
            if let close = partner[position] { parseBlock(.closure, content: (position + 1)..<close, open: position) }
        }
        var open: [Int] = []
        for index in tokens.indices {
            if tokens[index].is("}"), let last = open.last, partner[last] == index { open.removeLast() }
            blockOf.append(open.last ?? -1)
            if tokens[index].is("{"), blocks[index] != nil, partner[index] != nil { open.append(index) }
        }
    }

    /// The blocks holding token `index`, innermost first, by their `{`.
    func enclosingBlocks(of index: Int) -> some Sequence<Int> {
        sequence(first: blockOf[index]) { blockOf[$0] }.prefix { $0 >= 0 }
    }

    /// The innermost function-like block holding `index`: a function, accessor, initializer or closure.
    func enclosingFunction(of index: Int) -> (open: Int, kind: BlockKind)? {
        let open = enclosingBlocks(of: index).first { blocks[$0] != .control && blocks[$0] != .switchBody }
        guard let open, let kind = blocks[open], kind != .declarations else { return nil }
        return (open, kind)
    }

    /// The type whose body holds `index` (`self`'s type there), if any.
    func enclosingType(of index: Int) -> String? {
        enclosingBlocks(of: index).lazy.compactMap { typeNames[$0] }.first
    }

    /// Whether a closure lies between `index` and the block `open` (which holds it).
    func isInClosure(_ index: Int, below open: Int) -> Bool {
        enclosingBlocks(of: index).prefix { $0 != open }.contains { blocks[$0] == .closure }
    }

    /// Whether `index` lies in a control-flow header at that header's own bracket depth.
    func isInHeader(_ index: Int) -> Bool {
        headers.contains { header in
            header.contains(index)
                && !partner.contains { open, close in
                    open < close && header.contains(open) && open < index && index < close
                }
        }
    }

    /// The tokens of `range` outside any bracket opened within it.
    func topLevel(_ range: Range<Int>) -> [Int] {
        var depth = 0
        var found: [Int] = []
        for index in range {
            if depth == 0 { found.append(index) }
            guard tokens[index].kind == .punctuation else { continue }
            if ["(", "[", "{"].contains(tokens[index].text) {
                depth += 1
            } else if [")", "]", "}"].contains(tokens[index].text) {
                depth -= 1
            }
        }
        return found
    }

    /// The comma-separated items of `range`: parameters, arguments, condition clauses.
    func items(_ range: Range<Int>) -> [Range<Int>] {
        var items: [Range<Int>] = []
        var start = range.lowerBound
        for comma in topLevel(range) where tokens[comma].is(",") {
            items.append(start..<comma)
            start = comma + 1
        }
        return items + [start..<range.upperBound]
    }

    /// The first `text` of `range` outside any bracket opened within it.
    func firstTopLevel(_ text: String, in range: Range<Int>) -> Int? {
        topLevel(range).first { tokens[$0].is(text) }
    }

    /// The result type written after `->` in a function's `header`, up to any `where`.
    func resultType(in header: Range<Int>) -> Range<Int>? {
        guard let arrow = firstTopLevel("->", in: header) else { return nil }
        return (arrow + 1)..<(((arrow + 1)..<header.upperBound).first { tokens[$0].is("where") } ?? header.upperBound)
    }

    mutating func matchBrackets() {
        var stack: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{": stack.append(index)
            case ")", "]", "}":
                if let open = stack.popLast() {
                    partner[open] = index
                    partner[index] = open
                }
            default: break
            }
        }
    }

    /// `Name<…>` with no space before `<`: a generic argument list when it closes before anything
    /// that cannot appear in a type.
    mutating func matchAngles() {
        for (index, token) in tokens.enumerated()
        where token.kind == .operator && token.text.hasPrefix("<") && !token.spaceBefore && index > 0 {
            guard token.text == "<", tokens[index - 1].kind == .identifier else { continue }
            var depth = 1
            var position = index + 1
            while position < tokens.count, position < index + 64 {
                let current = tokens[position]
                if current.kind == .operator, current.text == "<" { depth += 1 }
                if current.kind == .operator, current.text.allSatisfy({ $0 == ">" || $0 == "?" || $0 == "!" }),
                    current.text.hasPrefix(">")
                {
                    depth -= current.text.filter { $0 == ">" }.count
                    if depth <= 0 {
                        angle[index] = position
                        angle[position] = index
                        excluded.formUnion(index...position)
                        break
                    }
                } else if current.kind == .operator && !["?", "!", "&", "<"].contains(current.text) || current.is("{")
                    || current.is(";")
                    || current.kind == .integer && !tokens[position - 1].is(",") && !tokens[position - 1].is("<")
                    || current.kind == .string
                {
                    break
                } else if let close = partner[position], close > position {
                    position = close
                }
                position += 1
            }
        }
    }
}
