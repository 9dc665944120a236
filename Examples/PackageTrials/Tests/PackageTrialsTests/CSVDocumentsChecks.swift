import Testing
import TrialSupport

/// The oracle and the generator of `CSVGrammarTrials` checked on their own: a wrong reference reader would
/// make findings of its own mistakes, and a grammar that never writes a form would pass it unread.
@Suite struct CSVDocumentsChecks {
    /// RFC 4180's examples (section 2), and the readings this reader chose where the RFC is ambiguous.
    @Test(
        arguments: [
            ("aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n", [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]]),
            ("aaa,bbb,ccc\r\nzzz,yyy,xxx", [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]]),
            ("\"aaa\",\"bbb\",\"ccc\"\r\nzzz,yyy,xxx", [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]]),
            ("\"aaa\",\"b\r\nbb\",\"ccc\"\r\nzzz,yyy,xxx", [["aaa", "b\r\nbb", "ccc"], ["zzz", "yyy", "xxx"]]),
            ("\"aaa\",\"b\"\"bb\",\"ccc\"", [["aaa", "b\"bb", "ccc"]]),
            ("", []), ("\n", [[""]]), ("a,\n\n", [["a", ""], [""]]), (" a ,\"\"", [[" a ", ""]]),
            ("\"\r\"\n", [["\r"]]),
        ] as [(String, [[String]])])
    func referenceReadsTheRFCsExamples(text: String, records: [[String]]) throws {
        #expect(try ReferenceCSVReader.records(text) == records, "\(String(reflecting: text))")
    }

    @Test(arguments: ["a\"b", "\"a", "\"a\"b", "a\rb", "\"a\"\rb"])
    func referenceRejectsWhatTheGrammarNeverWrites(text: String) {
        #expect(throws: ReferenceCSVReader.Malformed.self, "\(String(reflecting: text))") {
            try ReferenceCSVReader.records(text)
        }
    }

    /// Every field quoted, quotes doubled, CRLF between records: the reference reads the table back.
    @Test func referenceReadsBackAnRFC4180Writer() async {
        await Trial("the reference reads back an RFC 4180 table", SwiftCSVTrials.tables(Text.strings)) { table in
            try ensureEqual(try ReferenceCSVReader.records(SwiftCSVTrials.rfc4180(table)), table.rows)
        }.expectHolds(cases: 1000)
    }

    /// Each form the grammar promises, in a share of documents; where the grammar nests deepest (a later
    /// field of a later record) too, which a `depth` one short once silently left out (`Gen.grammar` counted
    /// every rule's level then; now only a recursive rule's, and CSV's grammar has none).
    @Test func documentsHoldEveryForm() async {
        await Trial("RFC 4180 documents hold every form", CSVDocuments.documents(of: CSVDocuments.textData)) { text in
            let records = try ReferenceCSVReader.records(text)
            let fields = records.joined()
            let deepest = records.dropFirst().flatMap { $0.dropFirst() }
            // Characters: "\r\n" is one, so a field holding "\n" or "\r" holds a lone LF or CR.
            for (form, holds) in [
                ("a field holding a quote", fields.contains { $0.contains("\"") }),
                ("a field holding a comma", fields.contains { $0.contains(",") }),
                ("a field holding CRLF", fields.contains { $0.contains("\r\n") }),
                ("a field holding a lone LF", fields.contains { $0.contains("\n") }),
                ("a field holding a lone CR", fields.contains { $0.contains("\r") }),
                ("a field starting with a space", fields.contains { $0.hasPrefix(" ") }),
                ("an empty field", fields.contains("")),
                ("a quoted empty field", text.contains(",\"\",") || text.hasPrefix("\"\",")),
                ("a record of one empty field", records.contains([""])),
                ("records of different widths", Set(records.map(\.count)).count > 1),
                ("a line break in a later field of a later record", deepest.contains { $0.contains("\n") }),
                ("text ending in LF", text.hasSuffix("\n") && !text.hasSuffix("\r\n")),
                ("text ending in CRLF", text.hasSuffix("\r\n")),
                ("text ending in a field", !text.isEmpty && !text.hasSuffix("\n")),
            ] {
                cover(2, holds, form)
            }
        }.expectHolds(cases: 1000)
    }
}
