import Foundation
import Testing

@testable import Tally
@testable import TallyCommandLine

/// One escaper for every Markdown report: a name shows as itself in `tally check --report x.md` as in
/// the fuzz and mutation reports.
@Suite struct MarkdownTextTests {
    /// Before, the check report wrote a property's name with the cell escaper, which leaves Markdown's
    /// emphasis alone: `pays_at_most_the_cap` showed in italics, the fuzz report escaped it.
    @Test func aPropertyNameShowsAsItselfInTheCheckReport() {
        let result = PropertyResult(
            propertyID: "pays_at_most_the_cap", outcome: .passed, seed: 1, casesRun: 100, casesDiscarded: 0,
            duration: .milliseconds(3), labels: LabelCounts())
        let report = Reports.markdown(
            rows: [], properties: [.init(name: "claims/pays_at_most_the_cap*", result: result, report: nil)])
        #expect(report.contains("| claims/pays\\_at\\_most\\_the\\_cap\\* | ✅ passed | 100 | 3 |"), "\(report)")
        #expect(MarkdownText.inline("claims/pays_at_most_the_cap*") == "claims/pays\\_at\\_most\\_the\\_cap\\*")
    }
}
