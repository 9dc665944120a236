import Foundation
import Tally

/// The properties the package's tests hold — each `forAll` and `Property.verify()` in a Swift Testing
/// test — as one run of the test binary reports them (``PropertySurvey``): found from the built tests,
/// not by reading their source, so a property written any way is found.
///
/// The run is the whole suite, its properties only naming themselves, once per build of the binary: its survey is kept
/// in `.tally/survey/properties.json` beside the binary's identity, and a later command reads it back.
struct TestProperties: Sendable {
    /// The test binary the properties were found in.
    var binary: TestBinary
    /// Every property found, in the order the run met them.
    var entries: [PropertySurvey.Entry]
    /// What went wrong in the run that found them, such as a crash part of the way through; `nil` when
    /// it ran to its end.
    var incomplete: String?

    /// The properties of the package's tests, when this process is the package's tool and its catalog
    /// asks for them (a catalog made in process, as tests make one, has no package to build).
    static func ofPackage(_ context: CommandContext) throws -> TestProperties? {
        guard context.executable != nil, context.catalog.findsTestProperties else { return nil }
        let root = PackageRoot(around: FileManager.default.currentDirectoryPath).root
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else { return nil }
        let properties = try survey(TestBinary.build(root: root, console: context.console), root: root, console: context.console)
        if let incomplete = properties.incomplete { context.console.out("Note: \(incomplete); the properties of the tests it did not reach are not known") }
        return properties
    }

    private struct Saved: Codable {
        var identity: String
        var entries: [PropertySurvey.Entry]
        var incomplete: String?
    }

    /// The properties of `binary`'s tests: read back when its survey was made for this very build,
    /// otherwise found by running the suite once.
    static func survey(_ binary: TestBinary, root: String, console: Console) throws -> TestProperties {
        let savedPath = root + "/.tally/survey/properties.json"
        let identity = binary.identity
        if let data = FileManager.default.contents(atPath: savedPath), let saved = try? JSONDecoder().decode(Saved.self, from: data),
            saved.identity == identity {
            return TestProperties(binary: binary, entries: saved.entries, incomplete: saved.incomplete)
        }
        console.out("Running the tests once to find their properties (kept until the tests are built again) …")
        let folder = root + "/.tally/survey"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/run-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try ChildRun.run([binary.path, "--testing-library", "swift-testing"], environment: [PropertySurvey.variable: file, "SWIFT_BACKTRACE": "enable=no"])
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let entries = PropertySurvey.entries(in: text)
        // A failing test ends the run with status 1, which says nothing of the survey; a signal does.
        let incomplete: String? = if case .signal = run.ending { "the test run that finds them ended with \(run.ending.description)" } else { nil }
        let saved = Saved(identity: identity, entries: entries, incomplete: incomplete)
        try AtomicFile.write(JSONEncoder().encode(saved), to: savedPath)
        return TestProperties(binary: binary, entries: entries, incomplete: incomplete)
    }
}
