/// A ``RowResult`` without its row, as JSON: how `tally check-worker` sends back what running a row
/// found, to the `tally check` or `tally tables run` that holds the row.
package struct RowResultRecord: Codable, Sendable, Equatable {
    /// The verdict's raw value.
    package var verdict: String
    package var mismatches: [RowResult.Mismatch]
    package var error: String?
    package var actual: [String: String]
    package var cellsCompared: Int

    /// The record of `result`.
    package init(_ result: RowResult) {
        verdict = result.verdict.rawValue
        mismatches = result.mismatches
        error = result.error
        actual = result.actual
        cellsCompared = result.cellsCompared
    }

    /// The result of `row` this record describes; `nil` when its verdict is not one Tally knows.
    package func result(for row: TableRow) -> RowResult? {
        guard let verdict = RowResult.Verdict(rawValue: verdict) else { return nil }
        return RowResult(
            row: row, verdict: verdict, mismatches: mismatches, error: error, actual: actual,
            cellsCompared: cellsCompared)
    }
}
