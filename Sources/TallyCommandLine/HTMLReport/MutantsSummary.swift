import Foundation

/// What `tally mutate` found, read back from the JSON report `tally mutate --report DIR/mutants.json`
/// writes, so that the requirements report written beside it (`DIR/index.html`) shows the mutation
/// score of each target, every survivor with its lines, and every equivalent mutant with its reason.
struct MutantsSummary {
    struct Target {
        var name: String
        var mutants: Int
        var killed: Int
        var survived: Int
        var equivalent: Int
        var notCompiled: Int
        var notRun: Int
        var score: Double
    }

    struct Mutant {
        var target: String
        /// `Sources/Claims/Money.swift:53:46`.
        var location: String
        var kind: String
        var original: String
        var mutated: String
        var before: [String]
        var after: [String]
        var status: String
        /// What killed it, or why it is equivalent or did not compile.
        var by: [String]
    }

    var path: String
    var command: String
    var score: Double
    var targets: [Target]
    var mutants: [Mutant]
    /// `stopped by SIGINT` when the run was stopped before every mutant was judged.
    var stopped: String?
    var isIncomplete: Bool

    var survivors: [Mutant] { mutants.filter { $0.status == "survived" } }

    /// The mutation results beside the report whose index is `indexPath`: `nil` when there are none,
    /// a failure naming the file and what is wrong with it when they cannot be read.
    static func beside(indexPath: String) -> Result<MutantsSummary, MutantsSummaryError>? {
        let path = URL(fileURLWithPath: indexPath).deletingLastPathComponent().appendingPathComponent("mutants.json").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return Result { () throws(MutantsSummaryError) in try MutantsSummary(path: path) }
    }

    /// Reads the JSON report at `path`.
    init(path: String) throws(MutantsSummaryError) {
        func fail(_ problem: String) -> MutantsSummaryError {
            MutantsSummaryError(message: "cannot read the mutation results \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = document["targets"] as? [[String: Any]], let mutants = document["mutants"] as? [[String: Any]]
        else { throw fail("expected the JSON report that mutate --report FILE.json writes, with \"targets\" and \"mutants\" lists") }
        self.path = path
        command = document["command"] as? String ?? ""
        score = document["score"] as? Double ?? 0
        stopped = document["stopped"] as? String
        isIncomplete = document["incomplete"] as? Bool ?? false
        var read: [Target] = []
        for (index, entry) in targets.enumerated() {
            guard let name = entry["target"] as? String, let count = entry["mutants"] as? Int else {
                throw fail("target \(index + 1) has no \"target\" or \"mutants\"")
            }
            read.append(Target(
                name: name, mutants: count, killed: entry["killed"] as? Int ?? 0, survived: entry["survived"] as? Int ?? 0,
                equivalent: entry["equivalent"] as? Int ?? 0, notCompiled: entry["did_not_compile"] as? Int ?? 0,
                notRun: entry["not_run"] as? Int ?? 0, score: entry["score"] as? Double ?? 0))
        }
        self.targets = read
        var found: [Mutant] = []
        for (index, entry) in mutants.enumerated() {
            guard let file = entry["file"] as? String, let line = entry["line"] as? Int, let column = entry["column"] as? Int,
                let status = entry["status"] as? String
            else { throw fail("mutant \(index + 1) has no \"file\", \"line\", \"column\" or \"status\"") }
            found.append(Mutant(
                target: entry["target"] as? String ?? "", location: "\(file):\(line):\(column)", kind: entry["operator"] as? String ?? "",
                original: entry["original"] as? String ?? "", mutated: entry["mutated"] as? String ?? "",
                before: entry["before"] as? [String] ?? [], after: entry["after"] as? [String] ?? [], status: status,
                by: entry["by"] as? [String] ?? []))
        }
        self.mutants = found
    }
}

/// Why the mutation results beside a report could not be read.
struct MutantsSummaryError: Error {
    var message: String
}
