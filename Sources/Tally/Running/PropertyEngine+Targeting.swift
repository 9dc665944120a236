extension PropertyEngine {
    /// Climbs from each label's best case (see ``target(_:label:)``), as Hypothesis's optimiser does: picks
    /// a choice, and when moving it by one scores higher, moves it as far as it keeps scoring higher (by
    /// doubling, then halving the step), else draws it anew. Each better case is kept. The climb spends at
    /// most as many evaluations as the run's budget of cases, each label giving up after a quarter of it
    /// without a better score. A failing case found on the way is returned to be shrunk and reported as
    /// any other; with the evaluations made.
    func climbTargets(_ targets: TargetScores) async -> (failing: FailingCase?, evaluations: Int) {
        let budget = configuration.iterations
        var random = RandomSource(seed: seed ^ 0x5441_5247_4554)
        var evaluations = 0
        var failing: FailingCase?
        for (label, best) in targets.bests {
            guard failing == nil, let start = best.choices ?? best.start.map(regenerate(from:)) else { continue }
            var current = replayCandidate(start).run

            /// Whether `choices` beat the label's best, keeping them when they do.
            func better(_ choices: [UInt64]) async -> Bool {
                guard failing == nil, evaluations < budget else { return false }
                evaluations += 1
                let candidate = replayCandidate(ChoiceSequence(choices))
                switch await candidate.check() {
                case .fails(let failure):
                    failing = candidate.run
                    failing?.failure = failure
                    return false
                case .discarded:
                    targets.dropPending()
                    return false
                case .holds:
                    guard targets.keep(choices: ChoiceSequence(candidate.run.choices)).contains(label) else {
                        return false
                    }
                    current = candidate.run
                    return true
                }
            }

            var stale = 0
            while failing == nil, evaluations < budget, stale < max(8, budget / 4), !current.choices.isEmpty {
                let base = current.choices
                let index = Int(random.next(upTo: UInt64(base.count - 1)))
                let bound = index < current.bounds.count ? current.bounds[index] : .max
                func moved(_ step: UInt64, up: Bool) -> [UInt64] {
                    var choices = base
                    choices[index] =
                        up ? base[index] + min(step, bound - base[index]) : base[index] - min(step, base[index])
                    return choices
                }
                var improved = false
                for up in random.next() & 1 == 0 ? [true, false] : [false, true] where !improved {
                    let room = up ? bound - base[index] : base[index]
                    guard room > 0, await better(moved(1, up: up)) else { continue }
                    improved = true
                    _ = await IntegerSearch.largest(limit: room - 1) { extra in await better(moved(extra + 1, up: up)) }
                }
                if !improved {
                    var redrawn = base
                    redrawn[index] = random.next(upTo: bound)
                    improved = await better(redrawn)
                }
                stale = improved ? 0 : stale + 1
            }
        }
        return (failing, evaluations)
    }
}
