/// The shards of one CI matrix put back together as one run: every property once, with the shard that
/// ran it. What keeps them from standing for one whole run — a folder that holds no shard's report, a
/// shard missing or given twice, one of another split (N), commit, budget or selection, one stopped
/// before its end — is a problem named in the merged reports, never a silent gap. N is the shards' own:
/// when they say 1/4, 2/4 and 4/4, shard 3/4 is missing.
struct ShardMerge {
    var outcomes: [FuzzPropertyOutcome] = []
    var run = FuzzRunFacts(seed: "", stopped: nil)

    init(_ reads: [Result<ShardReport, MergeProblem>]) {
        var problems: [String] = []
        var shards: [ShardReport] = []
        for read in reads {
            switch read {
            case .success(let shard): shards.append(shard)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        guard let count = Self.usual(shards.map(\.count)) else {
            run.problems = problems + ["no shard's report could be read, so nothing was merged"]
            return
        }
        for shard in shards where shard.count != count {
            problems.append(
                "shard \(shard.label) (\(shard.folder)) is of another split: the other shards are of \(count)")
        }
        var merged: [ShardReport] = []
        for index in 1...count {
            let given = shards.filter { $0.count == count && $0.index == index }
            guard let first = given.first else {
                problems.append("shard \(index)/\(count) is missing: no folder given to --merge holds its report")
                continue
            }
            if given.count > 1 {
                problems.append(
                    "shard \(index)/\(count) is given \(given.count) times: "
                        + "\(given.map(\.folder).joined(separator: ", ")); only \(first.folder) was merged"
                )
            }
            merged.append(first)
        }
        problems += Self.disagreements(
            merged, "ran commit", { $0.commit.map { String($0.prefix(12)) } ?? "an unknown commit" })
        problems += Self.disagreements(merged, "had a budget of", { $0.budget ?? "an unknown budget" })
        problems += Self.disagreements(
            merged, "shared among the shards a selection of",
            { $0.selected.map { "\($0) properties" } ?? "an unknown number of properties" })
        for shard in merged {
            if let stopped = shard.report.stopped {
                problems.append("shard \(shard.label) (\(shard.folder)) did not run to its end: it was \(stopped)")
            }
        }
        var ranBy: [String: [String]] = [:]
        for shard in merged {
            for property in shard.report.properties {
                ranBy[property.name, default: []].append(shard.label)
                if ranBy[property.name]?.count == 1 {
                    outcomes.append(FuzzPropertyOutcome(reported: property, shard: shard.label))
                }
            }
        }
        for (name, labels) in ranBy.sorted(by: { $0.key < $1.key }) where labels.count > 1 {
            problems.append(
                "\(name) was run by shards \(labels.joined(separator: " and ")): "
                    + "the shards split another list of properties"
            )
        }
        let selected = Self.usual(merged.map(\.report.selected))
        if problems.isEmpty, let selected = selected ?? nil, selected != outcomes.count {
            problems.append(
                "the shards ran \(outcomes.count) properties, but \(selected) were selected before sharding")
        }
        outcomes.sort { $0.name < $1.name }
        run = FuzzRunFacts(
            seed: merged.map { "\($0.report.seed) (\($0.label))" }.joined(separator: ", "), shard: nil,
            commit: Self.usual(merged.map(\.report.commit)) ?? nil,
            budget: Self.usual(merged.map(\.report.budget)) ?? nil,
            selected: selected ?? nil, stopped: nil)
        run.merged = merged.map(\.label)
        run.problems = problems
    }

    /// A sentence for each shard whose `what` is not the one most shards have (`shard 2/4 (DIR) ran
    /// commit 1a2b…, the other shards 9f8e…`).
    private static func disagreements(_ shards: [ShardReport], _ verb: String, _ what: (FuzzReportJSON) -> String)
        -> [String]
    {
        guard let usual = usual(shards.map { what($0.report) }) else { return [] }
        return shards.filter { what($0.report) != usual }.map { shard in
            "shard \(shard.label) (\(shard.folder)) \(verb) \(what(shard.report)), the other shards \(usual)"
        }
    }

    /// The value most of `values` have, the first of them on a tie; `nil` when there are none.
    private static func usual<Value: Hashable>(_ values: [Value]) -> Value? {
        var counts: [Value: Int] = [:]
        var most: (value: Value, count: Int)?
        for value in values {
            counts[value, default: 0] += 1
            if counts[value]! > most?.count ?? 0 { most = (value, counts[value]!) }
        }
        return most?.value
    }
}
