import Tally

/// One case of the shrinking challenge (github.com/jlink/shrinking-challenge): a failing property, and
/// the counterexamples that count as its known minimum.
struct ChallengeCase: Sendable {
    /// The challenge's name for the case.
    var name: String
    /// The minimal counterexamples, as Tally prints them (several when the challenge accepts any order).
    var minima: Set<String>
    /// The property, with its body counting evaluations into the given counter.
    var property: @Sendable (EvaluationCounter) -> Property
}

/// Counts the property's evaluations from its first failure on, the first failure included: what the
/// challenge's Hypothesis runner counts (`support/run_challenge.py`); discarded cases before it are not
/// counted.
final class EvaluationCounter: @unchecked Sendable {
    private(set) var evaluations = 0
    private var failed = false

    /// Runs `body` on `value`, counting the evaluation once a failure has been seen.
    func run<Value>(_ value: Value, _ body: (Value) throws -> Void) throws {
        if failed { evaluations += 1 }
        do { try body(value) } catch {
            // A case that `assume` discards is no failure: the Hypothesis runner counts from the first
            // AssertionError, and `UnsatisfiedAssumption` is none.
            if !failed, !(error is CaseDiscarded) {
                failed = true
                evaluations = 1
            }
            throw error
        }
    }
}

extension ChallengeCase {
    /// A case whose property checks `body` on values of `cases`.
    init<Cases: Generator>(
        _ name: String, minima: Set<String>, _ cases: Cases, _ body: @escaping @Sendable (Cases.Value) throws -> Void
    ) {
        self.init(name: name, minima: minima) { counter in
            Property("shrink-challenge/\(name)", cases) { value in try counter.run(value, body) }
        }
    }
}
