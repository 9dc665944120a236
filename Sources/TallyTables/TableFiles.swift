import Foundation

/// The files under a tables folder, found in one walk: its `.csv` tables, and every entry, for what
/// else a command looks for there (a table saved as a spreadsheet).
public struct TableFiles: Sendable {
    /// Every `.csv` file under the folder, sorted, or the path itself when it is a file.
    public let tables: [String]
    /// The folder's path without a trailing slash: `base + "/" + name` is the path of an entry of ``names``.
    public let base: String
    /// Every entry under the folder, by its path from there, sorted.
    public let names: [String]

    /// The files under `directory`; none when nothing is there.
    public init(under directory: String) {
        base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        let isFolder = exists && isDirectory.boolValue
        names = (isFolder ? FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [] : [])
            .sorted()
        let base = base
        tables =
            exists && !isFolder
            ? [directory] : names.filter { $0.lowercased().hasSuffix(".csv") }.map { base + "/" + $0 }
    }

    /// The tables under `path`, as `TableFiles(under: path).tables` gives them: from this walk when `path`
    /// is this folder or a folder in it with entries (`Tables/claims`), so that a command naming a folder
    /// of the tables folder walks it once; otherwise (a file, another folder, a path spelled another way:
    /// `./Tables/claims`) from `path` itself.
    public func tables(under path: String) -> [String] {
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        if folder == base { return tables }
        guard folder.hasPrefix(base + "/") else { return TableFiles(under: path).tables }
        let prefix = folder.dropFirst(base.count + 1) + "/"
        let inside = names.filter { $0.hasPrefix(prefix) }
        // No entry under it: a file, an empty folder, or one this walk did not enter (a link to a folder).
        guard !inside.isEmpty else { return TableFiles(under: path).tables }
        return inside.filter { $0.lowercased().hasSuffix(".csv") }.map { folder + "/" + $0.dropFirst(prefix.count) }
    }
}
