import Foundation
import Testing
import TrialSupport
import Yams

/// The YAML and XML grammars of `YamsGrammarTrials` and `XMLCoderGrammarTrials` checked on their own: a form
/// the documents never held would pass its trial unread, so each is required in a share of documents
/// (`cover`: 1% of YAML documents, where a timestamp is one plain word in sixteen; 2% of XML documents), read
/// back through the package's parser where the text alone cannot tell.
@Suite struct GrammarDocumentsChecks {
    /// Every node of `node`, itself first.
    static func nodes(_ node: Node) -> [Node] {
        let children = node.mapping.map { Array($0.keys) + Array($0.values) } ?? node.sequence.map(Array.init) ?? []
        return [node] + children.flatMap(nodes)
    }

    /// How deep flow collections nest in a document of ``YAMLDocuments``: its brackets, quoted scalars taken
    /// out (`compose` does not keep a collection's style).
    static func flowDepth(_ text: String) -> Int {
        let unquoted = text.replacing(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"/, with: "")
        var depth = 0
        var deepest = 0
        for character in unquoted {
            if "[{".contains(character) { depth += 1 }
            if "]}".contains(character) { depth -= 1 }
            deepest = max(deepest, depth)
        }
        return deepest
    }

    @Test func yamlDocumentsHoldEveryForm() async {
        await Trial("YAML documents hold every form", YAMLDocuments.documents) { text in
            let composed = try YamsGrammarTrials.composed(text)
            let all = composed.map(Self.nodes) ?? []
            let styles = Set(all.compactMap { $0.scalar?.style })
            let tags = Set(all.map(\.tag.rawValue))
            for (form, holds) in [
                ("a mapping that repeats a key (rejected with its position)", composed == nil),
                ("a block collection three levels deep", text.contains("\n    ") || text.hasPrefix("    ")),
                ("a flow collection in a flow collection", Self.flowDepth(text) >= 2),
                ("a literal block scalar", styles.contains(.literal)),
                ("a folded block scalar", styles.contains(.folded)),
                ("a single-quoted scalar holding ''", text.contains("''") && styles.contains(.singleQuoted)),
                ("a double-quoted scalar with an escape", styles.contains(.doubleQuoted) && text.contains("\\")),
                ("a comment", text.contains(" # ")),
                ("a null", tags.contains("tag:yaml.org,2002:null")),
                ("an int", tags.contains("tag:yaml.org,2002:int")),
                ("a float", tags.contains("tag:yaml.org,2002:float")),
                ("a bool", tags.contains("tag:yaml.org,2002:bool")),
                ("a timestamp", tags.contains("tag:yaml.org,2002:timestamp")),
            ] {
                cover(1, holds, form)
            }
        }.expectHolds(cases: 1000)
    }

    /// XML 1.0's readings, as ``XMLReferenceReader`` gives them: line ends (§2.11) but not a CR written as a
    /// reference, an attribute's literal white space as spaces (§3.3.3), CDATA as it is written.
    @Test(
        arguments: [
            ("<note x=\"a&#9;b\tc\"><text>x</text></note>", "a\tb c", "x"),
            ("<note x=''><text>a\r\nb\rc</text></note>", "", "a\nb\nc"),
            ("<note x=\"\"><text>&lt;&#x263A;<![CDATA[&amp;\r\n]]><!-- c -->b</text></note>", "", "<☺&amp;\nb"),
            ("<note x=\"\"><text>a&#xD;\r\nb</text></note>", "", "a\r\nb"),
            ("<note x = \"&quot;'\"><text><?pi a?></text></note>\n", "\"'", ""),
        ] as [(String, String, String)])
    func xmlReferenceReadsTheSpecificationsExamples(document: String, x: String, text: String) {
        #expect(XMLReferenceReader.note(document) == .init(x: x, text: text), "\(String(reflecting: document))")
    }

    /// How deep elements nest in `document`: CDATA sections, comments and instructions taken out first.
    static func elementDepth(_ document: String) -> Int {
        let markup = document.replacing(/<!\[CDATA\[.*?\]\]>|<!--.*?-->|<\?.*?\?>/.dotMatchesNewlines(), with: "")
        var depth = 0
        var deepest = 0
        for tag in markup.matches(of: /<(\/?)[^>]*?(\/?)>/) {
            if !tag.output.1.isEmpty {
                depth -= 1
            } else if tag.output.2.isEmpty {
                depth += 1
            }
            deepest = max(deepest, depth + (tag.output.2.isEmpty ? 0 : 1))
        }
        return deepest
    }

    @Test func xmlDocumentsHoldEveryForm() async {
        await Trial("XML documents hold every form", XMLDocuments.documents()) { text in
            for (form, holds) in [
                ("elements four deep", Self.elementDepth(text) >= 4),
                ("an empty-element tag", text.contains("/>")),
                ("an attribute in single quotes", text.contains("='") || text.contains("= '")),
                ("two attributes", text.contains(" y") && text.contains(" x")),
                ("a CDATA section", text.contains("<![CDATA[")),
                ("a comment", text.contains("<!--")),
                ("a processing instruction without data", text.contains("<?pi?>")),
                ("a character reference", text.contains("&#")),
                ("an entity reference", text.contains("&amp;") || text.contains("&lt;")),
                ("a CR in text", text.contains("\r")),
                ("an XML declaration", text.hasPrefix("<?xml")),
            ] {
                cover(2, holds, form)
            }
        }.expectHolds(cases: 1000)
    }
}
