import Tally

/// Well-formed XML 1.0 drawn from a grammar: elements nested up to four deep, with and without
/// attributes (double- or single-quoted, spaces around `=`), empty-element tags, text with the five
/// predefined entities and character references, CDATA sections, comments, processing instructions,
/// CR, LF and CR LF in text and attribute values, an XML declaration or none.
///
/// A grammar cannot say that an end tag repeats its start tag's name, so each name has its own rules
/// (made by Swift code below); nor that the attributes of one tag differ, so each tag has at most one
/// `x` and one `y`, in that order.
enum XMLDocuments {
    static let names = ["a", "b-c", "é_1"]

    /// Character data: no `<`, no `&`, and no `]` (so that no `]]>` can form across parts); CR and LF too.
    static let textCharacters: [Character] = [
        "a", "b", ">", "\"", "'", "=", "/", "?", "!", "-", "é", "😀", "\t", "\n", "\r", "\r\n", " ",
    ]

    static let references = [
        "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#65;", "&#x263A;", "&#x1F600;", "&#xD;", "&#10;", "&#9;",
        "&#x20;",
    ]

    static func characters(_ characters: [Character], _ length: ClosedRange<Int>) -> Gen<String> {
        Gen.string(of: Gen.element(of: characters), length: length)
    }

    /// The rules of the element `name`: its start tag, content and end tag, or an empty-element tag.
    static func elementRules(_ name: String) -> [String: [[GrammarSymbol]]] {
        [
            "element \(name)": [
                [.literal("<\(name)"), .rule("attributes"), .rule("space"), "/>"],
                [
                    .literal("<\(name)"), .rule("attributes"), .rule("space"), ">", .repeated("content", 0...3),
                    .literal("</\(name)"), .rule("space"), ">",
                ],
            ]
        ]
    }

    /// What the forms of XML the trials draw leave out, each on its own: a form pinned as a defect is left
    /// out of the regression checks, so that they go on checking the rest.
    struct Forms {
        /// A processing instruction without data, `<?pi?>` (FoundationXML crashes on it).
        var instructionsWithoutData = true
        /// A carriage return inside a CDATA section.
        var carriageReturnsInCDATA = true
        /// A CDATA section after other text in the same element (XMLCoder keeps only what came before).
        var cdataAfterText = true
        /// A carriage return written as a reference, `&#xD;` (XMLCoder writes it back as it is).
        var carriageReturnReferences = true
    }

    /// Content, attributes and the rest every element shares.
    static func pieces(_ forms: Forms) -> [String: [[GrammarSymbol]]] {
        let references = forms.carriageReturnReferences ? references : references.filter { $0 != "&#xD;" }
        let cdataCharacters: [Character] =
            ["a", "<", "&", "]", " ", "\n"] + (forms.carriageReturnsInCDATA ? ["\r\n", "\r"] : [])
        return [
            "space": [[], [" "], ["\n"]],
            "attributes": [[.rule("attribute x"), .rule("attribute y")]],
            "attribute x": [[], [" x", .rule("equals"), .rule("attribute value")]],
            "attribute y": [[], [" y", .rule("equals"), .rule("attribute value")]],
            "equals": [["="], [" = "]],
            "attribute value": [
                ["\"", .repeated("attribute part", 0...3), "\""], ["'", .repeated("attribute part", 0...3), "'"],
            ],
            // Both quotes only as references, so that one part fits either delimiter.
            "attribute part": [
                [.generated(characters(textCharacters.filter { $0 != "\"" && $0 != "'" }, 1...3))],
                [.generated(Gen.element(of: references))],
            ],
            "text": [[.rule("character data")], [.rule("cdata")], [.rule("comment")], [.rule("instruction")]],
            "character data": [
                [.generated(characters(textCharacters, 1...3))], [.generated(Gen.element(of: references))],
            ],
            "cdata": [["<![CDATA[", .generated(characters(cdataCharacters, 0...4)), "]]>"]],
            "comment": [["<!--", .generated(characters(["a", " ", "<", "&"], 0...3)), "-->"]],
            "instruction": [["<?pi ", .generated(characters(["a", " "], 0...2)), "?>"]]
                + (forms.instructionsWithoutData ? [["<?pi?>"]] : []),
            "prolog": [
                [], ["<?xml version=\"1.0\"?>"], ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"],
                [.rule("comment"), "\n"],
            ],
            "misc": [[], ["\n"], [.rule("comment")], [.rule("instruction")]],
        ]
    }

    /// Any well-formed document of `forms`: a prolog, one element nested up to four deep, what may follow it.
    /// The depth counts every rule on the cycle an element nests through.
    static func documents(_ forms: Forms = Forms()) -> Gen<String> {
        var rules = pieces(forms).merging(names.map(elementRules).reduce(into: [:]) { $0.merge($1) { a, _ in a } }) {
            a, _ in a
        }
        rules["document"] = [[.rule("prolog"), .rule("element"), .rule("misc")]]
        rules["element"] = names.map { [.rule("element \($0)")] }
        rules["content"] = [[.rule("text")], [.rule("element")]]
        // Three rules a level: "element", "element a", "content".
        return Gen.grammar(start: "document", depth: 12, rules: rules)
    }

    /// `<note x="…"><text>…</text></note>`: one attribute and one element of text, in the forms of `forms`,
    /// for a decoder of a `Note` to read.
    static func notes(_ forms: Forms = Forms()) -> Gen<String> {
        var rules = pieces(forms)
        let text: GrammarSymbol = forms.cdataAfterText ? .repeated("text", 0...4) : .rule("cdata first")
        rules["document"] = [
            [
                .rule("prolog"), "<note x", .rule("equals"), .rule("attribute value"), .rule("space"), ">",
                "<text>", text, "</text>", "</note>", .rule("misc"),
            ]
        ]
        if !forms.cdataAfterText {
            rules["cdata first"] = [[.rule("cdata or nothing"), .repeated("text", 0...4)]]
            rules["cdata or nothing"] = [[], [.rule("cdata")]]
            rules["text"] = [[.rule("character data")], [.rule("comment")], [.rule("instruction")]]
        }
        for unused in ["attributes", "attribute x", "attribute y"] { rules[unused] = nil }
        return Gen.grammar(start: "document", rules: rules)
    }
}
