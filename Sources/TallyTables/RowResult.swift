/// What running one row found.
public struct RowResult: Sendable {
    /// The verdict.
    public enum Verdict: String, Sendable {
        /// Every expected cell matched.
        case passed
        /// An expected cell did not match, an expected cell was empty, or the engine threw.
        case failed
        /// The row could not run: a bad cell, or a problem with its table.
        case invalid
        /// A `pending` row failed, as expected (a known issue).
        case knownIssue
        /// A `pending` row passed: clear its status.
        case unexpectedPass
    }

    /// One expected cell that disagrees with the engine.
    public struct Mismatch: Sendable, Equatable, Codable {
        /// The output column.
        public var column: String
        /// The expected cell as written (empty for a fill-in).
        public var expected: String
        /// The engine's value, as a cell would hold it.
        public var actual: String

        /// `patient pays?: expected $230.00, actual $350.00`, or a fill-in hint for an empty cell.
        public var description: String {
            let (expected, actual) = (expected.escapingControlCharacters, actual.escapingControlCharacters)
            return expected.isEmpty
                ? "\(column): expected cell is empty, actual \(actual) (paste \(actual) into the cell)"
                : "\(column): expected \(expected), actual \(actual)"
        }
    }

    /// The row.
    public let row: TableRow
    /// The verdict.
    public let verdict: Verdict
    /// Mismatching cells.
    public let mismatches: [Mismatch]
    /// What the engine threw, if it did.
    public let error: String?
    /// The engine's value of every output column, formatted as cells.
    public let actual: [String: String]
    /// How many expected cells were compared with the engine's values.
    public var cellsCompared = 0
    /// How the engine ended the process that ran the row, when it did (`tally check` and `tally tables
    /// run` run rows in a worker process): `crashed with signal 4 (SIGILL) while running the row`, then
    /// the runtime's message and the place of the crash; or `hung: …`.
    public var crash: String?

    /// Whether the run of this row counts as success (passed, or a known issue that still fails).
    public var isSuccess: Bool { verdict == .passed || verdict == .knownIssue }

    /// The full explanation: location, each mismatch, the error, the inputs.
    public var message: String {
        var lines: [String] = []
        switch verdict {
        case .passed:
            lines.append("\(row.name) passed")
        case .invalid where row.standsForProblems:
            lines.append("\(row.name):")
            lines += row.problems.map { "  \($0)" }
        case .invalid:
            lines.append("\(row.name) cannot run:")
            lines += row.problems.map { "  \($0)" }
        case .failed, .knownIssue:
            lines.append("\(row.name) \(verdict == .knownIssue ? "failed (pending: a known issue)" : "failed"):")
            lines += mismatches.map { "  " + $0.description }
            if let error { lines.append("  the engine threw: \(error.escapingControlCharacters)") }
            if let crash {
                lines += crash.split(separator: "\n").enumerated().map {
                    "  " + ($0.offset == 0 ? "the engine " : "") + $0.element
                }
            }
            if !row.inputSummary.isEmpty { lines.append("  inputs: \(row.inputSummary)") }
        case .unexpectedPass:
            lines.append("\(row.name) is marked pending but passes now: clear its status cell")
        }
        if row.status == .review && verdict != .invalid {
            lines.append("  status review: confirm the expected values, then clear the status cell")
        }
        return lines.joined(separator: "\n")
    }
}

extension RowResult {
    /// The failure of `row`, whose engine ended the process running it as `crash` says (see
    /// ``crash``): it fails even when pending, since a crash is not the known issue the row tracks
    /// (under `swift test` it ends the run).
    package static func crashed(_ row: TableRow, _ crash: String) -> RowResult {
        RowResult(row: row, verdict: .failed, mismatches: [], error: nil, actual: [:], cellsCompared: 0, crash: crash)
    }

    /// The result of `row` read but not run, as `tables lint` counts it: invalid when it has problems.
    package static func linted(_ row: TableRow) -> RowResult {
        RowResult(row: row, verdict: row.problems.isEmpty ? .passed : .invalid, mismatches: [], error: nil, actual: [:])
    }
}

extension TableRow {
    /// Runs the row against its spec and compares every expected cell.
    public func run() async -> RowResult {
        guard problems.isEmpty, let spec else {
            return RowResult(row: self, verdict: .invalid, mismatches: [], error: nil, actual: [:], cellsCompared: 0)
        }
        var mismatches: [RowResult.Mismatch] = []
        var thrown: String?
        var actualTexts: [String: String] = [:]
        var compared = 0
        do {
            let actual = try await spec.evaluate(specInput)
            var normalizedActual: [String: CellValue] = [:]
            for (column, value) in actual { normalizedActual[TableColumn.normalize(column)] = value }
            for output in spec.columns where output.isOutput {
                if let value = normalizedActual[TableColumn.normalize(output.name)] {
                    actualTexts[output.name] = output.kind.format(value)
                }
            }
            for cell in expected {
                let actualValue = normalizedActual[TableColumn.normalize(cell.column.name)] ?? .empty
                compared += 1
                // An empty expected cell passes only when the engine has nothing to say for it either.
                if actualValue != cell.value {
                    let shown = cell.column.kind.format(actualValue)
                    mismatches.append(
                        .init(
                            column: cell.column.name, expected: cell.text.trimmingSpaces,
                            actual: shown.isEmpty ? "(nothing)" : shown))
                }
            }
        } catch {
            thrown = String(describing: error)
        }
        let failed = !mismatches.isEmpty || thrown != nil
        let verdict: RowResult.Verdict =
            switch (status, failed) {
            case (.pending, true): .knownIssue
            case (.pending, false): .unexpectedPass
            case (_, true): .failed
            case (_, false): .passed
            }
        return RowResult(
            row: self, verdict: verdict, mismatches: mismatches, error: thrown, actual: actualTexts,
            cellsCompared: compared)
    }
}
