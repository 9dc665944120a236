import Foundation
import Tally
import Testing

/// A test that hangs, for ``TestPropertiesTests`` to see the run that finds the tests' properties
/// stopped rather than waited for. Enabled only in such a run of those tests' children
/// (`TALLY_PLANTED_TRAP=1` and `TALLY_TEST_SURVEY` set), so no other run meets it.
@Suite(
    .enabled(
        if: ["TALLY_PLANTED_TRAP", PropertySurvey.variable].allSatisfy {
            ProcessInfo.processInfo.environment[$0] != nil
        },
        """
        hangs on purpose: runs in a survey run of TestPropertiesTests, \
        with TALLY_PLANTED_TRAP=1 and TALLY_TEST_SURVEY set
        """
    ))
struct PlantedSurveyHang {
    /// Ten minutes asleep: long enough to be stopped, short enough to end should the stop ever fail.
    @Test func neverEnds() {
        sleep(600)
    }
}
