import Foundation
import Tally

/// The package's test binary, `swift test`'s own, built as `swift test` builds it: where the tool finds
/// the properties of the package's tests (``TestProperties``) and the process that fuzzes or replays one.
struct TestBinary: Sendable, Equatable {
    /// The absolute path of the `.xctest` executable.
    var path: String

    /// Builds the tests of the package at `root` (`swift build --build-tests`, as `swift test` would) and
    /// finds their binary.
    static func build(root: String, console: Console) throws -> TestBinary {
        console.out("Building the tests, to fuzz the properties they hold …")
        let built = try ChildRun.run(
            ["/usr/bin/env", "swift", "build", "--package-path", root, "--build-tests"], ownGroup: true,
            gentleStop: SIGINT)
        guard built.succeeded else {
            let shown = built.output.split(separator: "\n").suffix(15).joined(separator: "\n")
            throw TestBinaryError(
                "`swift build --build-tests` failed, so the properties of the tests cannot be found:\n\(shown)")
        }
        let bin = try ChildRun.run(["/usr/bin/env", "swift", "build", "--package-path", root, "--show-bin-path"])
        let folder = bin.output.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard bin.succeeded, folder.hasPrefix("/") else {
            throw TestBinaryError("`swift build --show-bin-path` printed no folder:\n\(bin.output)")
        }
        return try find(in: folder)
    }

    /// The test binary in the build folder `folder`: its only `.xctest`, or the newest of several.
    static func find(in folder: String) throws -> TestBinary {
        let files = FileManager.default
        let found = ((try? files.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xctest") }.map {
            folder + "/" + $0
        }
        let newest = found.max { modified($0) < modified($1) }
        guard let newest else {
            throw TestBinaryError("no test binary (.xctest) in \(folder): does the package have a test target?")
        }
        return TestBinary(path: newest)
    }

    /// What changes whenever the binary is built again: its path, size and modification time.
    var identity: String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        return "\(path) \(size) \(Self.modified(path).timeIntervalSince1970)"
    }

    /// The command that runs the one test `testID` (a `Test.ID`), under Swift Testing.
    func arguments(runningTest testID: String) -> [String] {
        [path, "--testing-library", "swift-testing", "--filter", ReplayLine.swiftTestFilter(exactly: testID)]
    }

    /// The filters that run only the tests of `modules` (a test's id starts with its module's name).
    static func filters(_ modules: [String]) -> [String] {
        modules.flatMap { ["--filter", "^" + ReplayLine.escapedForRegex($0) + "\\."] }
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}

/// Why the properties of a package's tests could not be found or run.
struct TestBinaryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
