import Foundation
import Tally
import TallyTables

/// Results of earlier runs, under `.tally/mutate/results.json`, keyed by mutant and valid while the sources
/// they depend on are unchanged. Each outcome is saved within seconds of its mutant being judged: a run that
/// is stopped, or killed, keeps what it judged, and the next run resumes.
final class MutationCache: @unchecked Sendable {
    struct Entry: Codable {
        var digest: String
        var outcome: MutantOutcome
    }

    let path: String
    private let lock = NSLock()
    private var entries: [String: Entry]
    private var lastSaved = Date()

    /// The cache at `path`; empty when the file is missing or unreadable (it is only a cache).
    init(path: String) {
        self.path = path
        let data = FileManager.default.contents(atPath: path) ?? Data()
        entries = (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// The cached outcome of `mutant`, when its sources' `digest` is unchanged.
    func outcome(of mutant: Mutant, digest: String) -> MutantOutcome? {
        lock.withLock { entries[mutant.key].flatMap { $0.digest == digest ? $0.outcome : nil } }
    }

    /// Records the outcome of a judged mutant (never one not run); saves when the last save is
    /// `interval` seconds old.
    func record(_ mutant: Mutant, _ outcome: MutantOutcome, digest: String, saveAfter interval: Double = .infinity) {
        guard outcome.status != .notRun else { return }
        let due = lock.withLock {
            entries[mutant.key] = Entry(digest: digest, outcome: outcome)
            return Date().timeIntervalSince(lastSaved) >= interval
        }
        if due { try? save() }
    }

    func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try lock.withLock {
            lastSaved = Date()
            return try encoder.encode(entries)
        }
        try AtomicFile.write(data, to: path)
    }

    /// The digest of everything a mutant of `target` depends on: the sources of `target`, of the
    /// specs that test it, of every target those reach, of Tally's own modules (the worker that runs
    /// the requirements among them), every table, and the manifest and `Package.resolved` (in a
    /// package that depends on Tally, they say which Tally runs the requirements).
    static func digest(of target: String, package: PackageTargets, tablesDirectory: String) throws -> String {
        var names: Set<String> = [target]
        for spec in try package.specs(testing: target) { names.formUnion(package.closure(of: spec).union([spec])) }
        names.insert(try package.commandLineExecutable())
        names.formUnion(PackageTargets.tallyModules)
        var text = digest(ofSources: names.sorted(), package: package)
        for file in ["Package.swift", "Package.resolved"] {
            text += file + "\n" + ((try? String(contentsOfFile: package.root + "/" + file, encoding: .utf8)) ?? "")
        }
        // The folder the worker reads: an absolute one as it is (joined to the root it named nothing,
        // and edited tables left cached results standing).
        for table in LoadedTable.tablePaths(
            under: PackageRoot.resolve(tablesDirectory, typedIn: package.root, existing: false))
        {
            text += table + "\n" + ((try? String(contentsOfFile: table, encoding: .utf8)) ?? "")
        }
        return StableHash.hex(text)
    }

    static func digest(ofSources targets: [String], package: PackageTargets) -> String {
        var text = ""
        for name in targets {
            guard let found = package.targets[name] else { continue }
            for source in found.sources.sorted() {
                text += "\(found.path)/\(source)\n"
                text +=
                    (try? String(contentsOfFile: package.root + "/" + found.path + "/" + source, encoding: .utf8)) ?? ""
            }
        }
        return StableHash.hex(text)
    }
}
