/// What a run's cases show of its coverage requirements, judged as QuickCheck's `checkCoverage` judges:
/// a requirement is *met* when the share of cases carrying its label is, with high confidence, at least
/// nine tenths of the requirement, and *missed* when it is, with the same confidence, below it. Between
/// the two the cases are too few to tell, and the run goes on drawing cases (see
/// ``CoverageConfidence/verdict(_:cases:)``), so that a share near its requirement neither fails nor
/// passes by the luck of one seed's first hundred cases.
enum CoverageConfidence {
    /// What the cases show.
    enum Verdict: Equatable {
        /// Every requirement is met.
        case met
        /// These requirements are missed.
        case missed([CoverageShortfall])
        /// Some requirement is neither met nor missed yet.
        case undecided
    }

    /// How many standard deviations a bound lies from the observed share: a wrong verdict once in about a
    /// million requirements judged.
    static let deviations = 4.9
    /// The share of a requirement that counts as meeting it (QuickCheck's tolerance).
    static let tolerance = 0.9
    /// How many times the run's budget of cases the run may grow to while coverage is undecided; past
    /// it, each share is compared with its requirement as it stands.
    static let growthLimit = 20

    /// The most cases a run of `budget` cases grows to while coverage is undecided: ``growthLimit`` times
    /// the budget, and never fewer than the smallest requirement needs to be shown at all
    /// (``CoverageShortfall/casesNeeded(toShow:)``), lest a run of a small budget give up saying "run at
    /// least 500" when it could have run them.
    static func casesLimit(budget: Int, _ labels: LabelCounts) -> Int {
        let needed = labels.required.values.filter { $0 > 0 }.min().map(CoverageShortfall.casesNeeded(toShow:)) ?? 0
        return max(budget * growthLimit, needed)
    }

    /// The verdict on `labels` over `cases` cases.
    static func verdict(_ labels: LabelCounts, cases: Int) -> Verdict {
        guard cases > 0 else { return .met }
        var missed: [CoverageShortfall] = []
        var undecided = false
        for (name, percent) in labels.required.sorted(by: { $0.key < $1.key }) {
            let carried = labels.counts[name, default: 0]
            let required = percent / 100
            let (low, high) = wilsonInterval(carried, of: cases)
            if high < required {
                missed.append(
                    CoverageShortfall(label: name, percent: Double(carried) * 100 / Double(cases), required: percent))
            } else if low < tolerance * required {
                undecided = true
            }
        }
        if !missed.isEmpty { return .missed(missed) }
        return undecided ? .undecided : .met
    }

    /// The requirements a finished run missed: those its cases show missed, or, when they are still
    /// undecided (the run reached its growth limit), those whose share is below the requirement; `nil`
    /// when none is.
    static func shortfalls(_ labels: LabelCounts, cases: Int) -> [CoverageShortfall]? {
        switch verdict(labels, cases: cases) {
        case .met:
            return nil
        case .missed(let missed):
            return missed
        case .undecided:
            let below = labels.shortfalls(cases: cases)
            return below.isEmpty ? nil : below
        }
    }

    /// The Wilson score interval of `successes` in `trials` at ``deviations``.
    static func wilsonInterval(_ successes: Int, of trials: Int) -> (low: Double, high: Double) {
        let n = Double(trials), share = Double(successes) / n, z = deviations
        let centre = share + z * z / (2 * n)
        let spread = z * (share * (1 - share) / n + z * z / (4 * n * n)).squareRoot()
        let scale = 1 + z * z / n
        return (max(0, (centre - spread) / scale), min(1, (centre + spread) / scale))
    }
}
