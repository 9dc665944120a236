import Foundation

/// `.tally/mutate/tmp`, the `TMPDIR` of the `swift` commands a `tally mutate` run starts, so SwiftPM's
/// lock files and the driver's folders stay out of the system's. It is removed when the run ends however
/// it ends (a second Control-C exits at once, hence `atexit`); what SIGKILL leaves, the next run removes.
enum MutationTemporaryFolder {
    static func path(root: String) -> String { root + "/.tally/mutate/tmp" }

    /// The root of the run under way, for the `atexit` handler (which can capture nothing).
    private nonisolated(unsafe) static var current: String?
    private nonisolated(unsafe) static var registered = false

    /// Starts a run in the package at `root`: removes what a killed run left.
    static func begin(root: String) {
        remove(root: root)
        current = root
        if !registered {
            registered = true
            atexit { MutationTemporaryFolder.current.map(MutationTemporaryFolder.remove(root:)) }
        }
    }

    /// Ends the run: removes the folder, and `.tally/mutate` and `.tally` when nothing else is in them.
    static func end(root: String) {
        remove(root: root)
        current = nil
    }

    /// The environment for the `swift` commands of the run, creating the folder.
    static func swiftEnvironment(root: String) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: path(root: root), withIntermediateDirectories: true)
        return ["TMPDIR": path(root: root)]
    }

    static func remove(root: String) {
        let files = FileManager.default
        try? files.removeItem(atPath: path(root: root))
        for folder in [root + "/.tally/mutate", root + "/.tally"] {
            guard let entries = try? files.contentsOfDirectory(atPath: folder), entries.isEmpty else { return }
            try? files.removeItem(atPath: folder)
        }
    }
}
