/// A ``PropertyResult`` as JSON carries it from a worker process to the `tally check` that reports it:
/// everything but the shrunk value itself (its description travels).
package struct PropertyResultRecord: Codable, Sendable {
    var propertyID: String
    var passed: Bool
    var gaveUp: String?
    var counterexample: CounterexampleRecord?
    var seed: UInt64
    var casesRun: Int
    var casesDiscarded: Int
    var duration: Duration
    var searchDuration: Duration
    var evaluations: Int
    var labelCounts: [String: Int]
    var labelsRequired: [String: Double]
    /// The best score of each ``target(_:label:)`` label; absent when the property gives none.
    var targetScores: [String: Double]?
    var savedExamplesReplayed: Int
    var seedWasGiven: Bool

    struct CounterexampleRecord: Codable, Sendable {
        var value: String
        var failure: String
        var originalValue: String
        var token: String
        /// `search`, `replay`, or the path of the saved failure.
        var origin: String
        var savedExamplePath: String?
        var shrinkSteps: Int
        var shrinkAttempts: Int
        var shrinkDuration: Duration
        var shrinkBudgetExhausted: String?
        var reproduced: Bool
        var savedPath: String?
        var notSaved: String?
    }

    /// The record of `result`.
    package init(_ result: PropertyResult) {
        propertyID = result.propertyID
        passed = result.passed
        if case .gaveUp(let reason) = result.outcome { gaveUp = reason }
        counterexample = result.counterexample.map { example in
            let (origin, path): (String, String?) =
                switch example.origin {
                case .search: ("search", nil)
                case .replay: ("replay", nil)
                case .savedExample(let path): ("saved", path)
                }
            return CounterexampleRecord(
                value: example.value, failure: example.failure, originalValue: example.originalValue,
                token: example.token.description,
                origin: origin, savedExamplePath: path, shrinkSteps: example.shrinkSteps,
                shrinkAttempts: example.shrinkAttempts,
                shrinkDuration: example.shrinkDuration, shrinkBudgetExhausted: example.shrinkBudgetExhausted,
                reproduced: example.reproduced, savedPath: example.savedPath, notSaved: example.notSaved)
        }
        seed = result.seed
        casesRun = result.casesRun
        casesDiscarded = result.casesDiscarded
        duration = result.duration
        searchDuration = result.searchDuration
        evaluations = result.evaluations
        labelCounts = result.labels.counts
        labelsRequired = result.labels.required
        targetScores = result.labels.targets.isEmpty ? nil : result.labels.targets
        savedExamplesReplayed = result.savedExamplesReplayed
        seedWasGiven = result.seedWasGiven
    }

    /// The result this record holds; `nil` when it is damaged (it never reads as a pass).
    package var result: PropertyResult? {
        guard passed == (gaveUp == nil && counterexample == nil) else { return nil }
        var outcome = PropertyResult.Outcome.passed
        if let gaveUp { outcome = .gaveUp(gaveUp) }
        if let example = counterexample {
            guard let token = try? ReplayToken(parsing: example.token) else { return nil }
            let origin: Counterexample.Origin =
                switch example.origin {
                case "search": .search
                case "replay": .replay
                default: .savedExample(path: example.savedExamplePath ?? "")
                }
            outcome = .failed(
                Counterexample(
                    value: example.value, failure: example.failure, originalValue: example.originalValue, token: token,
                    origin: origin,
                    shrinkSteps: example.shrinkSteps, shrinkAttempts: example.shrinkAttempts,
                    shrinkDuration: example.shrinkDuration,
                    shrinkBudgetExhausted: example.shrinkBudgetExhausted, reproduced: example.reproduced,
                    savedPath: example.savedPath,
                    notSaved: example.notSaved))
        }
        var result = PropertyResult(
            propertyID: propertyID, outcome: outcome, seed: seed, casesRun: casesRun, casesDiscarded: casesDiscarded,
            duration: duration,
            labels: LabelCounts(counts: labelCounts, required: labelsRequired, targets: targetScores ?? [:]))
        result.searchDuration = searchDuration
        result.evaluations = evaluations
        result.savedExamplesReplayed = savedExamplesReplayed
        result.seedWasGiven = seedWasGiven
        return result
    }

    /// The record of a property that failed by killing or hanging the process that ran it, its case
    /// found as `origin` says and shrunk in child processes.
    package init(
        propertyID: String, seed: UInt64, casesRun: Int, duration: Duration, value: String, failure: String,
        originalValue: String,
        token: ReplayToken, origin: Counterexample.Origin, shrinkSteps: Int, shrinkAttempts: Int,
        shrinkDuration: Duration,
        shrinkNote: String?, reproduced: Bool, savedPath: String?, notSaved: String? = nil, seedWasGiven: Bool
    ) {
        var result = PropertyResult(
            propertyID: propertyID,
            outcome: .failed(
                Counterexample(
                    value: value, failure: failure, originalValue: originalValue, token: token, origin: origin,
                    shrinkSteps: shrinkSteps, shrinkAttempts: shrinkAttempts, shrinkDuration: shrinkDuration,
                    shrinkBudgetExhausted: shrinkNote, reproduced: reproduced, savedPath: savedPath, notSaved: notSaved)
            ),
            seed: seed, casesRun: casesRun, casesDiscarded: 0, duration: duration, labels: LabelCounts())
        result.searchDuration = duration - shrinkDuration
        result.evaluations = casesRun + shrinkAttempts
        result.seedWasGiven = seedWasGiven
        self.init(result)
    }

    /// The result of a property that could not be checked for `reason`.
    package static func gaveUp(propertyID: String, seed: UInt64, reason: String) -> PropertyResult {
        PropertyResult(
            propertyID: propertyID, outcome: .gaveUp(reason), seed: seed, casesRun: 0, casesDiscarded: 0,
            duration: .zero, labels: LabelCounts())
    }
}
