/// Reduces a failing case to a simpler one that still fails, working on its choice sequence only; every
/// accepted step is strictly smaller in shortlex order, so shrinking terminates (see <doc:HowTallyShrinks>).
///
/// Each candidate is first replayed through the generator alone, which is cheap: the
/// property's body runs only when the case it makes is new and simpler than the best so far, so no
/// case is evaluated twice and a candidate that the generator turns into a larger case costs nothing.
final class Shrinker {
    private(set) var best: FailingCase {
        didSet {
            spans = SpanIndex(best)
            lengths = [:]
        }
    }
    /// Which choices of the best case decide a length (see ``governsLength(at:)``), as found so far.
    var lengths: [Int: Bool] = [:]
    /// The best case's spans, indexed.
    private(set) var spans: SpanIndex
    /// Times the property's body ran.
    private(set) var evaluations = 0
    /// Candidates tried, evaluated or not.
    private(set) var candidates = 0
    /// Candidates that failed and were simpler: the steps taken.
    private(set) var improvements = 0
    private(set) var exhaustedBudget: String?
    /// Why shrinking was stopped from outside (``interruption``), ending with the best case so far.
    private(set) var interrupted: String?
    /// Per pass: candidates, evaluations and improvements, for the benchmark and the tests.
    private(set) var statistics: [String: ShrinkPass.Statistics] = [:]

    /// Replays a candidate through the generator alone; the body runs only when its `check` is called.
    private let replay: (ChoiceSequence) -> ReplayedCandidate
    private let evaluationLimit: Int
    private let deadline: ContinuousClock.Instant
    private let timeLimit: Duration
    /// Asked before each candidate: a reason it gives stops shrinking.
    private let interruption: () -> String?
    let passes: [ShrinkPass]
    /// Every sequence tried or made: none of them can become the best again, since the best only
    /// gets simpler.
    private var seen: Set<[UInt64]> = []
    /// Whether the last candidate tried made a case that a generator or the body discarded: a hint that
    /// the change broke what the rest of the case refers to.
    private(set) var lastWasDiscarded = false
    /// The sequences tried that made a discarded case, so that a second try still tells it.
    private var discarded: Set<[UInt64]> = []
    /// The last case made by the generator alone (``replayed(_:)``), kept for the ``consider(_:shorter:)``
    /// that usually follows with the same choices: a realignment that changed nothing.
    private var lastReplay: (choices: [UInt64], replayed: ReplayedCandidate)?

    init(
        failing: FailingCase, evaluationLimit: Int, timeLimit: Duration, passes: [ShrinkPass] = ShrinkPass.all,
        replay: @escaping (ChoiceSequence) -> ReplayedCandidate, interruption: @escaping () -> String? = { nil }
    ) {
        self.best = failing
        self.spans = SpanIndex(failing)
        self.replay = replay
        self.interruption = interruption
        self.evaluationLimit = evaluationLimit
        self.timeLimit = timeLimit
        self.deadline = .now + timeLimit
        self.passes = passes
        seen.insert(failing.choices)
    }

    /// Runs one pass, counting what it tried.
    func run(_ pass: ShrinkPass) async {
        let before = (candidates, evaluations, improvements)
        await pass.body(self)
        statistics[pass.name, default: ShrinkPass.Statistics()].add(
            candidates: candidates - before.0, evaluations: evaluations - before.1,
            improvements: improvements - before.2)
    }

    var isExhausted: Bool {
        if exhaustedBudget != nil || interrupted != nil { return true }
        if let reason = interruption() {
            interrupted = reason
            return true
        }
        if evaluations >= evaluationLimit {
            exhaustedBudget = "stopped after \(evaluations) attempts (the attempt limit)"
        } else if candidates % 64 == 0, ContinuousClock.now >= deadline {
            exhaustedBudget = "stopped after \(timeLimit) (the time limit)"
        }
        return exhaustedBudget != nil
    }

    /// Tries `choices`; adopts the case they make when it fails and is simpler than the best so far —
    /// and, when `shorter`, has fewer choices: a deletion that the generator turns into a case of the
    /// same length only shifted choices into other places, which a deletion pass does not mean to try.
    @discardableResult
    func consider(_ choices: [UInt64], shorter: Bool = false) async -> Bool {
        lastWasDiscarded = discarded.contains(choices)
        guard !isExhausted, seen.insert(choices).inserted else { return false }
        candidates += 1
        defer { if lastWasDiscarded { discarded.insert(choices) } }
        let replayed =
            lastReplay.flatMap { $0.choices == choices ? $0.replayed : nil } ?? replay(ChoiceSequence(choices))
        lastReplay = nil
        let made = replayed.run.choices
        lastWasDiscarded = replayed.isDiscarded
        guard !replayed.isDiscarded, ChoiceSequence.isSimpler(made, than: best.choices),
            !shorter || made.count < best.choices.count
        else { return false }
        guard made == choices || seen.insert(made).inserted else { return false }
        evaluations += 1
        let outcome = await replayed.check()
        lastWasDiscarded = outcome == .discarded
        guard case .fails(let failure) = outcome else { return false }
        var run = replayed.run
        run.failure = failure
        best = run
        improvements += 1
        return true
    }

    /// The case `choices` make, from the generator alone.
    func replayed(_ choices: [UInt64]) -> FailingCase {
        let replayed = replay(ChoiceSequence(choices))
        lastReplay = (choices, replayed)
        return replayed.run
    }
}
