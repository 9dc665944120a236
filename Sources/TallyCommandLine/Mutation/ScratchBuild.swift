import Foundation
import Tally

/// The scratch copy of the package `tally mutate` builds under `.tally/mutate/`, the mutated targets' files
/// replaced by their schemata: one build serves every mutant. Files are rewritten only when their content
/// changes, so a later run rebuilds only what changed.
struct ScratchBuild {
    /// A compiler error, with its file relative to the package root.
    struct CompilerError: Equatable {
        var path: String
        var line: Int
        var column: Int
        var message: String
    }

    let package: PackageTargets
    /// `.tally/mutate` under the package root.
    let directory: String
    /// The executable product that runs the `tally` command line.
    let product: String

    var packageDirectory: String { directory + "/package" }
    var buildDirectory: String { directory + "/build" }
    /// The built `tally` of the scratch copy.
    var executable: String { buildDirectory + "/debug/" + product }

    /// Copies the package into the scratch folder, with `replacements` (relative path → text) in
    /// place of the originals or added beside them; removes what the package no longer has. The
    /// manifests' local dependencies are made absolute (``ScratchManifest``); `Package.resolved`
    /// comes along, so the copy builds the versions the package has pinned. Every other file of the
    /// package comes too, build folders apart: a test that judges mutants may read a fixture, or the
    /// README, through its `#filePath`, which names the copy.
    func sync(replacing replacements: [String: String]) throws {
        let files = FileManager.default
        var expected: Set<String> = []
        for name in try files.contentsOfDirectory(atPath: package.root).sorted() {
            if ScratchManifest.isManifest(name) {
                expected.insert(name)
                let manifest = try String(contentsOfFile: package.root + "/" + name, encoding: .utf8)
                try write(Data(ScratchManifest.rewrite(manifest, fileName: name, root: package.root).utf8), to: name)
            } else if name == "Package.resolved" {
                expected.insert(name)
                try copy(name, nil)
            }
        }
        for path in Self.files(under: package.root) where !expected.contains(path) {
            expected.insert(path)
            try copy(path, replacements[path])
        }
        for (path, text) in replacements where !expected.contains(path) {
            expected.insert(path)
            try copy(path, text)
        }
        for name in (try? files.contentsOfDirectory(atPath: packageDirectory)) ?? []
        where (ScratchManifest.isManifest(name) || name == "Package.resolved") && !expected.contains(name) {
            try files.removeItem(atPath: packageDirectory + "/" + name)
        }
        for path in Self.files(under: packageDirectory) where !expected.contains(path) {
            try files.removeItem(atPath: packageDirectory + "/" + path)
        }
    }

    /// Folders never copied: builds, Tally's own (the scratch copy is in it), version control.
    static let skippedFolders: Set<String> = [".build", ".tally", ".git", ".swiftpm"]

    /// The regular files under `base`, relative to it, outside ``skippedFolders`` and build folders
    /// (`.build-linux`) at any depth.
    static func files(under base: String) -> [String] {
        let manager = FileManager.default
        guard
            let walk = manager.enumerator(
                at: URL(fileURLWithPath: base), includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
        else { return [] }
        let prefix = URL(fileURLWithPath: base).standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            let name = url.lastPathComponent
            if values?.isDirectory == true {
                if skippedFolders.contains(name) || name.hasPrefix(".build") { walk.skipDescendants() }
                continue
            }
            let path = url.standardizedFileURL.path
            guard values?.isRegularFile == true, path.hasPrefix(prefix) else { continue }
            found.append(String(path.dropFirst(prefix.count)))
        }
        return found
    }

    private func copy(_ path: String, _ replacement: String?) throws {
        let original = URL(fileURLWithPath: package.root + "/" + path)
        try write(replacement.map { Data($0.utf8) } ?? Data(contentsOf: original), to: path)
    }

    private func write(_ data: Data, to path: String) throws {
        let destination = packageDirectory + "/" + path
        if let existing = FileManager.default.contents(atPath: destination), existing == data { return }
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: destination))
    }

    /// Builds the product; returns the compiler errors (empty on success), the wall time, and
    /// whether a stop request ended the build. `swift build` leads a process group of its own and
    /// is stopped with SIGINT, on which it stops its compilers (they run in groups of their own).
    /// With `tests`, the package's tests are built too (`--build-tests`): the mutants' judges.
    func build(tests: Bool = false) throws -> (
        succeeded: Bool, errors: [CompilerError], output: String, seconds: Double, stopped: Bool
    ) {
        var environment = try MutationTemporaryFolder.swiftEnvironment(root: package.root)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let result = try ChildRun.run(
            [
                "/usr/bin/env", "swift", "build", "--package-path", packageDirectory, "--scratch-path", buildDirectory,
            ] + (tests ? ["--build-tests"] : ["--product", product]), environment: environment, ownGroup: true,
            gentleStop: SIGINT)
        // The swift driver leaves a folder in TMPDIR for every run of the compiler.
        let temporary = environment["TMPDIR"] ?? ""
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        where entry.hasPrefix("TemporaryDirectory.") {
            try? FileManager.default.removeItem(atPath: temporary + "/" + entry)
        }
        let errors = Self.errors(in: result.output, packageDirectory: packageDirectory)
        return (result.succeeded, errors, result.output, result.seconds, result.stopped)
    }

    /// `file:line:column: error: message` lines of compiler output, with paths made relative.
    static func errors(in output: String, packageDirectory: String) -> [CompilerError] {
        var seen: Set<String> = []
        return output.split(separator: "\n").compactMap { line -> CompilerError? in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":")
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
                let column = Int(location[location.count - 1])
            else { return nil }
            var path = location.dropLast(2).joined(separator: ":")
            let prefix = (packageDirectory as NSString).standardizingPath + "/"
            path = (path as NSString).standardizingPath
            guard path.hasPrefix(prefix), seen.insert(String(line)).inserted else { return nil }
            return CompilerError(
                path: String(path.dropFirst(prefix.count)), line: lineNumber, column: column,
                message: String(line[marker.upperBound...]))
        }
    }
}
