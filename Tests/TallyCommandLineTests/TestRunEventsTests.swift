import Foundation
import Testing

@testable import TallyCommandLine

/// ``TestRunEvents``: what Swift Testing's event stream, or XCTest's output, says about a run cut short.
@Suite struct TestRunEventsTests {
    static let slowID = "ShopTests.Slow/waits(for:)/Slow.swift:12:6"
    static let quickID = "ShopTests.quick()/Quick.swift:3:2"

    /// A `test` record of a test function, as Swift Testing writes one before the run starts.
    static func function(_ id: String, fileID: String, line: Int) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"f()","#
            + #""sourceLocation":{"_filePath":"/p/Tests/\#(fileID)","column":2,"fileID":"\#(fileID)","#
            + #""line":\#(line)}},"version":0}"#
    }

    static func event(_ kind: String, _ id: String? = nil) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)""# + (id.map { #","testID":"\#($0)""# } ?? "")
            + #"},"version":0}"#
    }

    @Test func aTestStartedAndNotEndedIsStillRunningAndNamedWithItsPlace() {
        let lines = [
            Self.function(Self.slowID, fileID: "ShopTests/Slow.swift", line: 12),
            Self.function(Self.quickID, fileID: "ShopTests/Quick.swift", line: 3),
            Self.event("runStarted"), Self.event("testStarted", "ShopTests.Slow"),
            Self.event("testStarted", Self.slowID),
            Self.event("testStarted", Self.quickID), Self.event("testEnded", Self.quickID),
            // The last line, cut by the kill.
            #"{"kind":"event","payload":{"ki"#,
        ]
        let events = TestRunEvents(lines.joined(separator: "\n"))
        #expect(!events.reachedEnd)
        #expect(
            events.running == [.init(id: Self.slowID, place: "ShopTests/Slow.swift:12")],
            "the suite is not a test that runs")
        #expect(events.runningDescription == "ShopTests.Slow/waits(for:) (ShopTests/Slow.swift:12)")
        #expect(events.running.first?.filter == "ShopTests.Slow/waits")
    }

    /// XCTest has no event stream, but prints and flushes a line as each case starts and ends.
    @Test func anXCTestCaseStartedAndNotEndedIsStillRunning() {
        let output = """
            Test Suite 'Selected tests' started at 2026-11-29 04:05:17.010
            Test Case 'RoundingTests.testHalfACentRoundsUp' started at 2026-11-29 04:05:17.012
            Test Case 'RoundingTests.testHalfACentRoundsUp' passed (0.003 seconds)
            Test Case 'LapsTests.testFailsFirst' started at 2026-11-29 04:05:17.020
            /p/Tests/LapsTests/LapsTests.swift:8: error: LapsTests.testFailsFirst : XCTAssertEqual failed
            Test Case 'LapsTests.testFailsFirst' failed (0.001 seconds)
            Test Case 'LapsTests.testWaitsForever' started at 2026-11-29 04:05:17.030
            """
        #expect(TestRunEvents.xctestRunning(in: output) == ["LapsTests.testWaitsForever"])
        #expect(
            TestRunEvents.xctestRunning(in: output.split(separator: "\n").prefix(3).joined(separator: "\n")).isEmpty)
    }

    @Test func aRunThatReportsItsEndReachedIt() {
        let lines = [
            Self.function(Self.quickID, fileID: "ShopTests/Quick.swift", line: 3), Self.event("runStarted"),
            Self.event("runEnded"),
        ]
        let events = TestRunEvents(lines.joined(separator: "\n"))
        #expect(events.reachedEnd)
        #expect(events.runningDescription == nil)
    }
}
