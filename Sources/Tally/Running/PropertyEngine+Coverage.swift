extension PropertyEngine {
    /// Searches with the run's budget, then, while the cases cannot yet tell whether a coverage
    /// requirement is met (see ``CoverageConfidence``), doubles the cases with further rounds from seeds
    /// derived from the run's, up to ``CoverageConfidence/growthLimit`` times the budget. A failure in
    /// any round ends the search as a failure in the first would.
    func searchUntilCoverageIsDecided(_ statistics: CaseStatistics) async -> SearchOutcome {
        var outcome = await search(statistics, seed: seed, iterations: configuration.iterations)
        let limit = configuration.iterations * CoverageConfidence.growthLimit
        var round: UInt64 = 0
        while outcome.failingStart == nil, outcome.gaveUp == nil, outcome.cases < limit,
              CoverageConfidence.verdict(statistics.labels, cases: outcome.cases) == .undecided {
            round += 1
            statistics.beginRound()
            let more = await search(
                statistics, seed: seed ^ round &* 0x9E37_79B9_7F4A_7C15, iterations: min(outcome.cases, limit - outcome.cases))
            outcome.add(more)
        }
        return outcome
    }
}

extension SearchOutcome {
    /// Adds a further round's counts, and its failure or giving up.
    mutating func add(_ round: SearchOutcome) {
        cases += round.cases
        discarded += round.discarded
        discardedByBody += round.discardedByBody
        if let start = round.failingStart { fail(start, round.failure) }
        if let reason = round.gaveUp { gaveUp = reason }
    }
}
