/// One column a table shape declares: an input the engine reads, or an expected output (its name ends
/// in `?`, FitNesse style: `patient pays?`).
public struct TableColumn: Sendable {
    /// The header text, such as `allowed` or `patient pays?`.
    public let name: String
    /// How its cells are read and written.
    public let kind: CellKind
    /// Whether a table must have this column: inputs and outputs alike are required unless the spec
    /// declares them optional, so a table cannot check less than its spec says by leaving a column out.
    public let isRequired: Bool
    /// For a column naming things of a setup table, that table's definitions for a table's path and binding.
    var setupDefinitions: (@Sendable (String, String) throws(SetupTableError) -> SetupDefinitions)?
    /// For a column naming a value of another column in an earlier step of the scenario, that column.
    var earlierStepColumn: String? = nil

    /// Whether this is an expected-output column.
    public var isOutput: Bool { name.hasSuffix("?") }

    /// An input column; `required: false` lets tables leave it out (its cells then read as empty).
    public static func input(_ name: String, _ kind: CellKind, required: Bool = true) -> TableColumn {
        precondition(!name.hasSuffix("?"), "input column names do not end in ?: \(name)")
        return TableColumn(name: name, kind: kind, isRequired: required)
    }

    /// An expected-output column; `name` must end in `?`. `required: false` lets tables leave it out,
    /// for an output that only some tables check (such as an `error?` column).
    public static func output(_ name: String, _ kind: CellKind, required: Bool = true) -> TableColumn {
        precondition(name.hasSuffix("?"), "output column names end in ?: \(name)")
        return TableColumn(name: name, kind: kind, isRequired: required)
    }

    /// The header text normalized for matching: lowercased, spaces trimmed and collapsed.
    package static func normalize(_ header: String) -> String {
        header.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// The columns every table accepts besides its own.
public enum StandardColumn: String, CaseIterable, Sendable {
    /// A row's name, used instead of `file:line` in test names and reports.
    case id
    /// Free text for people; ignored by the runner.
    case note
    /// Words that select rows (`--tag`, `TALLY_TAGS`), separated by spaces or commas.
    case tags
    /// Empty for a normal row; `pending` for a known issue (run, expected to fail, never skipped
    /// silently); `review` for a row whose expected values a person must confirm.
    case status

    /// What the column is for, in a few words, for messages.
    var role: String {
        switch self {
        case .id: "a row's name"
        case .note: "free text for people"
        case .tags: "words that select rows"
        case .status: "pending or review"
        }
    }
}
