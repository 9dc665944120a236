import Foundation

/// Writing files so that a reader never sees half of one, and a crash never leaves one damaged.
public enum AtomicFile {
    /// Writes `data` to `path` through a uniquely named temporary file in the same folder, then renames
    /// it over `path`. Creates missing folders. Concurrent writers never interleave: the last rename wins.
    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)"
                + ".\(UInt64.random(in: 0...UInt64.max)).tmp"
        )
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes `text` as UTF-8; see ``write(_:to:)-(Data,_)``.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }
}
