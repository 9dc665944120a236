import Synchronization

/// Steers the search toward cases where `score` is higher: after the random cases, the search climbs
/// from the case that scored highest, changing one choice at a time and keeping each change that scores
/// higher still (targeted property-based testing, as Hypothesis's `target()`). Give a measure of how
/// close the case comes to the edge the property guards, such as how much of a cap it uses; `label`
/// names the measure when a property gives several. The best score of each label is in the run's
/// statistics. A score must be a finite number: NaN or an infinity fails the run, naming the label.
///
/// ```swift
/// target(Double(spent) / Double(cap), label: "share of the cap spent")
/// ```
public func target(_ score: Double, label: String = "") {
    CaseStatistics.current?.targets.observe(score, label: label)
}

/// The scores ``target(_:label:)`` gave in a run: for each label the best so far and the case that made
/// it (a search case's start, or a climbed case's choices).
@usableFromInline
final class TargetScores: Sendable {
    /// The best case of one label.
    struct Best: Sendable {
        var score: Double
        var start: RandomSource?
        var choices: ChoiceSequence?
    }

    private struct State {
        var best: [String: Best] = [:]
        /// The scores of the case running now that beat their label's best.
        var pending: [String: Double] = [:]
        /// The first score that was not a finite number, with its label.
        var notFinite: (label: String, score: Double)?
    }

    private let state = Mutex(State())
    /// Whether the case running now beat a best: the search loop reads it once per case.
    @usableFromInline let improved = Atomic<Bool>(false)

    /// Whether the case running now beat a best.
    @inlinable var hasImproved: Bool { improved.load(ordering: .relaxed) }

    @usableFromInline init() {}

    func observe(_ score: Double, label: String) {
        state.withLock { state in
            guard score.isFinite else {
                if state.notFinite == nil { state.notFinite = (label, score) }
                return
            }
            let score = max(score, state.pending[label] ?? -.infinity)
            guard score > state.best[label]?.score ?? -.infinity else { return }
            state.pending[label] = score
            improved.store(true, ordering: .relaxed)
        }
    }

    /// Keeps the case that just held, which started from `start`, as the best of the labels it beat, if
    /// it beat any: the search loops call it once per case, so the check is inlined into them.
    @inlinable @inline(__always)
    func keepIfImproved(start: RandomSource) {
        if _slowPath(hasImproved) { keep(start: start) }
    }

    /// Keeps the case running now, which started from `start`, as the best of the labels it beat.
    @usableFromInline
    func keep(start: RandomSource) {
        keep { Best(score: $0, start: start) }
    }

    /// Keeps the case running now, made by `choices`, as the best of the labels it beat; which they were.
    @discardableResult
    func keep(choices: ChoiceSequence) -> Set<String> {
        keep { Best(score: $0, choices: choices) }
    }

    /// Forgets the scores of the case running now (it was discarded).
    @usableFromInline
    func dropPending() {
        state.withLock { $0.pending.removeAll() }
        improved.store(false, ordering: .relaxed)
    }

    @discardableResult
    private func keep(_ best: (Double) -> Best) -> Set<String> {
        defer { improved.store(false, ordering: .relaxed) }
        return state.withLock { state in
            for (label, score) in state.pending { state.best[label] = best(score) }
            defer { state.pending.removeAll() }
            return Set(state.pending.keys)
        }
    }

    /// Each label's best case, by label.
    var bests: [(label: String, best: Best)] {
        state.withLock { $0.best.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// Each label's best score.
    var scores: [String: Double] { state.withLock { $0.best.mapValues(\.score) } }

    /// Why the run cannot be steered, when a score was not a finite number: no case can beat infinity,
    /// and NaN is neither better nor worse than any score, so the climb would silently do nothing.
    var problem: String? {
        state.withLock { state in
            state.notFinite.map {
                "target(_:label:) was given \($0.score) for \"\($0.label)\": a score must be a finite number"
            }
        }
    }
}
