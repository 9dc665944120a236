import Foundation
import Laps
import Testing

/// Three laps of a 400 m track are 1200 m; none is 0 m.
@Test func distanceAddsTheLaps() {
    #expect(Laps.distance(laps: 3, length: 400) == 1_200)
    #expect(Laps.distance(laps: 0, length: 400) == 0)
}

/// A test that hangs without any mutant, for the run that finds which tests reach each mutant to stop
/// and name it: enabled only when `LAPS_PLANTED_HANG` is set, as one step of MutateFixtureTests sets it.
@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["LAPS_PLANTED_HANG"] != nil,
        "a planted hang: run with LAPS_PLANTED_HANG=1, as MutateFixtureTests does"))
func waitsForAStartThatNeverComes() {
    // Ten minutes: long enough to be stopped, short enough to end should the stop ever fail.
    sleep(600)
}
