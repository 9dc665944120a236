import Foundation

/// The mutants reviewed as equivalent: changes no requirement can notice because they do not change
/// behavior. Kept in `.tally-equivalent-mutants` at the package root, committed, one per line:
///
/// ```
/// # FILE:LINE:COLUMN ORIGINAL → MUTATED  # why no requirement can tell it from the engine
/// Sources/Claims/Money.swift:45:80 max → min  # …
/// ```
///
/// Each line is the mutant as `tally mutate` prints it, then `#` and a one-line reason. An entry that
/// names no mutant any more (the code moved or changed) is an error, never ignored.
struct EquivalentMutants {
    static let fileName = ".tally-equivalent-mutants"

    struct Entry {
        var key: String
        var reason: String
        var line: Int
        /// The file the mutant is in: the key up to its first colon.
        var file: String { String(key.prefix { $0 != ":" }) }
    }

    let entries: [Entry]

    /// The list at `root`, empty when there is none.
    static func load(root: String) throws -> EquivalentMutants {
        guard let text = try? String(contentsOfFile: root + "/" + fileName, encoding: .utf8) else {
            return EquivalentMutants(entries: [])
        }
        var entries: [Entry] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let marker = line.range(of: " # ") else {
                throw MutationError(
                    "\(fileName):\(offset + 1): expected a mutant, "
                        + "then \" # \" and the reason it is equivalent; got \"\(line)\""
                )
            }
            let reason = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw MutationError(
                    "\(fileName):\(offset + 1): the reason after \"#\" is empty: "
                        + "say why no requirement can notice this mutant"
                )
            }
            entries.append(
                Entry(
                    key: line[..<marker.lowerBound].trimmingCharacters(in: .whitespaces), reason: reason,
                    line: offset + 1))
        }
        return EquivalentMutants(entries: entries)
    }

    /// The reason `mutant` is equivalent, if it is listed.
    func reason(for mutant: Mutant) -> String? {
        entries.first { $0.key == mutant.key }?.reason
    }

    /// Entries that name no mutant, to be updated or removed: those about `files` (the files mutated
    /// now) that name none of `mutants`, and those about a file that is none of `packageFiles` (the
    /// Swift files of every target of the package): deleted, renamed or moved, no run would judge them.
    func stale(among mutants: [Mutant], files: Set<String>, packageFiles: Set<String>) -> [Entry] {
        let keys = Set(mutants.map(\.key))
        return entries.filter { entry in
            !packageFiles.contains(entry.file) || (files.contains(entry.file) && !keys.contains(entry.key))
        }
    }

    /// Why `entry`, one of ``stale(among:files:packageFiles:)``, is stale, naming its line.
    func staleness(of entry: Entry, packageFiles: Set<String>) -> String {
        let why =
            packageFiles.contains(entry.file)
            ? "no mutant \(entry.key) any more (the code moved or changed)"
            : "no target of the package holds \(entry.file) any more (the file was deleted, renamed or moved), "
                + "so no mutant \(entry.key)"
        return "\(Self.fileName):\(entry.line): \(why): update or remove the line"
    }
}
