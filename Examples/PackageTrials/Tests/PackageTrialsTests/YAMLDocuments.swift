import Tally

/// YAML text drawn from a grammar of the subset a configuration file is written in: block mappings and
/// sequences nested three levels deep, flow collections (`[a, 'b']`, `{k: [1, {}]}`) nested inside them,
/// plain scalars (words, numbers, booleans, nulls, dates and the other words a resolver gives a type),
/// single-quoted scalars with `''`, double-quoted scalars with YAML's escapes, literal and folded block
/// scalars, empty values and comments.
///
/// A grammar has no arguments, so indentation is written as one family of rules per level ("mapping 0",
/// "mapping 1" …), made by Swift code below; nesting in block style is therefore not recursion and takes
/// no depth — only the flow collections do. Two things a grammar cannot say are left to the properties:
/// keys in one mapping may repeat, and a flow scalar never spans lines (its continuation lines would have
/// to be indented for the level it sits at).
enum YAMLDocuments {
    /// Block levels: 0, 1 and 2 (two spaces each).
    static let levels = 0...2

    /// Plain scalars, the simplest first: a word, then words some YAML 1.1 resolver reads as something else.
    static let plainWords = [
        "a", "b c", "1", "-7", "3.25", "1e3", "0x1F", "0o17", "017", "+12", "true", "False", "yes", "no", "on",
        "null", "~", ".inf", "-.inf", ".nan", "2001-12-14", "2002-01-31", "2001-12-14 21:59:43.10 -5", "12:30:00",
        "a#b", "a-b",
        "-a", "a'b", "a\"b", "é", "😀", "=",
    ]

    /// Plain scalars that may sit inside a flow collection: none holds a `:`.
    static let flowWords = plainWords.filter { !$0.contains(":") }

    /// Characters of quoted scalars: none is the quote itself or a backslash, nor a line break of YAML 1.1
    /// (NEL, U+2028 and U+2029 are line breaks there: a quoted scalar holding one spans lines); those come
    /// from escapes. The space is last, so it is often drawn (`Gen.element` favours both ends).
    static let quotedCharacters: [Character] = [
        "a", "b", "1", ":", "#", "-", ",", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", "é", "😀",
        "\t", "\u{A0}", " ",
    ]

    /// Escapes of a double-quoted scalar (YAML 1.1 §5.6; `\/` is YAML 1.2's, which libyaml reads too).
    static let escapes = [
        #"\""#, #"\\"#, #"\n"#, #"\t"#, #"\r"#, #"\0"#, #"\x41"#, #"\u00E9"#, #"\U0001F600"#, #"\ "#, #"\/"#, #"\e"#,
        #"\N"#, #"\_"#, #"\L"#, #"\P"#, #"\a"#, #"\b"#, #"\v"#, #"\f"#,
    ]

    /// The text of one line of a block scalar: it starts with no space, and holds no bracket (so that the
    /// brackets of a document are its flow collections').
    static let lineCharacters: [Character] = ["a", "b", "#", ":", "-", "'", "\"", "é", "&", " "]

    static func indent(_ level: Int) -> GrammarSymbol { .literal(String(repeating: "  ", count: level)) }

    /// The rules of one block level: a mapping or a sequence whose entries sit at `level`.
    static func blockRules(level: Int) -> [String: [[GrammarSymbol]]] {
        let deeper = level + 1
        var value: [[GrammarSymbol]] = [
            [" ", .rule("scalar"), .rule("line end")], [.rule("line end")],
            [" ", .rule("flow collection"), .rule("line end")],
        ]
        if levels.contains(deeper) {
            value += [
                [.rule("line end"), .rule("block \(deeper)")],
                [" ", .rule("block scalar header"), "\n", .repeated("text line \(deeper)", 1...3)],
            ]
        }
        return [
            "block \(level)": [[.rule("mapping \(level)")], [.rule("sequence \(level)")]],
            "mapping \(level)": [[.repeated("entry \(level)", 1...3)]],
            "entry \(level)": [[indent(level), .rule("key"), ":", .rule("value \(level)")]],
            "sequence \(level)": [[.repeated("item \(level)", 1...3)]],
            "item \(level)": [[indent(level), "-", .rule("value \(level)")]],
            "value \(level)": value,
        ].merging(level == 0 ? [:] : ["text line \(level)": [[indent(level), .rule("line text"), "\n"], ["\n"]]]) {
            first, _ in first
        }
    }

    static let rules: [String: [[GrammarSymbol]]] = levels.reduce(into: sharedRules) { rules, level in
        rules.merge(blockRules(level: level)) { _, new in new }
    }

    static let sharedRules: [String: [[GrammarSymbol]]] = [
        "document": [[.rule("block 0")], ["--- ", .rule("flow collection"), "\n"]],
        "line end": [["\n"], [" # ", .generated(characters(["a", " ", "#", ":"], 0...3)), "\n"], ["\n\n"]],
        // Keys from a few words, plain or quoted, so that two keys of a mapping are often alike.
        "key": [
            [.rule("key word")], ["'", .rule("key word"), "'"], ["\"", .rule("key word"), "\""],
            [.generated(Gen.element(of: flowWords))], [.rule("single quoted")], [.rule("double quoted")],
        ],
        "key word": [["a"], ["1"], ["true"], ["null"], ["~"], ["1.5"], ["b c"]],
        "scalar": [[.generated(Gen.element(of: plainWords))], [.rule("single quoted")], [.rule("double quoted")]],
        "flow scalar": [
            [.generated(Gen.element(of: flowWords))], [.rule("single quoted")], [.rule("double quoted")],
        ],
        "single quoted": [["'", .repeated("single quoted part", 0...3), "'"]],
        "single quoted part": [[.generated(characters(quotedCharacters + ["\""], 1...3))], ["''"], ["\\"]],
        "double quoted": [["\"", .repeated("double quoted part", 0...3), "\""]],
        "double quoted part": [
            [.generated(characters(quotedCharacters + ["'"], 1...3))], [.generated(Gen.element(of: escapes))],
        ],
        "block scalar header": [["|"], ["|-"], ["|+"], [">"], [">-"], [">+"]],
        "line text": [[.generated(characters(lineCharacters.filter { $0 != " " }, 1...1)), .generated(lineRest)]],
        "flow collection": [
            ["[]"], ["{}"], ["[", .rule("flow node"), .repeated("flow more", 0...2), "]"],
            ["{", .rule("flow pair"), .repeated("flow pair more", 0...2), "}"],
        ],
        "flow node": [[.rule("flow scalar")], [.rule("flow collection")]],
        "flow more": [[", ", .rule("flow node")]],
        "flow pair": [[.rule("key"), ": ", .rule("flow node")]],
        "flow pair more": [[", ", .rule("flow pair")]],
    ]

    static let lineRest = characters(lineCharacters, 0...4)

    static func characters(_ characters: [Character], _ length: ClosedRange<Int>) -> Gen<String> {
        Gen.string(of: Gen.element(of: characters), length: length)
    }

    /// Documents of the subset, flow collections nested up to three deep.
    static let documents = Gen.grammar(start: "document", depth: 6, rules: rules)
}
