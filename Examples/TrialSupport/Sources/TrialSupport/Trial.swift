import Foundation
// A trial file imports this module alone: Tally comes with it.
@_exported import Tally
import Testing

/// A property of code we did not write: its generator, and the check each value must pass.
///
/// The check is a function of its own so that a defect's minimal counterexample can be checked on its
/// own too, as a person would write it.
public struct Trial<Value: Sendable>: Sendable {
    public let name: String
    public let values: Gen<Value>
    public let check: @Sendable (Value) throws -> Void

    /// A trial named `name` of `check` over the values `values` makes.
    public init<Values: Generator>(_ name: String, _ values: Values, check: @escaping @Sendable (Value) throws -> Void)
    where Values.Value == Value {
        self.name = name
        self.values = Gen(values)
        self.check = check
    }

    /// Runs the property over `cases` cases, saving nothing (the trials' failures are expected).
    public func run(cases: Int) async -> PropertyResult {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = cases
        return await Property(name, values, body: check).check(configuration)
    }

    /// Expects the property to hold for `cases` cases, and its coverage requirements (``cover(_:_:_:)``) to
    /// be met: a regression check on code that passed its trial.
    public func expectHolds(cases: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        let start = ContinuousClock.now
        let result = await run(cases: cases)
        let seconds = start.duration(to: .now).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))
        print("Trial \"\(name)\": ran \(result.casesRun) cases in \(seconds)")
        switch result.outcome {
        case .passed:
            break
        case .failed(let example):
            Issue.record("\(name) failed for \(example.value): \(example.failure)", sourceLocation: sourceLocation)
        case .gaveUp(let reason):
            // A coverage requirement missed or too many cases discarded: nothing was shown to hold.
            Issue.record("\(name) gave up after \(result.casesRun) cases: \(reason)", sourceLocation: sourceLocation)
        }
    }
}

extension Trial where Value: Equatable {
    /// Expects the property to find a known defect and shrink it to `minimal`, and records the defect as
    /// a known issue by checking `minimal` itself.
    ///
    /// Green while the defect lasts. Red when the property holds (the defect is fixed upstream: mark its
    /// row in FINDINGS.md fixed and make the trial a regression check), when `minimal` passes, and when
    /// the counterexample shrinks to anything else. Prints how many cases the property needed.
    public func expectKnownDefect(
        cases: Int, shrinksTo minimal: Value, _ defect: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await expectKnownDefect(
            cases: cases, shrunkShows: "\(minimal)", { $0 == minimal }, minimal: minimal, defect,
            sourceLocation: sourceLocation)
    }
}

extension Trial {
    /// Expects the property to find a known defect whose shrunk counterexample, from any seed, `shows`
    /// what names the defect (its kind and size, `what`), and records the defect as a known issue by
    /// checking `minimal`, the shortest case there is, on its own.
    ///
    /// Where ``expectKnownDefect(cases:shrinksTo:_:sourceLocation:)`` pins one counterexample, this pins
    /// what every counterexample must show: for a grammar's documents, whose shrinking can stop at one of
    /// several documents of the same size. Red when the property holds, when the counterexample does not
    /// show the defect, and when `minimal` passes.
    public func expectKnownDefect(
        cases: Int, shrunkShows what: String, _ shows: (Value) -> Bool, minimal: Value, _ defect: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let result = await run(cases: cases)
        guard let example = result.counterexample else {
            Issue.record(
                "\(name) held for \(result.casesRun) cases: is the defect fixed upstream? Update FINDINGS.md.",
                sourceLocation: sourceLocation)
            return
        }
        print("Trial \"\(name)\": failed after \(result.casesRun) cases; shrunk to \(example.value)")
        #expect(
            example.value(as: Value.self).map(shows) == true,
            "shrunk to \(example.value), which is not \(what): \(example.failure)", sourceLocation: sourceLocation)
        withKnownIssue(defect, sourceLocation: sourceLocation) { try check(minimal) }
    }
}
