import Foundation
import Testing
@testable import Tally

@Suite struct FlightRecorderTests {
    static func path() -> String { NSTemporaryDirectory() + "tally-flight-test-" + UUID().uuidString }

    @Test func theCaseInFlightCanBeReadBackFromAnotherReader() throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try FlightRecorder(path: path)
        recorder.propertyIndex = 3
        let first: [UInt64] = [1, 2, 3], second: [UInt64] = [UInt64.max, 0]
        recorder.record(first)
        recorder.record(second)
        let read = try #require(FlightRecorder.read(path: path))
        #expect(read.propertyIndex == 3)
        #expect(read.casesStarted == 2)
        #expect(read.choices == ChoiceSequence(second))
        #expect(recorder.casesStarted == 2)
    }

    @Test func missingOrForeignFilesReadAsNothing() throws {
        #expect(FlightRecorder.read(path: Self.path()) == nil)
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try AtomicFile.write("not a flight recorder", to: path)
        #expect(FlightRecorder.read(path: path) == nil)
    }

    @Test func aRunWithARecorderRecordsEveryCase() async throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = 50
        configuration.flightRecorder = try FlightRecorder(path: path)
        _ = await Property("recorded", Gen.int(in: 0...9)) { _ in }.check(configuration)
        #expect(FlightRecorder.read(path: path)?.casesStarted == 50)
    }
}
