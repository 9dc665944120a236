import Foundation

/// The folder of saved failures that every run replays before it searches.
///
/// Each failure is one small file, `<folder>/<property>/<hash>.token`, holding the replay token of its
/// shrunk case, so two processes saving at once never lose each other's failures (writes are atomic and
/// names are distinct). Files that are corrupt, truncated or belong to another property are skipped
/// with one warning each. A saved failure that no longer fails is removed, as Hypothesis does with its
/// example database: the bug it showed is fixed.
public struct ExampleStore: Sendable {
    /// The store's root folder.
    public var directory: String

    /// A store rooted at `directory` (usually `.tally/examples`).
    public init(directory: String) {
        self.directory = directory
    }

    /// The folder of one property's saved failures.
    public func folder(for propertyID: String) -> String {
        let readable = propertyID.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(60)
        return directory + "/" + String(readable) + "-" + ReplayToken.hash(of: propertyID)
    }

    /// The saved failures of `propertyID`, oldest name first; problems are passed to `warn`.
    public func load(propertyID: String, warn: (String) -> Void) -> [(path: String, token: ReplayToken)] {
        let folder = folder(for: propertyID)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var examples: [(path: String, token: ReplayToken)] = []
        for name in names.sorted() where name.hasSuffix(".token") && !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                warn("tally: warning: skipped saved example \(path): not readable UTF-8 text")
                continue
            }
            do {
                let token = try ReplayToken(parsing: text)
                guard token.belongs(to: propertyID) else {
                    warn("tally: warning: skipped saved example \(path): it belongs to another property (\(token.propertyHash))")
                    continue
                }
                examples.append((path, token))
            } catch {
                warn("tally: warning: skipped saved example \(path): \(error)")
            }
        }
        return examples
    }

    /// Saves `token` for its property; returns the file's path.
    @discardableResult
    public func save(_ token: ReplayToken, propertyID: String) throws -> String {
        let text = token.description
        let path = folder(for: propertyID) + "/" + StableHash.hex(text) + ".token"
        try AtomicFile.write(text + "\n", to: path)
        return path
    }

    /// Removes a saved failure that no longer fails.
    public func remove(path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
