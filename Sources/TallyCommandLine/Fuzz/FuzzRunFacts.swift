/// What the fuzz reports say of a run as a whole, beside its properties: its seed, the shard of a CI
/// matrix it was, the commit it checked and its budget — what `tally report --merge` compares before it
/// puts shards together — and, for a merged report, the shards it merged and what was wrong with them.
struct FuzzRunFacts {
    /// The base seed, or for a merged report each shard's.
    var seed: String
    /// `2/4` for `--shard 2/4`, `1/1` for a run of every selected property; `nil` in a merged report.
    var shard: String?
    /// The commit the run checked (`git rev-parse HEAD`), when Tally could tell.
    var commit: String?
    /// `10 s`, `500 cases each` or both: the budget each shard must share for their merge to mean one run.
    var budget: String?
    /// How many properties were selected before sharding: the merge counts the shards' against it.
    var selected: Int?
    /// What stopped the run before its end (`stopped by SIGINT after 0:03`), if something did.
    var stopped: String?
    /// In a merged report, the shards merged (`1/4`, `2/4`, …).
    var merged: [String] = []
    /// In a merged report, what keeps it from standing for one whole run: a shard missing, of another
    /// commit, split or budget. Each is a failure.
    var problems: [String] = []

    /// The facts of a run that knows only its seed and what stopped it: the reports as they were
    /// before shards could be merged.
    init(seed: String, stopped: String?) {
        self.seed = seed
        self.stopped = stopped
    }

    init(seed: String, shard: String?, commit: String?, budget: String?, selected: Int?, stopped: String?) {
        self.seed = seed
        self.shard = shard
        self.commit = commit
        self.budget = budget
        self.selected = selected
        self.stopped = stopped
    }

    /// `Seed 42, shard 2/4, commit 1a2b3c4d5e6f, budget 10 s.` — or, merged,
    /// `Merged from shards 1/4, 2/4, 4/4 of commit 1a2b3c4d5e6f, budget 10 s; seeds 1 (1/4), ….`
    var sentence: String {
        var parts: [String] = []
        if merged.isEmpty {
            parts.append("Seed \(seed)")
            if let shard, shard != "1/1" { parts.append("shard \(shard)") }
        } else {
            parts.append("Merged from shard\(merged.count == 1 ? "" : "s") \(merged.joined(separator: ", "))")
        }
        if let commit { parts.append("commit \(commit.prefix(12))") }
        if let budget { parts.append("budget \(budget)") }
        if !merged.isEmpty { parts.append("seeds \(seed)") }
        return parts.joined(separator: ", ") + "."
    }
}
