/// One field of a CSV record, with where it starts in the file.
public struct CSVField: Hashable, Sendable {
    /// The field's text, with quotes removed and doubled quotes undone.
    public var text: String
    /// The physical line where the field starts.
    public var line: Int
    /// The character column where the field starts.
    public var column: Int
    /// The bytes the field takes in the file, quotes included, for editing cells in place.
    public var byteRange: Range<Int> = 0..<0
}

/// One record (row) of a CSV file; a record may span several physical lines when quoted fields hold
/// line breaks.
public struct CSVRecord: Hashable, Sendable {
    /// The physical line where the record starts.
    public var line: Int
    /// The record's row number in a spreadsheet, which counts a record spanning lines once (and does
    /// not count an Excel `sep=` line).
    public var row: Int
    /// The physical line where the record ends.
    public var endLine: Int
    /// The record's fields, in order.
    public var fields: [CSVField]

    /// The fields' texts.
    public var texts: [String] { fields.map(\.text) }
}
