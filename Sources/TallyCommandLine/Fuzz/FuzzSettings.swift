import Tally

/// Everything `tally fuzz` was asked to do, each option checked before any work starts: a mistake is
/// reported at once, not after an hour of fuzzing.
struct FuzzSettings {
    var caseLimit: Int?
    /// The wall time of the whole run; `nil` when only `--cases` bounds it.
    var time: Double?
    var caseTimeout: Double
    var jobs: Int
    var seed: UInt64
    /// The properties to fuzz, with the worker that fuzzes each, after `--spec`, `--property` and `--shard`.
    var selected: [(worker: FuzzWorkerKind, id: String, name: String)]
    /// The properties `--spec` and `--property` selected, before `--shard` took its slice.
    var selectedBeforeSharding = 0
    /// `2/4` for `--shard 2/4`; `1/1` without.
    var shard = "1/1"

    /// The settings of `arguments`, over the catalog's properties (run by the tool `executable`) and
    /// the properties of the package's tests, `tests`.
    init(
        _ arguments: CommandLineArguments, catalog: TallyCatalog, executable: String = "", tests: TestProperties? = nil,
        command: CommandDescription
    ) throws(UsageError) {
        caseLimit = try arguments.positiveInteger("--cases", command: command)
        time = try arguments.duration("--time", command: command) ?? (caseLimit == nil ? 60 : nil)
        caseTimeout = try CaseTimeout.seconds(arguments, command: command)
        seed = try arguments.seed("--seed", command: command) ?? UInt64.random(in: 0...UInt64.max)
        selected = try Self.select(
            catalog, executable: executable, tests: tests, arguments: arguments, command: command)
        selectedBeforeSharding = selected.count
        if let text = arguments.value("--shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index)
            else {
                throw UsageError(command: command, "--shard expects I/N with 1 ≤ I ≤ N, such as 2/4; got '\(text)'")
            }
            selected = selected.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            guard !selected.isEmpty else {
                throw UsageError(
                    command: command,
                    "--shard \(text) is empty: there are only \(selectedBeforeSharding) "
                        + "properties to share among \(count) shards"
                )
            }
            shard = "\(index)/\(count)"
        }
        jobs = min(try arguments.positiveInteger("--jobs", command: command) ?? 1, selected.count)
    }

    /// `10 s`, `500 cases each`, or both: the budget as the reports and the first line of the run say it.
    var budget: String {
        [time.map(FuzzJob.seconds), caseLimit.map { "\($0) cases each" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// The selected properties, sorted by name; every `--spec` and `--property` must match something.
    private static func select(
        _ catalog: TallyCatalog, executable: String, tests: TestProperties?, arguments: CommandLineArguments,
        command: CommandDescription
    ) throws(UsageError) -> [(worker: FuzzWorkerKind, id: String, name: String)] {
        typealias Candidate = (worker: FuzzWorkerKind, id: String, suite: String?, name: String, aliases: [String])
        var all: [Candidate] = catalog.properties.enumerated().map {
            (
                worker: .tally(executable: executable, propertyIndex: $0.offset), id: $0.element.property.id,
                suite: $0.element.suite,
                name: "\($0.element.suite)/\($0.element.property.id)", aliases: []
            )
        }
        if let tests {
            // A spec's property that a test also verifies is fuzzed once, as the catalog's.
            let listed = Set(all.map(\.id))
            for entry in tests.entries where !listed.contains(entry.id) {
                let test = String(entry.filter.filter { $0 != "\\" })
                all.append(
                    (
                        worker: .test(binary: tests.binary, testID: entry.testID, environment: [:]), id: entry.id,
                        suite: nil,
                        name: "\(test) (\(entry.place))", aliases: entry.aliases + [test]
                    ))
            }
        }
        let specs = arguments.options["--spec"] ?? []
        for spec in specs where !all.contains(where: { $0.suite == spec }) {
            // The words check uses, its "Did you mean" included.
            let known = catalog.properties.map { SelectableProperty(id: $0.property.id, spec: $0.suite) }
            let problems = PropertySelection([PropertySelector(.spec(spec), from: "--spec")])
                .problems(known: known, matched: [], selectedAny: false, scope: "in \(catalog.toolName)'s catalog")
            throw UsageError(command: command, problems: problems, pointsToHelp: true)
        }
        let inSpecs = all.filter { specs.isEmpty || specs.contains($0.suite ?? "") }
        let names = arguments.options["--property"] ?? []
        func matches(_ candidate: Candidate, _ name: String) -> Bool {
            candidate.id == name || candidate.name == name || candidate.aliases.contains(name)
        }
        for name in names where !inSpecs.contains(where: { matches($0, name) }) {
            // The words check uses, its nearest names included.
            let known = inSpecs.map { SelectableProperty(id: $0.id, spec: $0.suite, aliases: $0.aliases) }
            let scope =
                specs.isEmpty
                ? (tests == nil
                    ? "in \(catalog.toolName)'s catalog" : "in \(catalog.toolName)'s catalog or the package's tests")
                : "of " + specs.map { "--spec \($0)" }.joined(separator: " ")
            let problems = PropertySelection([
                PropertySelector(.name(name), from: arguments.standIns["--property"] ?? "--property")
            ])
            .problems(known: known, matched: [], selectedAny: false, scope: scope)
            throw UsageError(command: command, problems: problems, pointsToHelp: true)
        }
        let selected = inSpecs.filter { candidate in names.isEmpty || names.contains { matches(candidate, $0) } }
            .map { (worker: $0.worker, id: $0.id, name: $0.name) }
            .sorted { $0.name < $1.name }
        guard !selected.isEmpty else { throw UsageError(command: command, "there are no properties to fuzz") }
        return selected
    }
}
