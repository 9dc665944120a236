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
    /// and a place the file can be written (``ReportPlace``: its folder exists or can be created, and is
    /// writable; it replaces no file Tally did not write).
    /// A run of an hour must not end in "cannot write the report".
    func checkReports(accepting formats: [ReportFormat], command: CommandDescription) throws(UsageError) {
        for path in options["--report"] ?? [] {
            guard formats.contains(where: { path.hasSuffix($0.pathExtension) && path.count > $0.pathExtension.count })
            else {
                let accepted = formats.map { "\($0.pathExtension) (\($0.name))" }
                let list =
                    accepted.count > 1
                    ? accepted.dropLast().joined(separator: ", ") + " or " + accepted.last! : accepted[0]
                throw UsageError(command: command, "--report \(path): the file name must end in \(list)")
            }
            if let problem = path.hasSuffix(".html")
                ? ReportPlace.problem(htmlIndex: path) : ReportPlace.problem(file: path)
            {
                throw UsageError(command: command, problems: ["--report \(path): \(problem)"], pointsToHelp: false)
            }
        }
    }
}
