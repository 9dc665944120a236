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
    /// The properties to fuzz, with their index in the catalog, after `--spec`, `--property` and `--shard`.
    var selected: [(index: Int, id: String, name: String)]
    /// The properties `--spec` and `--property` selected, before `--shard` took its slice.
    var selectedBeforeSharding = 0
    /// `2/4` for `--shard 2/4`; `1/1` without.
    var shard = "1/1"

    init(_ arguments: CommandLineArguments, catalog: TallyCatalog, command: CommandDescription) throws(UsageError) {
        caseLimit = try arguments.positiveInteger("--cases", command: command)
        time = try arguments.duration("--time", command: command) ?? (caseLimit == nil ? 60 : nil)
        caseTimeout = try arguments.duration("--case-timeout", command: command) ?? Double(CaseTimeout.defaultSeconds)
        seed = try arguments.seed("--seed", command: command) ?? UInt64.random(in: 0...UInt64.max)
        selected = try Self.select(catalog, arguments: arguments, command: command)
        selectedBeforeSharding = selected.count
        if let text = arguments.value("--shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw UsageError(command: command, "--shard expects I/N with 1 ≤ I ≤ N, such as 2/4; got '\(text)'")
            }
            selected = selected.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
            guard !selected.isEmpty else {
                throw UsageError(command: command, "--shard \(text) is empty: there are only \(selectedBeforeSharding) properties to share among \(count) shards")
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
        _ catalog: TallyCatalog, arguments: CommandLineArguments, command: CommandDescription
    ) throws(UsageError) -> [(index: Int, id: String, name: String)] {
        let all = catalog.properties.enumerated().map {
            (index: $0.offset, id: $0.element.property.id, suite: $0.element.suite, name: "\($0.element.suite)/\($0.element.property.id)")
        }
        let specs = arguments.options["--spec"] ?? []
        for spec in specs where !all.contains(where: { $0.suite == spec }) {
            // The words check uses, its "Did you mean" included.
            let known = catalog.properties.map { SelectableProperty(id: $0.property.id, spec: $0.suite) }
            let problems = PropertySelection([PropertySelector(.spec(spec), from: "--spec")])
                .problems(known: known, matched: [], selectedAny: false, scope: "in \(catalog.toolName)'s catalog")
            throw UsageError(command: command, problems: problems, pointsToHelp: true)
        }
        let inSpecs = all.filter { specs.isEmpty || specs.contains($0.suite) }
        let names = arguments.options["--property"] ?? []
        for name in names where !inSpecs.contains(where: { $0.id == name || $0.name == name }) {
            // The words check uses, its nearest names included.
            let known = inSpecs.map { SelectableProperty(id: $0.id, spec: $0.suite) }
            let scope = specs.isEmpty ? "in \(catalog.toolName)'s catalog" : "of " + specs.map { "--spec \($0)" }.joined(separator: " ")
            let problems = PropertySelection([PropertySelector(.name(name), from: arguments.standIns["--property"] ?? "--property")])
                .problems(known: known, matched: [], selectedAny: false, scope: scope)
            throw UsageError(command: command, problems: problems, pointsToHelp: true)
        }
        let selected = inSpecs.filter { names.isEmpty || names.contains($0.id) || names.contains($0.name) }
            .map { (index: $0.index, id: $0.id, name: $0.name) }
            .sorted { $0.name < $1.name }
        guard !selected.isEmpty else { throw UsageError(command: command, "there are no properties to fuzz") }
        return selected
    }
}
