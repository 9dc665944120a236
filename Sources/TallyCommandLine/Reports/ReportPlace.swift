import Foundation
import Tally

/// Where a report may be written, judged before any work: a run of an hour must not end in "cannot
/// write the report", and a report never replaces a file, or fills a folder, that Tally did not write.
/// Tally's own reports are known by a marker they carry (``xmlMarker``, ``htmlMarker``, the heading of a
/// Markdown report, the keys of a JSON report: ``ReportStep``), so running again replaces them.
enum ReportPlace {
    /// The comment a JUnit report carries after its XML declaration.
    static let xmlMarker = "<!-- generator: Tally -->"
    /// The tag each page of the HTML report carries in its head.
    static let htmlMarker = "<meta name=\"generator\" content=\"Tally\">"

    /// Why the report file `path` cannot be written, the end of a sentence; `nil` when it can.
    static func problem(file path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return "is a folder" }
            if !isTallyReport(atPath: path) {
                return
                    "the file exists and Tally did not write it; name a new file, or delete \(path) "
                    + "first if it may be replaced"
            }
        }
        return folderProblem(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Why the HTML report whose index is `indexPath` cannot be written, its other pages beside it;
    /// `nil` when it can.
    static func problem(htmlIndex indexPath: String) -> String? {
        let folder = URL(fileURLWithPath: indexPath).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            !isTallyReportFolder(folder, index: indexPath)
        {
            return
                "the folder \(folder) holds files or folders Tally did not write; "
                + "name a new or empty folder for the report's pages"
                + " (or the folder of an earlier Tally report)"
        }
        return problem(file: indexPath)
    }

    /// Why no file can be created in `folder`, which is created when missing; `nil` when one can.
    /// Tries it, with a file created and removed at once: as root, `access(2)` calls even `/proc` writable.
    static func folderProblem(_ folder: String) -> String? {
        var existing = URL(fileURLWithPath: folder).standardized
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            existing = existing.deletingLastPathComponent()
        }
        guard isFolder.boolValue else { return "\(existing.path) is a file, not a folder" }
        guard !canCreateFile(in: existing.path) else { return nil }
        let wanted = URL(fileURLWithPath: folder).standardized.path
        return wanted == existing.path
            ? "the folder \(wanted) is not writable"
            : "the folder \(wanted) does not exist and cannot be created (\(existing.path) is not writable)"
    }

    /// Writes the report `text` to `path` atomically; a failure is one sentence naming the path and why.
    static func write(_ text: String, to path: String) throws(ReportWriteError) {
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw ReportWriteError(path: path, error: error)
        }
    }

    /// Whether the file at `path` is a report Tally wrote, by its marker (``ReportStep``).
    static func isTallyReport(atPath path: String) -> Bool { ReportStep(reportAt: path) != nil }

    /// Whether `folder` may receive the HTML report: it is empty, its index is Tally's, or each file in
    /// it (folders and hidden files aside) is a report Tally wrote or one the report reads, and there is
    /// at least one.
    private static func isTallyReportFolder(_ folder: String, index: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let visible = names.filter { !$0.hasPrefix(".") }
        if visible.isEmpty || isTallyReport(atPath: index) { return true }
        var files: [String] = []
        for name in visible {
            var isFolder: ObjCBool = false
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        // The fuzz and mutation results the report shows belong in its folder, even unreadable: the
        // report names what is wrong with them.
        let inputs: Set<String> = ["summary.json", "mutants.json"]
        return !files.isEmpty
            && files.allSatisfy {
                inputs.contains(URL(fileURLWithPath: $0).lastPathComponent) || isTallyReport(atPath: $0)
            }
    }

    private static func canCreateFile(in folder: String) -> Bool {
        let probe = URL(fileURLWithPath: folder).appendingPathComponent(
            ".tally-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        ).path
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        unlink(probe)
        return true
    }
}

/// A report that could not be written after the run: one sentence naming the file and why.
struct ReportWriteError: Error, CustomStringConvertible {
    var path: String
    var error: any Error

    var description: String {
        let why =
            ReportPlace.folderProblem(URL(fileURLWithPath: path).deletingLastPathComponent().path)
            ?? ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
                $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil
            }
            ?? (error as NSError).localizedDescription
        return "cannot write the report \(path): \(why)"
    }
}
