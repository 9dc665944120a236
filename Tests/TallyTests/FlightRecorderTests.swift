import Foundation
import TallyTestSupport
import Testing

@testable import Tally

@Suite struct FlightRecorderTests {
    @Test func theCaseInFlightCanBeReadBackFromAnotherReader() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/flight"
            let recorder = try FlightRecorder(path: path)
            recorder.propertyIndex = 3
            recorder.record(start: RandomSource(seed: 1))
            recorder.record(start: RandomSource(seed: 2))
            let read = try #require(FlightRecorder.read(path: path))
            #expect(read.propertyIndex == 3)
            #expect(read.casesStarted == 2)
            #expect(read.start.state == RandomSource(seed: 2).state)
            #expect(recorder.casesStarted == 2)
        }
    }

    @Test func theRecordedStateRegeneratesTheCaseInFlight() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/flight"
            let recorder = try FlightRecorder(path: path)
            let generator = Gen.int(in: 0...1_000).array(length: 0...10)
            var source = ChoiceSource(random: RandomSource(seed: 5), recording: false)
            for _ in 0..<7 { _ = generator.generate(&source) }
            recorder.record(start: source.randomState)
            var recording = ChoiceSource(random: source.randomState)
            let value = generator.generate(&recording)
            let property = Property("regenerated", generator) { _ in }
            let regenerated = property.choices(regeneratedFrom: try #require(FlightRecorder.read(path: path)).start)
            #expect(regenerated == recording.sequence)
            #expect(replay(generator, regenerated) == value)
        }
    }

    @Test func missingOrForeignFilesReadAsNothing() throws {
        try withTemporaryFolder { folder in
            #expect(FlightRecorder.read(path: folder + "/missing") == nil)
            try AtomicFile.write("not a flight recorder", to: folder + "/foreign")
            #expect(FlightRecorder.read(path: folder + "/foreign") == nil)
        }
    }

    @Test func aRunWithARecorderRecordsEveryCase() async throws {
        try await withTemporaryFolder { folder in
            let path = folder + "/flight"
            var configuration = RunConfiguration()
            configuration.exampleDirectory = nil
            configuration.iterations = 50
            configuration.flightRecorder = try FlightRecorder(path: path)
            _ = await Property("recorded", Gen.int(in: 0...9)) { _ in }.check(configuration)
            #expect(FlightRecorder.read(path: path)?.casesStarted == 50)
        }
    }
}
