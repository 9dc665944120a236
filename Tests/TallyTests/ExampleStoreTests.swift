import Foundation
import TallyTestSupport
import Testing

@testable import Tally

@Suite struct ExampleStoreTests {
    static func configuration(folder: String) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.seed = 3
        configuration.exampleDirectory = folder
        return configuration
    }

    @Test func failuresAreSavedAndReplayedFirst() async throws {
        try await withTemporaryFolder { folder in
            let property = Property("saved", Gen.int(in: 0...10_000)) { n in try ensure(n < 777, "n < 777") }
            let first = try #require(await property.check(Self.configuration(folder: folder)).counterexample)
            let path = try #require(first.savedPath)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == first.token.description + "\n")

            var otherSeed = Self.configuration(folder: folder)
            otherSeed.seed = 12_345
            let second = await property.check(otherSeed)
            #expect(second.counterexample?.origin == .savedExample(path: path))
            #expect(second.counterexample?.value == "777")
            #expect(second.casesRun == 1)
        }
    }

    @Test func savedFailuresThatNowPassAreRemoved() async throws {
        try await withTemporaryFolder { folder in
            let store = ExampleStore(directory: folder)
            let path = try store.save(ReplayToken(propertyID: "fixed", choices: [3]), propertyID: "fixed")
            let fixed = Property("fixed", Gen.int(in: 0...10)) { _ in }
            #expect(await fixed.check(Self.configuration(folder: folder)).passed)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: store.folder(for: "fixed")), "no empty folder stays behind")
            #expect(FileManager.default.fileExists(atPath: folder), "the store itself stays")
        }
    }

    @Test func corruptTruncatedAndForeignFilesAreSkippedWithOneWarningEach() throws {
        try withTemporaryFolder { folder in
            let store = ExampleStore(directory: folder)
            let good = try store.save(ReplayToken(propertyID: "p", choices: [1, 2]), propertyID: "p")
            let propertyFolder = store.folder(for: "p")
            try AtomicFile.write("not a token", to: propertyFolder + "/corrupt.token")
            try AtomicFile.write(
                ReplayToken(propertyID: "p", choices: [300]).description.dropLast(1) + "\n",
                to: propertyFolder + "/truncated.token")
            try AtomicFile.write(
                ReplayToken(propertyID: "q", choices: [1]).description, to: propertyFolder + "/foreign.token")
            try Data([0xFF, 0xFE]).write(to: URL(fileURLWithPath: propertyFolder + "/binary.token"))
            var warnings: [String] = []
            let loaded = store.load(propertyID: "p") { warnings.append($0) }
            #expect(loaded.map(\.path) == [good])
            #expect(warnings.count == 4)
            #expect(warnings.allSatisfy { $0.hasPrefix("tally: warning: skipped saved example \(propertyFolder)/") })
            #expect(warnings.contains { $0.contains("foreign.token: it belongs to another property") })
            #expect(warnings.contains { $0.contains("binary.token: not readable UTF-8 text") })
        }
    }

    @Test func concurrentSavesLoseNothing() async throws {
        try await withTemporaryFolder { folder in
            let store = ExampleStore(directory: folder)
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<50 {
                    group.addTask {
                        _ = try? store.save(ReplayToken(propertyID: "p", choices: [UInt64(value)]), propertyID: "p")
                    }
                }
            }
            let loaded = store.load(propertyID: "p") { _ in }
            #expect(Set(loaded.map(\.token.choices)) == Set((0..<50).map { ChoiceSequence([UInt64($0)]) }))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.folder(for: "p")).filter {
                $0.hasSuffix(".tmp")
            }
            #expect(leftovers.isEmpty)
        }
    }
}

/// A failure that cannot be saved says so in its report ("Not saved: …", as `tally fuzz` does), in
/// words, so nobody expects the next run to replay it first.
@Suite struct UnsavedFailureTests {
    @Test func aFailureThatCannotBeSavedSaysWhyInItsReport() async throws {
        try await withTemporaryFolder { folder in
            _ = FileManager.default.createFile(atPath: folder + "/blocker", contents: nil)
            let property = Property("unsaved", Gen.int(in: 0...10_000)) { n in try ensure(n < 777, "n < 777") }
            let result = await property.check(ExampleStoreTests.configuration(folder: folder + "/blocker/examples"))
            let example = try #require(result.counterexample)
            #expect(example.savedPath == nil)
            let report = try #require(result.failureReport(replayCommand: "swift test"))
            let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("Not saved: ") })
            #expect(line.hasPrefix("Not saved: cannot write \(folder)/blocker/examples/"))
            #expect(line.hasSuffix(": Not a directory"), "\(line)")
            let record = try JSONDecoder().decode(
                PropertyResultRecord.self, from: JSONEncoder().encode(PropertyResultRecord(result)))
            #expect(record.result?.counterexample?.notSaved == example.notSaved, "tally check's workers pass it on")
        }
    }

    /// Before, a property's folder of saved failures that could not be read was taken for none saved.
    @Test func savedFailuresThatCannotBeReadAreNotPassedOverInSilence() {
        withTemporaryFolder { folder in
            let store = ExampleStore(directory: folder)
            #expect(store.load(propertyID: "p") { Issue.record("no folder is no warning: \($0)") }.isEmpty)
            _ = FileManager.default.createFile(atPath: store.folder(for: "p"), contents: nil)
            var warnings: [String] = []
            #expect(store.load(propertyID: "p") { warnings.append($0) }.isEmpty)
            #expect(
                warnings == [
                    "tally: warning: the saved failures in \(store.folder(for: "p")) "
                        + "cannot be read (Not a directory): they are not replayed"
                ])
        }
    }
}
