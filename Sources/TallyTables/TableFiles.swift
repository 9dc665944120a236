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
        names = (isFolder ? FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [] : []).sorted()
        let base = base
        tables = exists && !isFolder ? [directory] : names.filter { $0.lowercased().hasSuffix(".csv") }.map { base + "/" + $0 }
    }
}
