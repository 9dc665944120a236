import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The parts of `tally mutate` that need no build: reading the package, the compiler and the workers,
/// git's diff, the equivalents list, and dropping a schema the compiler refuses.
@Suite struct MutationPartsTests {
    static func target(_ name: String, _ type: String, _ dependencies: [String], sources: [String] = [])
        -> PackageTargets.Target
    {
        let json =
            #"{"name":"\#(name)","type":"\#(type)","path":"Sources/\#(name)","#
            + #""sources":[\#(sources.map { "\"\($0)\"" }.joined(separator: ","))],"#
            + #""target_dependencies":[\#(dependencies.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        return try! JSONDecoder().decode(PackageTargets.Target.self, from: Data(json.utf8))
    }

    static let package = PackageTargets(
        root: "/package",
        targets: Dictionary(
            uniqueKeysWithValues: [
                target("Tally", "library", []), target("TallyTables", "library", ["Tally", "DollarText"]),
                target("DollarText", "library", []),
                target("TallyCommandLine", "library", ["Tally", "TallyTables"]),
                target("Claims", "library", ["DollarText"], sources: ["Plan.swift", "Adjudicator.swift", "README.md"]),
                target("ClaimsSpec", "library", ["Claims", "Tally", "TallyTables"]),
                target("Helpers", "library", ["Tally"]),
                target("tally", "executable", ["TallyCommandLine", "ClaimsSpec"]),
                target("ClaimsSpecTests", "test", ["ClaimsSpec", "Claims"]),
            ].map { ($0.name, $0) }))

