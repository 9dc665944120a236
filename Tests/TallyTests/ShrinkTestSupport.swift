@testable import Tally

/// What shrinking one case gave: the value reached, and the shrinker with its counts.
struct ShrinkOutcome<Value> {
    var value: Value
    var shrinker: Shrinker
}

/// Shrinks the case that `choices` make through `generator`, for as long as `fails` holds, with
/// `passes`; the property's body is `fails` itself, so a test can count what it saw.
func shrink<Cases: Generator>(
    _ generator: Cases, from choices: ChoiceSequence, passes: [ShrinkPass] = ShrinkPass.all,
    evaluationLimit: Int = 20_000, _ fails: @escaping (Cases.Value) -> Bool
) async -> ShrinkOutcome<Cases.Value> {
    await shrink(
        generator, from: choices, passes: passes, evaluationLimit: evaluationLimit,
        outcome: { fails($0) ? .fails("fails") : .holds })
}

/// Shrinks as ``shrink(_:from:passes:evaluationLimit:_:)`` does, with a body that may also discard.
func shrink<Cases: Generator>(
    _ generator: Cases, from choices: ChoiceSequence, passes: [ShrinkPass] = ShrinkPass.all,
    evaluationLimit: Int = 20_000, outcome: @escaping (Cases.Value) -> CaseOutcome
) async -> ShrinkOutcome<Cases.Value> {
    func replayed(_ choices: ChoiceSequence) -> (FailingCase, Cases.Value) {
        var source = ChoiceSource(replaying: choices)
        let value = Gen(generator).body(&source)  // as the engine replays: no span around the whole case
        return (FailingCase(recordedBy: source), value)
    }
    var start = replayed(choices).0
    precondition(outcome(replayed(choices).1) == .fails("fails"), "the starting case must fail")
    start.failure = "fails"
    let shrinker = Shrinker(
        failing: start, evaluationLimit: evaluationLimit, timeLimit: .seconds(30), passes: passes,
        replay: { choices in
            let (run, value) = replayed(choices)
            return ReplayedCandidate(run: run, isDiscarded: false) { outcome(value) }
        })
    await shrinker.shrink()
    return ShrinkOutcome(value: replayed(shrinker.best.sequence).1, shrinker: shrinker)
}
