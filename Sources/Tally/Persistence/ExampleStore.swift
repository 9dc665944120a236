import Foundation

/// The folder of saved failures that every run replays before it searches.
///
/// Each failure is one file, `<folder>/<property>/<hash>.token`, holding the token of its shrunk case, so
/// two processes saving at once never lose each other's failures. Damaged files are skipped with one
/// warning each. A saved failure that no longer fails is removed, as with Hypothesis's example database.
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
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            // No folder: nothing saved. A folder that cannot be read hides saved failures: say so.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                let reason = isFolder.boolValue ? WriteFailure.reason(of: error) : "Not a directory"
                warn(
                    "tally: warning: the saved failures in \(folder) cannot be read (\(reason)): they are not replayed")
            }
            return []
        }
        var examples: [(path: String, token: ReplayToken)] = []
        for name in names.sorted() where name.hasSuffix(".token") && !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else {
                warn("tally: warning: skipped saved example \(path): not readable UTF-8 text")
                continue
            }
            do {
                let token = try ReplayToken(parsing: text)
                guard token.belongs(to: propertyID) else {
                    warn(
                        "tally: warning: skipped saved example \(path): "
                            + "it belongs to another property (\(token.propertyHash))"
                    )
                    continue
                }
                examples.append((path, token))
            } catch {
                if let outdated = ReplayToken.parsingOutdated(text), outdated.belongs(to: propertyID) {
                    examples.append((upgrade(outdated, from: path, propertyID: propertyID, warn: warn), outdated))
                    continue
                }
                warn("tally: warning: skipped saved example \(path): \(error.advice)")
            }
        }
        return examples
    }

    /// Rewrites a saved example of the format before tokens carried a checksum, saying so once; returns
    /// the path it is now at.
    private func upgrade(_ token: ReplayToken, from path: String, propertyID: String, warn: (String) -> Void) -> String
    {
        guard let upgraded = try? save(token, propertyID: propertyID) else {
            warn(
                "tally: warning: saved example \(path) is in an outdated format (a token without a checksum) "
                    + "and could not be rewritten; it is replayed as it is"
            )
            return path
        }
        if upgraded != path { remove(path: path) }
        warn(
            "tally: note: saved example \(path) was in an outdated format (a token without a checksum); "
                + "it is replayed, and was rewritten as \(upgraded)"
        )
        return upgraded
    }

    /// Saves `token` for its property; returns the file's path.
    @discardableResult
    public func save(_ token: ReplayToken, propertyID: String) throws(WriteFailure) -> String {
        let text = token.description
        let path = folder(for: propertyID) + "/" + StableHash.hex(text) + ".token"
        do { try AtomicFile.write(text + "\n", to: path) } catch { throw WriteFailure(path: path, error: error) }
        return path
    }

    /// Removes a saved failure that no longer fails, and its property's folder when that was the last one.
    public func remove(path: String) {
        let files = FileManager.default
        try? files.removeItem(atPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        if folder.hasPrefix(directory + "/"), (try? files.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? files.removeItem(atPath: folder)
        }
    }
}
