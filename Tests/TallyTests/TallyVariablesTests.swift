import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// A `TALLY_` variable Tally does not know is an error naming the nearest one, and the list of known
/// ones is every name the repository uses: no more, no fewer.
@Suite struct TallyVariablesTests {
    /// The misspellings these tests (and those of the command line and the tables) make on purpose.
    static let deliberatelyMisspelt: Set<String> = [
        "TALLY_REPLY", "TALLY_PROPERTI", "TALLY_RWS", "TALLY_NOTHING_LIKE_IT",
    ]

    @Test func aMisspeltVariableNamesTheNearestKnownOne() {
        #expect(
            TallyVariables.problems(in: ["TALLY_REPLY": "8a011ca5.AQEB", "HOME": "/root"])
                == ["TALLY_REPLY=\"8a011ca5.AQEB\": Tally has no such variable; did you mean TALLY_REPLAY?"])
        #expect(
            TallyVariables.problems(in: ["TALLY_PROPERTI": "x"]) == [
                "TALLY_PROPERTI=\"x\": Tally has no such variable; did you mean TALLY_PROPERTY?"
            ])
        let far = TallyVariables.problems(in: ["TALLY_NOTHING_LIKE_IT": "1"])
        #expect(
            far == [
                "TALLY_NOTHING_LIKE_IT=\"1\": Tally has no such variable; "
                    + "those you can set are TALLY_SEED, TALLY_ITERATIONS, "
                    + "TALLY_REPLAY, TALLY_PROPERTY, TALLY_STATS, TALLY_EXAMPLES, TALLY_CASE_TIMEOUT, "
                    + "TALLY_ROWS, TALLY_TAGS, "
                    + "TALLY_TEST_HANG_TIMEOUT, TALLY_PLANTED_BUGS"
            ])
        #expect(
            TallyVariables.problems(in: ["TALLY_SEED": "1", "TALLY_FUZZ_TIME": "1s", "TALLY_EVALUATE": ""]).isEmpty)
    }

    /// A name Tally used before is refused with the name that took its place, not the nearest one.
    @Test func aRenamedVariableNamesItsNewName() {
        #expect(
            TallyVariables.problems(in: ["TALLY_TEST_SURVEY_TIMEOUT": "20s"]) == [
                "TALLY_TEST_SURVEY_TIMEOUT=\"20s\": Tally has no such variable any more; "
                    + "it is TALLY_TEST_HANG_TIMEOUT now"
            ])
    }

    @Test func aRunConfigurationRefusesAnUnknownVariable() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try RunConfiguration.fromEnvironment(["TALLY_REPLY": "x", "TALLY_SEED": "1"])
        }
        #expect(error.description == "TALLY_REPLY=\"x\": Tally has no such variable; did you mean TALLY_REPLAY?")
    }

    /// Seen from a `swift test` process: the run fails, and says why, instead of a normal green search.
    @Test func underSwiftTestAMisspeltVariableFailsTheRun() async throws {
        let run = try await runChildTests(
            filter: "TallyTests.probeProperties", environment: ["TALLY_PROPERTI": "probe/sorting twice changes nothing"]
        )
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "Tally: TALLY_PROPERTI=\"probe/sorting twice changes nothing\": Tally has no such variable; "
                    + "did you mean TALLY_PROPERTY?"
            ))
    }

    /// Every `TALLY_` name in the repository's sources, scripts, tests, CI, examples, benchmarks and
    /// README is in the list, and every name in the list is used somewhere besides the list itself.
    @Test func theListIsEveryNameTheRepositoryUses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var used: [String: String] = [:]
        for folder in ["Sources", "Scripts", "Tests", ".ci", "Examples", "Benchmarks", "README.md"] {
            for file in Self.files(under: root.appendingPathComponent(folder))
            where !file.path.hasSuffix("TallyVariables.swift") {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                for name in Self.names(in: text) where used[name] == nil {
                    used[name] = file.path.replacingOccurrences(of: root.path + "/", with: "")
                }
            }
        }
        let known = Set(TallyVariables.names)
        for (name, file) in used.sorted(by: { $0.key < $1.key })
        where !known.contains(name) && !Self.deliberatelyMisspelt.contains(name) && TallyVariables.renamed[name] == nil
        {
            Issue.record(
                "\(file) uses \(name), which TallyVariables.all does not list: add it there and to RunningProperties.md"
            )
        }
        for name in TallyVariables.names where used[name] == nil {
            Issue.record("TallyVariables.all lists \(name), which nothing in the repository uses: remove it")
        }
        #expect(TallyVariables.names.count == known.count, "each name listed once")
    }

    /// The whole `TALLY_…` words of `text`; a prefix written as `TALLY_FUZZ_*` is not a name.
    static func names(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = text[...]
        while let range = rest.range(of: TallyVariables.prefix) {
            let word = rest[range.lowerBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            if !word.hasSuffix("_"), before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true {
                names.insert(String(word))
            }
            rest = rest[range.upperBound...]
        }
        return names
    }

    /// The text files under `url` (or `url` itself), outside build folders.
    static func files(under url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let file = enumerator?.nextObject() as? URL {
            if file.lastPathComponent == ".build" || file.lastPathComponent == ".tally" {
                enumerator?.skipDescendants()
                continue
            }
            if ["swift", "sh", "md", "py", "csv", "yml", "yaml", ""].contains(file.pathExtension),
                (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            {
                files.append(file)
            }
        }
        return files
    }
}
