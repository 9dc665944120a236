import Foundation

/// The fuzz report of one shard of a CI matrix, read from the `summary.json` of its report folder.
struct ShardReport {
    /// The report folder, as it was given.
    var folder: String
    var report: FuzzReportJSON
    /// `3` of shard `3/4`.
    var index: Int
    /// `4` of shard `3/4`.
    var count: Int

    /// `3/4`.
    var label: String { "\(index)/\(count)" }

    /// The file a report folder's fuzz results are read from.
    static let fileName = "summary.json"

    /// Reads the shard whose report folder is `folder`; what keeps it from being merged is one sentence
    /// naming the folder or its file.
    static func read(folder: String) -> Result<ShardReport, MergeProblem> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return .failure(MergeProblem("there is no report folder \(folder)"))
        }
        guard isFolder.boolValue else { return .failure(MergeProblem("\(folder) is a file, not a report folder")) }
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(
                MergeProblem(
                    "\(folder) holds no fuzz report: there is no \(path) (tally fuzz --report \(path) writes it)"))
        }
        let report: FuzzReportJSON
        do {
            report = try FuzzReportJSON.read(
                path, what: "fuzz results",
                expected:
                    "expected the JSON report that tally fuzz --report FILE.json writes, with a \"properties\" list"
            ) { "property \($0 + 1) has no \"name\" or \"cases\"" }
        } catch {
            return .failure(MergeProblem(error.message))
        }
        guard let shard = report.shard else {
            return .failure(
                MergeProblem(
                    "\(path) does not say which shard it was: it was written by a tally fuzz from before "
                        + "reports could be merged"
                ))
        }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index)
        else {
            return .failure(MergeProblem("\(path) says it was shard '\(shard)', which is not I/N with 1 ≤ I ≤ N"))
        }
        return .success(ShardReport(folder: folder, report: report, index: index, count: count))
    }
}
