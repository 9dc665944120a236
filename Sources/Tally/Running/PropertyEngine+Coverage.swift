/// What the search phases found: the random search with its coverage rounds, and the climb toward the
/// property's targets between them.
struct SearchPhases {
    var search: SearchOutcome
    /// A failing case the climb found.
    var climbed: FailingCase?
    var climbEvaluations = 0
}

extension PropertyEngine {
    /// Searches with the run's budget; climbs toward the property's targets (see
    /// ``climbTargets(_:)``); then, while the cases cannot yet tell whether a coverage requirement is met
    /// (see ``CoverageConfidence``), doubles the cases with further rounds from seeds derived from the
    /// run's, up to ``CoverageConfidence/casesLimit(budget:_:)``. A failure in any phase ends the
    /// search.
    func searchPhases(_ statistics: CaseStatistics) async -> SearchPhases {
        var phases = SearchPhases(search: await search(statistics, seed: seed, iterations: configuration.iterations))
        guard phases.search.failingStart == nil, phases.search.gaveUp == nil else { return phases }
        let climbing = CaseStatistics(targets: statistics.targets)
        let climb = await CaseStatistics.$current.withValue(climbing) { await climbTargets(statistics.targets) }
        (phases.climbed, phases.climbEvaluations) = (climb.failing, climb.evaluations)
        guard phases.climbed == nil else { return phases }
        let limit =
            configuration.growsForCoverage
            ? CoverageConfidence.casesLimit(budget: configuration.iterations, statistics.labels)
            : configuration.iterations
        var round: UInt64 = 0
        while phases.search.failingStart == nil, phases.search.gaveUp == nil, phases.search.cases < limit,
            CoverageConfidence.verdict(statistics.labels, cases: phases.search.cases) == .undecided
        {
            round += 1
            statistics.beginRound()
            let more = await search(
                statistics, seed: seed ^ round &* 0x9E37_79B9_7F4A_7C15,
                iterations: min(phases.search.cases, limit - phases.search.cases))
            phases.search.add(more)
        }
        return phases
    }
}

extension SearchOutcome {
    /// Adds a further round's counts, and its failure or giving up.
    mutating func add(_ round: SearchOutcome) {
        cases += round.cases
        discarded += round.discarded
        discardedByBody += round.discardedByBody
        if let start = round.failingStart { fail(start, round.failure) }
        // The round's message counts the round's cases against the round's limit: say which they are.
        if let reason = round.gaveUp {
            gaveUp = reason + " (in a further round of \(round.iterations) cases, drawn to judge coverage)"
        }
    }
}
