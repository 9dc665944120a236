import Foundation
import Testing
import TrialSupport

/// SwiftCSV 0.10.0 and CSV.swift 2.5.2 reading CSV text drawn from the grammar of RFC 4180
/// (``CSVDocuments``), compared with ``ReferenceCSVReader``: the text side of the CSV trials, where
/// `SwiftCSVTrials` and `CSVSwiftTrials` start from tables.
@Suite struct CSVGrammarTrials {
    /// SwiftCSV's records: its header, then its rows; no text, no record (where SwiftCSV gives an empty header).
    static func swiftCSV(_ text: String) throws -> [[String]] {
        let records = try SwiftCSVTrials.parse(text)
        return records == [[]] ? [] : records
    }

    /// `records` as SwiftCSV pads them on purpose (`testFillsIncompleteRows`, since
    /// [SwiftCSV#14](https://github.com/swiftcsv/SwiftCSV/pull/14)): every row after the header as wide as
    /// the widest of them.
    static func paddedAsSwiftCSVDoes(_ records: [[String]]) -> [[String]] {
        let width = records.dropFirst().map(\.count).max() ?? 0
        return records.prefix(1) + records.dropFirst().map { $0 + Array(repeating: "", count: width - $0.count) }
    }

    /// SwiftCSV reads `documents` as the reference does, its padding allowed; with `errorsAllowed`, a text it
    /// rejects with an error passes (a clear error is no silent change).
    static func swiftCSVAgrees(
        _ what: String, _ documents: Gen<String>, errorsAllowed: Bool = false
    ) -> Trial<String> {
        Trial("SwiftCSV reads \(what) as RFC 4180 does", documents) { text in
            let expected = paddedAsSwiftCSVDoes(try ReferenceCSVReader.records(text))
            guard let read = errorsAllowed ? try? swiftCSV(text) : try swiftCSV(text) else { return }
            try ensureEqual(read, expected, "read from \(String(reflecting: text))")
        }
    }

    static func csvSwiftAgrees(_ what: String, _ documents: Gen<String>) -> Trial<String> {
        Trial("CSV.swift reads \(what) as RFC 4180 does", documents) { text in
            let expected = try ReferenceCSVReader.records(text)
            try ensureEqual(try CSVSwiftTrials.read(text), expected, "read from \(String(reflecting: text))")
        }
    }

    static let ascii = CSVDocuments.documents(of: CSVDocuments.textData)
    static let asciiEndingInLineBreak = CSVDocuments.documents(of: CSVDocuments.textData, endsInLineBreak: true)
    static let utf8 = CSVDocuments.documents(of: CSVDocuments.utf8)
    static let utf8EndingInLineBreakNoLeadingSpace =
        CSVDocuments.documents(of: CSVDocuments.utf8, endsInLineBreak: true, leadingWhitespace: false)

    /// FINDINGS row 5 again, from text: the same `if !field.isEmpty` at the end of the text.
    @Test func swiftCSVDropsAnEmptyLastField() async {
        let trial = Self.swiftCSVAgrees("any RFC 4180 text", Self.ascii)
        await trial.expectKnownDefect(
            cases: 2000, shrinksTo: #""""#,
            #"""
            EnumeratedCSV(string: "\"\"") reads no record, not [[""]]; "a," reads [["a"]], not [["a", ""]]: \#
            an empty field last in text that does not end in a line break is dropped (FINDINGS row 5)
            """#)
    }

    /// Not a defect (FINDINGS, Not defects): SwiftCSV skips whitespace before a field on purpose
    /// ([SwiftCSV#96](https://github.com/swiftcsv/SwiftCSV/pull/96)); RFC 4180 keeps it. Pinned so that a
    /// change to it is seen.
    @Test func swiftCSVSkipsWhitespaceBeforeAnUnquotedField() async {
        let trial = Self.swiftCSVAgrees("RFC 4180 text ending in a line break", Self.asciiEndingInLineBreak)
        await trial.expectKnownDefect(
            cases: 2000, shrinksTo: " \r\n",
            #"""
            EnumeratedCSV(string: " \r\n") reads [[""]], not [[" "]]; " a,b " reads [["a", "b "]]: \#
            whitespace before an unquoted field is skipped, whitespace after it kept
            """#)
    }

    @Test func swiftCSVReadsRFC4180TextOtherwise() async {
        let documents =
            CSVDocuments.documents(of: CSVDocuments.textData, endsInLineBreak: true, leadingWhitespace: false)
        await Self.swiftCSVAgrees("RFC 4180 text ending in a line break, no field starting with a space", documents)
            .expectHolds(cases: 2000)
    }

    /// SwiftCSV parses `Character`s: a comma or a quote followed by a character that extends a grapheme
    /// (a combining mark, a joiner, an emoji modifier) is one `Character`, neither a comma nor a quote.
    @Test func swiftCSVMisreadsAFieldStartingWithAnExtendingCharacter() async {
        let trial = Self.swiftCSVAgrees(
            "UTF-8 RFC 4180 text (or rejects it)", Self.utf8EndingInLineBreakNoLeadingSpace, errorsAllowed: true)
        await trial.expectKnownDefect(
            cases: 2000, shrinksTo: ",\u{1F3FB}\r\n",
            #"""
            EnumeratedCSV(string: ",\u{1F3FB}\r\n") reads one field ",🏻", not ["", "🏻"]; \#
            ",\u{301}" reads [[",\u{301}"]] and "\"\u{301}\"" reads [["\"\u{301}"]], quote kept: \#
            a comma or a quote and the character after it are one Character
            """#)
    }

    @Test func csvSwiftReadsRFC4180Text() async {
        await Self.csvSwiftAgrees("any RFC 4180 text", Self.ascii).expectHolds(cases: 2000)
        await Self.csvSwiftAgrees("any UTF-8 RFC 4180 text", Self.utf8).expectHolds(cases: 2000)
    }
}
