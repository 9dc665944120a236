import Foundation
import Tally

/// The properties the package's tests hold — each `forAll` and `Property.verify()` in a Swift Testing
/// test — as one run of the test binary reports them (``PropertySurvey``): found from the built tests,
/// not by reading their source, so a property written any way is found.
///
/// The run is every Swift Testing test of the test targets that use Tally (a target that does not cannot
/// hold a property), in full but for their properties, which only name themselves: which test holds one
/// is known only by running it. It is stopped when no test starts or ends for its quiet limit (a hang:
/// ``QuietTestRun``), and it is complete only when Swift Testing reports its end. Its survey is kept in
/// `.tally/survey/properties.json` beside the binary's identity, once per build, and a later command
/// reads it back; a run stopped for time is not kept, so the next command runs it again.
struct TestProperties: Sendable {
    /// The test binary the properties were found in.
    var binary: TestBinary
    /// Every property found, in the order the run met them.
    var entries: [PropertySurvey.Entry]
    /// What went wrong in the run that found them, such as a crash part of the way through; `nil` when
    /// it ran to its end.
    var incomplete: String?
    /// When the run was stopped for going quiet: the `--filter` of the first test still running, and
    /// a longer quiet limit, for ``remedy(again:)``.
    var stalled: (filter: String?, longerLimit: String)?

    /// The properties of the package's tests, when this process is the package's tool and its catalog
    /// asks for them (a catalog made in process, as tests make one, has no package to build).
    static func ofPackage(_ context: CommandContext, command: CommandDescription) throws -> TestProperties? {
        guard context.executable != nil, context.catalog.findsTestProperties else { return nil }
        let root = PackageRoot(around: FileManager.default.currentDirectoryPath).root
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else { return nil }
        let quietLimit = try QuietTestRun.limit(context.environment, command: command)
        let properties = try survey(
            TestBinary.build(root: root, console: context.console), root: root, console: context.console,
            modules: propertyModules(root: root), quietLimit: quietLimit)
        if let incomplete = properties.incomplete {
            let remedy = properties.remedy(again: nil).map { " \($0)" } ?? ""
            context.console.out(
                "Note: \(incomplete); the properties of the tests it did not reach are not known.\(remedy)")
        }
        return properties
    }

    /// The test targets that can hold a property; `nil` (all of them) when the package cannot be read.
    private static func propertyModules(root: String) -> [String]? {
        (try? PackageTargets.describe(root: root, environment: [:]))?.testModulesUsingTally()
    }

    private struct Saved: Codable {
        var identity: String
        var entries: [PropertySurvey.Entry]
        var incomplete: String?
    }

    /// The properties of `binary`'s tests in `modules` (all, when `nil`): read back when its survey was
    /// made for this very build, otherwise found by running those tests once, with `environment` added.
    static func survey(
        _ binary: TestBinary, root: String, console: Console, modules: [String]? = nil, filters: [String] = [],
        environment: [String: String] = [:], quietLimit: Double = QuietTestRun.defaultSeconds
    ) throws -> TestProperties {
        let savedPath = root + "/.tally/survey/properties.json"
        let identity = binary.identity
        if let data = FileManager.default.contents(atPath: savedPath),
            let saved = try? JSONDecoder().decode(Saved.self, from: data), saved.identity == identity
        {
            return TestProperties(binary: binary, entries: saved.entries, incomplete: saved.incomplete)
        }
        // No test target uses Tally: no test holds a property, and there is nothing to run.
        if modules?.isEmpty == true { return TestProperties(binary: binary, entries: [], incomplete: nil) }
        console.out("Running the tests once to find their properties (kept until the tests are built again) …")
        let folder = root + "/.tally/survey"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/run-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let surveying = [PropertySurvey.variable: file, "SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 }
        let tested = try QuietTestRun.swiftTesting(
            binary, (modules.map(TestBinary.filters) ?? []) + filters,
            environment: surveying, folder: folder, quietLimit: quietLimit)
        let run = tested.run
        let entries = PropertySurvey.entries(in: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
        var found = TestProperties(
            binary: binary, entries: entries,
            incomplete: incompleteness(of: tested, quietLimit: quietLimit))
        if run.timedOut {
            // Stopped for time, which says nothing of the build: not kept, so the next command runs it again.
            found.stalled = (tested.running.first?.filter, QuietTestRun.longer(than: quietLimit))
        } else {
            let saved = Saved(identity: identity, entries: entries, incomplete: found.incomplete)
            try AtomicFile.write(JSONEncoder().encode(saved), to: savedPath)
        }
        return found
    }

    /// What to do about a run stopped for going quiet, with `again`, the command to paste with a longer
    /// limit (`nil`: the variable alone); `nil` for any other run.
    func remedy(again: String?) -> String? {
        stalled.map { QuietTestRun.remedy(filter: $0.filter, longer: $0.longerLimit, again: again) }
    }

    /// Why the survey `run` is not complete, or `nil`: a failing test ends a run with status 1, which
    /// says nothing of the survey, but a run that never reported its end missed the properties of the
    /// tests after.
    static func incompleteness(of tested: QuietTestRun, quietLimit: Double) -> String? {
        let running = tested.runningDescription
        if tested.run.timedOut {
            return "the test run that finds them was stopped after no test started or ended for "
                + DurationText.text(seconds: quietLimit) + (running.map { ", while \($0) still ran" } ?? "")
        }
        guard !tested.reachedEnd else { return nil }
        return "the test run that finds them ended with \(tested.run.ending.description) part of the way through"
            + (running.map { ", while \($0) ran" } ?? "")
    }
}
