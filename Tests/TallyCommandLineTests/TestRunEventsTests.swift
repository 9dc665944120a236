import Foundation
@testable import TallyCommandLine
import Testing

/// ``TestRunEvents``: what Swift Testing's event stream says about a run cut short.
@Suite struct TestRunEventsTests {
    static let slowID = "ShopTests.Slow/waits(for:)/Slow.swift:12:6"
    static let quickID = "ShopTests.quick()/Quick.swift:3:2"

    /// A `test` record of a test function, as Swift Testing writes one before the run starts.
    static func function(_ id: String, fileID: String, line: Int) -> String {
        #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"f()","#
            + #""sourceLocation":{"_filePath":"/p/Tests/\#(fileID)","column":2,"fileID":"\#(fileID)","line":\#(line)}},"version":0}"#
    }

    static func event(_ kind: String, _ id: String? = nil) -> String {
        #"{"kind":"event","payload":{"kind":"\#(kind)""# + (id.map { #","testID":"\#($0)""# } ?? "") + #"},"version":0}"#
    }

    @Test func aTestStartedAndNotEndedIsStillRunningAndNamedWithItsPlace() {
        let lines = [
            Self.function(Self.slowID, fileID: "ShopTests/Slow.swift", line: 12), Self.function(Self.quickID, fileID: "ShopTests/Quick.swift", line: 3),
            Self.event("runStarted"), Self.event("testStarted", "ShopTests.Slow"), Self.event("testStarted", Self.slowID),
            Self.event("testStarted", Self.quickID), Self.event("testEnded", Self.quickID),
            // The last line, cut by the kill.
            #"{"kind":"event","payload":{"ki"#,
        ]
        let events = TestRunEvents(lines.joined(separator: "\n"))
        #expect(!events.reachedEnd)
        #expect(events.running == [.init(id: Self.slowID, place: "ShopTests/Slow.swift:12")], "the suite is not a test that runs")
        #expect(events.runningDescription == "ShopTests.Slow/waits(for:) (ShopTests/Slow.swift:12)")
        #expect(events.running.first?.filter == "ShopTests.Slow/waits")
    }

    @Test func aRunThatReportsItsEndReachedIt() {
        let lines = [Self.function(Self.quickID, fileID: "ShopTests/Quick.swift", line: 3), Self.event("runStarted"), Self.event("runEnded")]
        let events = TestRunEvents(lines.joined(separator: "\n"))
        #expect(events.reachedEnd)
        #expect(events.runningDescription == nil)
    }
}