    @Test func specsAreTheLinkedTargetsThatImportTallyAndTheirEnginesTheirOtherDependencies() throws {
        #expect(try Self.package.commandLineExecutable() == "tally")
        #expect(try Self.package.specTargets() == ["ClaimsSpec"], "Helpers imports Tally but is not linked into tally")
        #expect(Self.package.engines(testedBy: "ClaimsSpec") == ["Claims"])
        #expect(
            try Self.package.specs(testing: "DollarText") == ["ClaimsSpec"],
            "a spec reaches the targets its engine depends on")
        #expect(
            Self.package.sourceFiles(of: "Claims") == ["Sources/Claims/Adjudicator.swift", "Sources/Claims/Plan.swift"])
        #expect(throws: UsageError.self) { try MutateCommand.selectTargets(["ClaimsSpec"], package: Self.package) }
        #expect(throws: UsageError.self) { try MutateCommand.selectTargets(["Tally"], package: Self.package) }
        #expect(try MutateCommand.selectTargets([], package: Self.package) == ["Claims"])
    }

    /// The worker finds a spec's properties by the module their `#fileID` names (`Fares_Spec` for the target
    /// `Fares-Spec`); a module it is given that declares none is an error, never a spec left out of the judging.
    @Test func theWorkerRunsTheSpecsOfEachModuleItIsGivenAndRefusesOneThatDeclaresNone() throws {
        let fares = PropertySuite(
            "fares",
            properties: [Property("fares add up", Gen.int(in: 0...9), fileID: "Fares_Spec/FaresSpec.swift") { _ in }])
        let laps = PropertySuite(
            "laps",
            properties: [Property("laps add up", Gen.int(in: 0...9), fileID: "LapsSpec/LapsSpec.swift") { _ in }])
        #expect(
            try MutateWorkerCommand.suites(declaredIn: ["Fares_Spec"], among: [fares, laps]).map(\.name) == ["fares"])
        let error = try #require(throws: UsageError.self) {
            try MutateWorkerCommand.suites(declaredIn: ["Fares-Spec", "LapsSpec"], among: [fares, laps])
        }
        #expect(
            error.message(tool: "tally").hasPrefix(
                "tally mutate-worker: error: no spec of tally's catalog is declared in the module Fares-Spec: "),
            "\(error.message(tool: "tally"))")
    }

    @Test func compilerErrorsAreReadWithPathsRelativeToTheScratchCopy() {
        let output = """
            [3/9] Compiling Claims Money.swift
            /s/package/Sources/Claims/Money.swift:72:225: error: operator function '+⊖' requires that 'String' \
            conform to '_TallyAddable'
            /s/package/Sources/Claims/Money.swift:72:225: error: operator function '+⊖' requires that 'String' \
            conform to '_TallyAddable'
            /s/package/Sources/Claims/Plan.swift:3:1: warning: unused
            /elsewhere/File.swift:1:1: error: not ours
            """
        #expect(
            ScratchBuild.errors(in: output, packageDirectory: "/s/package") == [
                .init(
                    path: "Sources/Claims/Money.swift", line: 72, column: 225,
                    message: "operator function '+⊖' requires that 'String' conform to '_TallyAddable'")
            ])
    }

    /// The scratch copy holds the whole package, so that a test judging a mutant finds a fixture or the
    /// README through its `#filePath`; never a build folder, `.tally` (the copy is in it) or `.git`.
    @Test func theScratchCopyHoldsEveryFileButBuildsTallysOwnAndGit() throws {
        try withTemporaryFolder { root in
            for path in [
                "Package.swift", "README.md", "Sources/Fares/Fares.swift", "Tests/FaresTests/Fixtures/riders.json",
                ".build/debug/Fares.o", ".tally/mutate/package/README.md", ".git/HEAD", "Examples/.build/x.o",
                "Examples/.build-linux/y.o",
            ] {
                try FileManager.default.createDirectory(
                    atPath: root + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
                )
                try Data(path.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
            }
            #expect(
                ScratchBuild.files(under: root).sorted() == [
                    "Package.swift", "README.md", "Sources/Fares/Fares.swift", "Tests/FaresTests/Fixtures/riders.json",
                ])
        }
    }

    @Test func aWorkersOutputSaysHowTheMutantEnded() {
        func outcome(_ output: String, status: Int32 = 0, signaled: Bool = false, timedOut: Bool = false)
            -> MutantOutcome
        {
            MutantOutcome(
                worker: .init(
                    ending: signaled ? .signal(status) : .status(status), output: output, timedOut: timedOut,
                    seconds: 0.5))
        }
        let rows =
            "RUNNING row Tables/a/b.csv:2\nKILLED row Tables/a/b.csv:2: x?: expected 1, "
            + "actual 2\nKILLED row Tables/a/b.csv:3: y?: expected 3, actual 4\n"
        #expect(
            outcome(rows, status: 1)
                == MutantOutcome(
                    status: .killed,
                    by: [
                        "row Tables/a/b.csv:2: x?: expected 1, actual 2",
                        "row Tables/a/b.csv:3: y?: expected 3, actual 4",
                    ], seconds: 0.5))
        #expect(outcome("RUNNING row T.csv:2\nSURVIVED\n").status == .survived)
        #expect(
            outcome("RUNNING property a/p\n", status: 4, signaled: true).by == [
                "signal 4 (SIGILL) while running property a/p"
            ])
        #expect(
            outcome(
                "RUNNING row T.csv:4\nSwift/IntegerTypes.swift:9012: Fatal error: Division by zero\n", status: 4,
                signaled: true
            ).by
                == [
                    "signal 4 (SIGILL) while running row T.csv:4: Swift/IntegerTypes.swift:9012: "
                        + "Fatal error: Division by zero"
                ])
        #expect(
            outcome("RUNNING property a/p\n", status: 9, signaled: true, timedOut: true)
                == MutantOutcome(status: .timedOut, by: ["while running property a/p"], seconds: 0.5))
        #expect(
            outcome("fatal\n", status: 2).status == .crashed, "an exit without a verdict is never taken for a survivor")
        #expect(
            outcome("RUNNING property a/p\n", status: SIGTERM, signaled: true).status == .notRun,
            "a worker stopped from outside judged nothing")
        #expect(
            outcome(rows + "RUNNING row Tables/a/c.csv:9\n", status: 4, signaled: true).by.first
                == "row Tables/a/b.csv:2: x?: expected 1, actual 2",
            "rows that failed before a later row crashed the worker killed the mutant")
    }

    @Test func gitDiffsGiveTheChangedLinesOfEachFile() {
        let diff = """
            diff --git a/Sources/Claims/Plan.swift b/Sources/Claims/Plan.swift
            --- a/Sources/Claims/Plan.swift
            +++ b/Sources/Claims/Plan.swift
            @@ -10,2 +10,3 @@ struct Plan {
            @@ -40 +41 @@
            @@ -50,4 +52,0 @@
            --- a/Sources/Claims/Gone.swift
            +++ /dev/null
            @@ -1,3 +0,0 @@
            """
        #expect(ChangedLines.parse(diff) == ["Sources/Claims/Plan.swift": [10, 11, 12, 41]])
    }

    @Test func theEquivalentListNeedsAReasonAndNamesLiveMutants() throws {
        let root = NSTemporaryDirectory() + "tally-equivalents-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/" + EquivalentMutants.fileName
        try "# reviewed\nSources/A.swift:3:9 < → <=  # ids never tie\nSources/B.swift:1:1 + → -  # elsewhere\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let list = try EquivalentMutants.load(root: root)
        let mutant = Mutant(
            id: 1, target: "A", file: "Sources/A.swift", line: 3, column: 9, kind: .relationalBoundary, original: "<",
            mutated: "<=", before: [], after: [])
        #expect(list.reason(for: mutant) == "ids never tie")
        let package: Set<String> = ["Sources/A.swift", "Sources/B.swift"]
        #expect(
            list.stale(among: [mutant], files: ["Sources/A.swift"], packageFiles: package).isEmpty,
            "an entry about a file not mutated now is not judged")
        #expect(list.stale(among: [], files: ["Sources/A.swift"], packageFiles: package).map(\.line) == [2])
        // Before, an entry about a file deleted or renamed was never judged: no run mutates that file.
        let renamed: Set<String> = ["Sources/A.swift", "Sources/Renamed.swift"]
        let gone = list.stale(among: [mutant], files: ["Sources/A.swift"], packageFiles: renamed)
        #expect(gone.map(\.line) == [3])
        #expect(
            gone.map { list.staleness(of: $0, packageFiles: renamed) } == [
                ".tally-equivalent-mutants:3: no target of the package holds Sources/B.swift any more (the file was "
                    + "deleted, renamed or moved), "
                    + "so no mutant Sources/B.swift:1:1 + → -: update or remove the line"
            ])
        #expect(
            list.stale(among: [], files: [], packageFiles: renamed).map(\.line) == [3],
            "a run on changed lines judges gone files too")
        try "Sources/A.swift:3:9 < → <=\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: MutationError.self) { try EquivalentMutants.load(root: root) }
    }

    @Test func aSchemaTheCompilerRefusesIsDroppedByItsPosition() throws {
        let root = NSTemporaryDirectory() + "tally-plan-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/Sources/Claims", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "func f(_ a: Int, _ s: String) -> String {\n    let n = a + 1\n    return s + String(n)\n}\n"
            .write(toFile: root + "/Sources/Claims/Plan.swift", atomically: true, encoding: .utf8)
        let package = PackageTargets(
            root: root, targets: ["Claims": Self.target("Claims", "library", [], sources: ["Plan.swift"])])
        var plan = try MutationPlan(targets: ["Claims"], package: package, changedLines: nil)
        let rendering = plan.render()
        let text = try #require(rendering.files["Sources/Claims/Plan.swift"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("return") }) + 1
        let column = try #require(Array(lines[line - 1].utf8).firstIndex(of: UInt8(ascii: "+"))) + 1
        let dropped = plan.drop(
            errorIn: "Sources/Claims/Plan.swift", line: line, column: column, message: "String is not _TallyAddable",
            rendering: rendering)
        #expect(dropped)
        #expect(
            plan.droppedMutants.map { "\($0.mutant.line):\($0.mutant.column) \($0.mutant.change) (\($0.reason ?? ""))" }
                == ["3:14 `+` → `-` (String is not _TallyAddable)"])
        #expect(
            plan.render().files["Sources/Claims/Plan.swift"]!.contains("s + String("),
            "the dropped operator is the original again")
        let explained = plan.drop(errorIn: "Sources/Other.swift", line: 1, column: 1, message: "", rendering: rendering)
        #expect(!explained, "an error outside every mutant is not explained away")
    }

    /// Before, an absolute tables folder was joined to the package root, named nothing, and an edited
    /// table left every cached result standing.
    @Test func theCacheDigestReadsTheTablesOfAnAbsoluteFolder() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(
                atPath: folder + "/Tables/claims", withIntermediateDirectories: true)
            try "a,b?\n1,2\n".write(toFile: folder + "/Tables/claims/t.csv", atomically: true, encoding: .utf8)
            let before = try MutationCache.digest(
                of: "Claims", package: Self.package, tablesDirectory: folder + "/Tables")
            try "a,b?\n1,3\n".write(toFile: folder + "/Tables/claims/t.csv", atomically: true, encoding: .utf8)
            #expect(
                try MutationCache.digest(of: "Claims", package: Self.package, tablesDirectory: folder + "/Tables")
                    != before)
        }
    }
}
