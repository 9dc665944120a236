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
        /// A function, accessor or computed property body; `returnType` is the token range of its
        /// declared result type, if any.
        case function(returnType: Range<Int>?)
        /// An initializer body, where stored properties are being set.
        case initializer
        /// A closure.
        case closure
        /// The body of `if`, `else`, `while`, `for`, `do`, `catch`, `defer`, `repeat`.
        case control
        /// The body of a `switch`: statements grouped under `case` labels.
        case switchBody
    }

    /// One statement of a code block.
    struct Statement: Equatable {
        /// Its tokens.
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
    var statements: [Statement] = []
    /// Boolean conditions of `if`, `guard`, `while` and `repeat … while`, one per clause.
    var conditions: [Range<Int>] = []
    /// Headers of statements whose body follows a `{`: there a `{` is never a trailing closure.
    var headers: [Range<Int>] = []
    /// Tokens never to mutate: attributes, enum raw values, imports, type aliases.
    var excluded: Set<Int> = []
    /// The names of the types whose bodies open at these `{`: `struct Money {`, `extension Money {`.
    var typeNames: [Int: String] = [:]
    /// Names of `let` constants declared without a value: the assignment that sets one cannot be removed.
    var deferredConstants: Set<String> = []

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
        matchBrackets()
        matchAngles()
        parseBlock(.declarations, content: 0..<tokens.count, open: -1)
        var position = 0
        while position < tokens.count {
            if tokens[position].is("{"), blocks[position] == nil, let close = partner[position] {
                parseBlock(.closure, content: (position + 1)..<close, open: position)
            }
            position += 1
        }
    }

    /// The innermost block holding token `index`, as the index of its `{` (-1 for the file).
    func enclosingBlock(of index: Int) -> Int {
        var candidate = -1
        for (open, _) in blocks {
            guard open < index, let close = partner[open], index < close else { continue }
            if open > candidate { candidate = open }
        }
        return candidate
    }

    /// The innermost function-like block holding `index`: a function, accessor, initializer or closure.
    func enclosingFunction(of index: Int) -> (open: Int, kind: BlockKind)? {
        var open = enclosingBlock(of: index)
        while open >= 0 {
            if let kind = blocks[open], kind != .control, kind != .switchBody { return kind == .declarations ? nil : (open, kind) }
            open = enclosingBlock(of: open)
        }
        return nil
    }

    /// Whether `index` lies in a control-flow header at that header's own bracket depth.
    func isInHeader(_ index: Int) -> Bool {
        headers.contains { header in
            header.contains(index) && !partner.contains { open, close in open < close && header.contains(open) && open < index && index < close }
        }
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
        for (index, token) in tokens.enumerated() where token.kind == .operator && token.text.hasPrefix("<") && !token.spaceBefore && index > 0 {
            guard token.text == "<", tokens[index - 1].kind == .identifier else { continue }
            var depth = 1
            var position = index + 1
            while position < tokens.count, position < index + 64 {
                let current = tokens[position]
                if current.kind == .operator, current.text == "<" { depth += 1 }
                if current.kind == .operator, current.text.allSatisfy({ $0 == ">" || $0 == "?" || $0 == "!" }), current.text.hasPrefix(">") {
                    depth -= current.text.filter { $0 == ">" }.count
                    if depth <= 0 {
                        angle[index] = position
                        angle[position] = index
                        for excludedIndex in index...position { excluded.insert(excludedIndex) }
                        break
                    }
                } else if current.kind == .operator && !["?", "!", "&", "<"].contains(current.text) || current.is("{") || current.is(";")
                    || current.kind == .integer && !tokens[position - 1].is(",") && !tokens[position - 1].is("<") || current.kind == .string {
                    break
                } else if let close = partner[position], close > position {
                    position = close
                }
                position += 1
            }
        }
    }
}
