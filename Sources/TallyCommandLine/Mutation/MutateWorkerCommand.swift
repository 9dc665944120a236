import Foundation
import Tally
import TallyTables

/// `tally mutate-worker`, one process per mutant of `tally mutate`'s scratch build: runs the named spec
/// modules' table rows, then their properties until one fails, against the mutant `TALLY_MUTANT` selects.
/// It prints `RUNNING <what>` before each (so a crash or a hang can be attributed) and `KILLED <what>: <why>`
/// for each failure, and exits 1 when anything failed.
enum MutateWorkerCommand: TallyCommand {
    static let description = CommandDescription(
        name: "mutate-worker", summary: "(internal) Run one spec's requirements for tally mutate.",
        usage: "tally mutate-worker --module NAME [--module NAME]", options: ["--module"])

    /// The suites of `suites` whose properties are declared in `modules` (a property's `#fileID` begins with
    /// its module's name: `Fares_Spec` for the target `Fares-Spec`). A module that declares none is an
    /// error: its requirements would be left out, and its mutants judged without them.
    static func suites(
        declaredIn modules: Set<String>, among suites: [PropertySuite]
    ) throws(UsageError) -> [PropertySuite] {
        let module = { (property: Property) in String(property.fileID.prefix { $0 != "/" }) }
        let found = suites.filter { suite in suite.properties.contains { modules.contains(module($0)) } }
        let missing = modules.subtracting(found.flatMap { $0.properties.map(module) }).sorted()
        guard missing.isEmpty else {
            throw UsageError(
                message: "tally mutate-worker: error: no spec of tally's catalog is declared in "
                    + "the module \(missing.joined(separator: ", ")): "
                    + "tally mutate finds a spec's tables through its properties")
        }
        return found
    }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        // Dies with tally mutate however it ends, even while a mutant loops forever.
        _ = SupervisorLink()
        let modules = Set(arguments.options["--module"] ?? [])
        guard !modules.isEmpty else { throw UsageError(command: description, "needs --module") }
        let suites = try suites(declaredIn: modules, among: context.catalog.propertySuites)
        var killed = false
        for suite in suites {
            let paths = LoadedTable.tablePaths(under: context.catalog.tablesDirectory + "/" + suite.name)
            for table in paths.map({ LoadedTable.load(path: $0, suites: context.catalog.tableSuites) }) {
                for row in table.testRows {
                    emit("RUNNING row \(row.path):\(row.line)")
                    let result = await row.run()
                    guard !result.isSuccess else { continue }
                    killed = true
                    let why =
                        result.mismatches.first?.description ?? result.error.map { "the engine threw: \($0)" }
                        ?? result.verdict.rawValue
                    emit("KILLED row \(row.path):\(row.line): \(why)")
                }
            }
        }
        if killed { return 1 }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.shrinks = false
        for suite in suites {
            for property in suite.properties {
                emit("RUNNING property \(suite.name)/\(property.id)")
                let result = await property.check(configuration)
                let failure: String
                switch result.outcome {
                case .passed: continue
                case .failed(let example): failure = example.failure
                case .gaveUp(let reason): failure = "gave up: \(reason)"
                }
                let firstLine = failure.split(separator: "\n").first.map(String.init) ?? ""
                emit("KILLED property \(suite.name)/\(property.id): \(firstLine)")
                return 1
            }
        }
        emit("SURVIVED")
        return 0
    }
}
