import Tally

/// The findings of merged shards, saved together in one folder laid out as `.tally/examples` is
/// (``ExampleStore``: `<folder>/<property>-<hash>/<hash>.token`), so that copied into `.tally/examples`
/// they are what `swift test` replays first. Each shard saved its findings on its own machine; the
/// tokens in its `summary.json` are what comes back from it.
enum GatheredExamples {
    /// Saves under `folder` the replay token of each finding of `outcomes`, and of the failure found
    /// first beside it, setting where each was saved; returns a sentence for each that could not be.
    static func save(_ outcomes: inout [FuzzPropertyOutcome], in folder: String) -> [String] {
        let store = ExampleStore(directory: folder)
        var problems: [String] = []
        for index in outcomes.indices {
            guard var finding = outcomes[index].finding else { continue }
            let outcome = outcomes[index]
            // The catalog names a property `spec/id`; its examples are saved under its id.
            let id =
                outcome.name.firstIndex(of: "/").map { String(outcome.name[outcome.name.index(after: $0)...]) }
                ?? outcome.name
            func save(_ token: String, what: String) -> String? {
                let from = "\(what) of \(outcome.name)" + (outcome.shard.map { " (shard \($0))" } ?? "")
                do {
                    let parsed = try ReplayToken(parsing: token)
                    guard parsed.belongs(to: id) else {
                        problems.append("the \(from) was not saved: its replay token belongs to another property")
                        return nil
                    }
                    return try store.save(parsed, propertyID: id)
                } catch let error as ReplayTokenError {
                    problems.append("the \(from) was not saved: \(error.advice)")
                } catch {
                    problems.append("the \(from) was not saved: \(error)")
                }
                return nil
            }
            finding.savedPath = save(finding.token, what: "finding")
            if let first = finding.foundFirst {
                finding.foundFirst?.savedPath = save(first.token, what: "failure found first")
            }
            outcomes[index].finding = finding
        }
        return problems
    }
}
