import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// Commands typed in a subfolder of a package run at its root: its `Tables/`, paths printed from the
/// root, paths typed read from where they were typed.
@Suite struct PackageRootTests {
    /// `<folder>/pkg` with a `Package.swift`, and a copy of this repository's `Tables/`.
    static func package(in folder: String) throws -> String {
        let package = folder + "/pkg"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: package + "/Package.swift", contents: Data("// swift-tools-version: 6.0\n".utf8))
        let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tables")
        try FileManager.default.copyItem(atPath: tables.path, toPath: package + "/Tables")
        return package
    }

    @Test func theRootIsTheNearestFolderWithAPackageOrTables() throws {
        try withTemporaryFolder { folder in
            let package = try Self.package(in: folder)
            let below = PackageRoot(around: package + "/Tables/claims")
            #expect(
                below.root == URL(fileURLWithPath: package).standardizedFileURL.path
                    && below.invokedIn == "Tables/claims")
            #expect(PackageRoot(around: package).invokedIn == "")
            try FileManager.default.createDirectory(atPath: folder + "/loose/Tables", withIntermediateDirectories: true)
            #expect(
                PackageRoot(around: folder + "/loose").invokedIn == "", "a folder holding Tables/ is a root of its own")
            // Unless the temporary directory itself lies inside a package (a CI's TMPDIR=$WORKSPACE/tmp).
            let outer = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            if PackageRoot(around: outer).root == outer {
                #expect(
                    PackageRoot(around: folder).root == URL(fileURLWithPath: folder).standardizedFileURL.path,
                    "no package above: where it was typed")
            }
        }
    }

    /// A process whose working folder was deleted reads it as an empty path: the tool runs there
    /// and ends. Before, it went up from the empty path forever at full CPU, before it even linked
    /// to its supervisor — a fuzz evaluator started as a test removed its folder outlived the test run.
    @Test func aDeletedWorkingFolderEndsTheToolInsteadOfSpinning() async throws {
        #expect(PackageRoot(around: "").root == "" && PackageRoot(around: "").invokedIn == "")
        #expect(PackageRoot(around: "some/relative/folder").root == "some/relative/folder")
        #expect(PackageRoot(around: "/").invokedIn == "")
        try await withTemporaryFolder { folder in
            let gone = folder + "/gone"
            try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
            let run = try WatchedProcess(
                ["-c", "cd \"$1\" && rmdir \"$1\" && exec \"$2\" tables lint", "sh", gone, WatchedProcess.tally.path],
                executable: URL(fileURLWithPath: "/bin/sh"))
            defer { run.stop() }
            #expect(await run.waitForEnd(), "tally still ran after \(Patience.forAnEvent) s: \(run.standardOutput)")
        }
    }

    @Test func typedPathsAreReadFromWhereTheyWereTyped() throws {
        #expect(
            PackageRoot.normalize("Tables/claims/../card-authorization/./charges.csv:3")
                == "Tables/card-authorization/charges.csv:3")
        #expect(PackageRoot.normalize("../x") == "../x" && PackageRoot.normalize("/a/../b") == "/b")
        #expect(
            PackageRoot.resolve("visits.csv:14", typedIn: "Tables/claims", existing: false)
                == "Tables/claims/visits.csv:14")
        #expect(PackageRoot.resolve("/tmp/x.csv", typedIn: "Tables/claims", existing: false) == "/tmp/x.csv")
        #expect(PackageRoot.resolve("out.md", typedIn: "", existing: false) == "out.md")
    }

    /// The newcomer's two commands in `Tables/claims`: before, every table "does not exist" and
    /// `visits.csv:14` had "no spec".
    @Test func theToolFindsTheTablesFromASubfolder() async throws {
        try await withTemporaryFolder { folder in
            let claims = try Self.package(in: folder) + "/Tables/claims"
            // Without the planted table shape, whose file is not in this package.
            let lint = try WatchedProcess(["tables", "lint"], in: claims, environment: ["TALLY_PLANTED_BUGS": "0"])
            defer { lint.stop() }
            #expect(await lint.waitForEnd())
            #expect(lint.status == 0, "\(lint.standardOutput)")
            #expect(lint.standardOutput.hasPrefix("Tables: 12 passed, 0 failed ("))
            let row = try WatchedProcess(["tables", "run", "visits.csv:14"], in: claims)
            defer { row.stop() }
            #expect(await row.waitForEnd())
            #expect(row.status == 0, "\(row.standardOutput)\(row.standardError)")
            #expect(row.standardOutput.hasPrefix("✔ Tables/claims/visits.csv  1 row run, 55 skipped (55 not selected)"))
            // A line the tool printed, pasted in the subfolder, works too.
            let pasted = try WatchedProcess(["tables", "run", "Tables/claims/visits.csv:14"], in: claims)
            defer { pasted.stop() }
            #expect(await pasted.waitForEnd())
            #expect(pasted.status == 0 && pasted.standardOutput == row.standardOutput)
            #expect(!FileManager.default.fileExists(atPath: claims + "/.tally"), "the tool's own files go to the root")
        }
    }

    @Test func aPathTypedInASubfolderOfTheTablesIsReadFromThere() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(CommandLineTests.table, in: folder)
            let result = await tally(["tables", "run", "charges.csv:3"], tables: folder, invokedIn: folder + "/toy")
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.hasPrefix("✔ \(path)  1 row run, 2 skipped (2 not selected)"))
            #expect(
                result.out.contains("\n  ✔ 3  one cent over\n"),
                "the row a PATH:LINE names is shown even when it passes")
        }
    }
}
