import Foundation

/// A kind of report `--report FILE` can write, chosen by the file's extension.
struct ReportFormat: Equatable {
    /// The file name's ending, such as `.xml`.
    var pathExtension: String
    /// What the file holds, such as `JUnit`.
    var name: String

    static let junit = ReportFormat(pathExtension: ".xml", name: "JUnit")
    static let markdown = ReportFormat(pathExtension: ".md", name: "Markdown")
    static let json = ReportFormat(pathExtension: ".json", name: "JSON")
    static let html = ReportFormat(pathExtension: ".html", name: "the HTML report's index, such as DIR/index.html")
}

extension CommandLineArguments {
    /// Checks every `--report` path before the command does any work: a format named by its extension,
    /// and a place the file can be written (its folder exists or can be created, and is writable).
    /// A run of an hour must not end in "cannot write the report".
    func checkReports(accepting formats: [ReportFormat], command: CommandDescription) throws(UsageError) {
        for path in options["--report"] ?? [] {
            guard formats.contains(where: { path.hasSuffix($0.pathExtension) && path.count > $0.pathExtension.count }) else {
                let accepted = formats.map { "\($0.pathExtension) (\($0.name))" }
                let list = accepted.count > 1 ? accepted.dropLast().joined(separator: ", ") + " or " + accepted.last! : accepted[0]
                throw UsageError(command: command, "--report \(path): the file name must end in \(list)")
            }
            if let problem = Self.writeProblem(path) {
                throw UsageError(command: command, "--report \(path): \(problem)")
            }
        }
    }

    /// Why `path` cannot be written, or `nil` when it can.
    private static func writeProblem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "is a folder"
        }
        // The nearest folder that exists must be a folder and writable: missing folders are created.
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        guard isFolder.boolValue else { return "\(folder.path) is a file, not a folder" }
        guard access(folder.path, W_OK) == 0 else { return "the folder \(folder.path) is not writable" }
        return nil
    }
}
