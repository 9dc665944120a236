import Foundation
import TallyTables

/// The package a command runs in, wherever in it the command was typed: the tool runs at the package
/// root, so it finds `Tables/` and `.tally/` there and prints paths relative to it (lines that work
/// when pasted at the root), while the paths a person types are read from the folder they typed them
/// in.
///
/// ```
/// ~/claims-package/Tables/claims$ swift run tally tables run visits.csv:14
/// Tables/claims/visits.csv
///   ✔ 14  copay alone
/// ```
struct PackageRoot {
    /// The folder the tool runs in: the root.
    var root: String
    /// The folder the command was typed in, relative to ``root`` (empty when it is the root).
    var invokedIn: String

    /// The package around `folder`: the nearest folder, `folder` itself or above it, that holds a
    /// `Package.swift` or a `Tables` folder; `folder` itself when there is none, or when it is not an
    /// absolute path (the working folder of a process whose folder was deleted reads as empty).
    init(around folder: String) {
        let start = folder.hasPrefix("/") ? Self.normalize(folder) : folder
        var candidate = start
        // Only an absolute path has a top to stop at: going up from a relative one would never end.
        while start.hasPrefix("/"), !Self.holdsPackage(candidate) {
            guard candidate != "/" else {
                candidate = start
                break
            }
            let parent = String(candidate[..<(candidate.lastIndex(of: "/") ?? candidate.startIndex)])
            candidate = parent.isEmpty ? "/" : parent
        }
        root = candidate
        invokedIn = start == candidate ? "" : String(start.dropFirst(candidate.count).drop { $0 == "/" })
    }

    private static func holdsPackage(_ folder: String) -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let base = folder == "/" ? "" : folder
        return manager.fileExists(atPath: base + "/Package.swift")
            || (manager.fileExists(atPath: base + "/Tables", isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The path a person typed in ``invokedIn``, as the tool running at the root reads it: relative to
    /// the root when it was relative. With `existing`, a path that names nothing from where it was
    /// typed but names something from the root (a line the tool printed, pasted in a subfolder) is
    /// read from the root. A `:LINE` after a path is kept.
    static func resolve(_ path: String, typedIn folder: String, existing: Bool) -> String {
        guard !folder.isEmpty, !path.hasPrefix("/") else { return path }
        let resolved = normalize(folder + "/" + path)
        guard existing else { return resolved }
        let exists = { (text: String) in FileManager.default.fileExists(atPath: RowSelection.location(text).path) }
        return !exists(resolved) && exists(path) ? path : resolved
    }

    /// `a/b/../c/./d` → `a/c/d`, without touching the file system; `..` above the start is kept.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined.isEmpty ? "." : joined
    }
}
