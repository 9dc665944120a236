/// What one spec's requirement tables, read under `swift test`, made of one row selector
/// (`TALLY_ROWS=claims/visits.csv`, `TALLY_TAGS=oop`), for the whole run to judge at exit: each test
/// target reads only its own specs' tables, so none can tell that a selector selected nothing anywhere.
public struct RowSelectorOutcome: Sendable {
    /// The selector as the person wrote it: `TALLY_ROWS=claims/visits.csv:14`, `TALLY_TAGS=oop`.
    public var selector: String
    /// What the selector asks for, without its variable: `claims/visits.csv:14`, `oop`.
    public var asked: String
    /// Whether it selected a row of these tables.
    public var selectedRows: Bool
    /// Whether these tables already failed a test because of it (the run is red, and said why).
    public var failed: Bool
    /// The specs whose tables were read: `claims`.
    public var specs: [String]
    /// What the selector could have meant among these tables: their paths, or their rows' tags.
    public var names: [String]
    /// Why the selector selected nothing here, when it is not simply that no row matches it.
    public var hint: String?

    /// The outcome of `selector`, which asks for `asked`, among the tables of `specs`.
    public init(
        selector: String, asked: String, selectedRows: Bool, failed: Bool, specs: [String], names: [String],
        hint: String? = nil
    ) {
        self.selector = selector
        self.asked = asked
        self.selectedRows = selectedRows
        self.failed = failed
        self.specs = specs
        self.names = names
        self.hint = hint
    }

    /// Adds this outcome to the record of the test process, which judges every selector at exit.
    public func record() {
        SelectionLedger.shared.record(self)
    }

    /// Tells the record of the test process that this run read requirement tables, so that its property
    /// selectors are judged at exit even when no property comes up.
    public static func noteTablesRan(environment: [String: String]) {
        SelectionLedger.shared.noteTablesRan(environment: environment)
    }

    /// This outcome merged with `other`'s, another spec's outcome of the same selector.
    func merged(with other: RowSelectorOutcome) -> RowSelectorOutcome {
        var sum = self
        sum.selectedRows = selectedRows || other.selectedRows
        sum.failed = failed || other.failed
        sum.specs += other.specs.filter { !specs.contains($0) }
        sum.names += other.names.filter { !names.contains($0) }
        sum.hint = hint ?? other.hint
        return sum
    }

    /// The error of a selector that selected no row in the whole run, or `nil`.
    var problem: String? {
        guard !selectedRows, !failed else { return nil }
        let nearest = nearestNames(to: asked, among: names)
        let known =
            nearest.isEmpty
            ? (names.isEmpty ? "" : "; those there include \(names.sorted().prefix(3).joined(separator: ", "))")
            : "; nearest: \(nearest.joined(separator: ", "))"
        return
            "\(selector) selects no row in this test run, which read the tables of \(specs.joined(separator: ", ")): "
            + (hint ?? "none of their rows matches it") + known
    }
}
