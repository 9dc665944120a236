import Foundation
import Tally

/// A report folder holds the files of one run. Before a command starts its work, it removes from the
/// folders of its `--report` files what an earlier run of Tally wrote there at the command's own step
/// of a night or at a later one (``ReportStep``): `tally fuzz` every report Tally wrote; `tally mutate`
/// the mutation reports, and those of the steps after it; `tally check`, `tables run` and `report` their
/// Markdown and JUnit reports and the HTML report. So the nightly's steps — fuzz, mutate, then the HTML report, all
/// into one folder — leave only tonight's files when stopped at any of them, and a page never outlives the run it
/// shows.
///
/// Only files Tally wrote go, known by their marker, with the copy of a table that a removed table page
/// links to (`tables/`, removed when it is left empty) and, from the fuzz's step on, the saved findings
/// a merge of shards gathered (`examples/`: each file a replay token, known by its checksum); a file
/// without the marker, a hidden file and any other folder stay.
enum ReportFolder {
    /// Removes from the folder of each of `reports` the files an earlier run wrote at `step` or later,
    /// saying on `console` how many it removed from which folder; returns the paths removed.
    @discardableResult
    static func clearEarlierRuns(for reports: [String], from step: ReportStep, console: Console) throws(ClearError)
        -> [String]
    {
        let folders = Set(
            reports.map { path in
                let folder = (path as NSString).deletingLastPathComponent
                return folder.isEmpty ? "." : folder
            })
        var removed: [String] = []
        for folder in folders.sorted() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            let before = removed.count
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                guard isFile(path), let written = ReportStep(reportAt: path), written >= step else { continue }
                if isTablePage(name) {
                    let copy = (folder as NSString).appendingPathComponent(TablePage.copyPath(page: name))
                    if isFile(copy) { try remove(copy, &removed) }
                }
                try remove(path, &removed)
            }
            if step <= .fuzz {
                try removeGatheredExamples(in: (folder as NSString).appendingPathComponent(examplesFolder), &removed)
            }
            let copies = (folder as NSString).appendingPathComponent("tables")
            if (try? FileManager.default.contentsOfDirectory(atPath: copies))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: copies)
            }
            let count = removed.count - before
            if count > 0 {
                console.err("Removed \(count) file\(count == 1 ? "" : "s") an earlier run wrote in \(folder)/")
            }
        }
        return removed
    }

    /// `table-claims-visits.html`, or a page named apart from another with leading `x`s
    /// (``HTMLReport/tables(index:)``): one with a copy of its table under `tables/`.
    static func isTablePage(_ name: String) -> Bool {
        name.hasSuffix(".html") && name.drop { $0 == "x" }.hasPrefix("table-")
    }

    /// The folder of a report folder where `tally report --merge` gathers the shards' findings, laid out
    /// as ``ExampleStore`` lays out `.tally/examples`.
    static let examplesFolder = "examples"

    /// Removes the replay tokens of `examples/<property>/`, and each folder they leave empty.
    private static func removeGatheredExamples(in examples: String, _ removed: inout [String]) throws(ClearError) {
        guard let properties = try? FileManager.default.contentsOfDirectory(atPath: examples) else { return }
        for property in properties.sorted() where !property.hasPrefix(".") {
            let folder = (examples as NSString).appendingPathComponent(property)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(".token") && !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                guard isFile(path), let text = try? String(contentsOfFile: path, encoding: .utf8),
                    (try? ReplayToken(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))) != nil
                else { continue }
                try remove(path, &removed)
            }
            if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: examples))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: examples)
        }
    }

    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    private static func remove(_ path: String, _ removed: inout [String]) throws(ClearError) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw ClearError(path: path, error: error)
        }
        removed.append(path)
    }

    /// A file of an earlier run that could not be removed: one sentence naming it and why.
    struct ClearError: Error, CustomStringConvertible {
        var path: String
        var error: any Error

        var description: String {
            let why =
                ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
                    $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil
                } ?? (error as NSError).localizedDescription
            return "cannot remove \(path), a report of an earlier run, from the folder this run reports into: \(why)"
        }
    }
}
