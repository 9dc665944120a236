import Testing
import TrialSupport

/// Runs `property` for `cases` cases, saving nothing, and prints how many cases it ran and in how long.
func runScheduled(_ property: Property, cases: Int) async -> PropertyResult {
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    configuration.iterations = cases
    let start = ContinuousClock.now
    let result = await property.check(configuration)
    let seconds = start.duration(to: .now).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))
    print("Trial \"\(property.id)\": ran \(result.casesRun) cases in \(seconds)")
    return result
}

/// Expects `property` to hold for `cases` cases: a regression check. A failure says how to replay its
/// shrunk run, choice for choice.
func expectHolds(_ property: Property, cases: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    let result = await runScheduled(property, cases: cases)
    if let example = result.counterexample {
        let filter = Test.current.map(ReplayLine.swiftTestFilter(for:)) ?? "<test>"
        Issue.record(
            """
            \(property.id) failed for
            \(example.value)
            \(example.failure)
            Replay: \(ReplayLine.swiftTest(filter: filter).command(for: example.token))
            """, sourceLocation: sourceLocation)
    }
}

/// Expects `property` to find a known defect and to shrink it to a counterexample that starts with
/// `minimal` (the plan and the outcome; the schedule after them may change with Tally's scheduler), and
/// records the defect as a known issue by running `reproduction`, which shows it without Tally.
///
/// Green while the defect lasts; red when the property holds (fixed upstream: update FINDINGS.md and make
/// the trial a regression check), when it shrinks to anything else, and when `reproduction` passes.
func expectKnownDefect(
    _ property: Property, cases: Int, shrinksTo minimal: String, _ defect: Comment,
    sourceLocation: SourceLocation = #_sourceLocation, reproduction: @Sendable () async throws -> Void
) async {
    guard let example = await knownDefectFound(property, cases: cases, sourceLocation: sourceLocation) else { return }
    #expect(
        example.value.hasPrefix(minimal), "shrunk to \(example.value): \(example.failure)",
        sourceLocation: sourceLocation)
    await withKnownIssue(defect, sourceLocation: sourceLocation) { try await reproduction() }
}

/// ``expectKnownDefect(_:cases:shrinksTo:_:sourceLocation:reproduction:)`` where the least case has several
/// equal forms (which of two symmetric bases fails, say): `shows` says what the shrunk value, as the generator
/// made it, must show — its kind and size.
func expectKnownDefect<Value>(
    _ property: Property, cases: Int, shrunkAs type: Value.Type, shows: (Value) -> Bool, _ defect: Comment,
    sourceLocation: SourceLocation = #_sourceLocation, reproduction: @Sendable () async throws -> Void
) async {
    guard let example = await knownDefectFound(property, cases: cases, sourceLocation: sourceLocation) else { return }
    #expect(
        example.value(as: Value.self).map(shows) == true, "shrunk to \(example.value): \(example.failure)",
        sourceLocation: sourceLocation)
    await withKnownIssue(defect, sourceLocation: sourceLocation) { try await reproduction() }
}

/// Runs a property that finds a known defect: its shrunk counterexample, or nil (and an issue) when it held.
private func knownDefectFound(_ property: Property, cases: Int, sourceLocation: SourceLocation) async
    -> Counterexample?
{
    let result = await runScheduled(property, cases: cases)
    guard let example = result.counterexample else {
        Issue.record(
            "\(property.id) held for \(result.casesRun) cases: is the defect fixed upstream? Update FINDINGS.md.",
            sourceLocation: sourceLocation)
        return nil
    }
    print("Trial \"\(property.id)\": failed after \(result.casesRun) cases; shrunk to\n\(example.value)")
    return example
}

/// Runs `property` with a planted bug (a wrong model, a mutant) and expects it to fail: returns the shrunk
/// counterexample as the generator made it, for the test to pin what the failure must show — its kind and
/// size, not one seed's case. A property that cannot fail this way checks nothing.
func expectCaught<Value>(
    _ property: Property, cases: Int, as type: Value.Type, sourceLocation: SourceLocation = #_sourceLocation
) async -> (value: Value, failure: String)? {
    let result = await runScheduled(property, cases: cases)
    guard let example = result.counterexample else {
        Issue.record(
            "\(property.id) held for \(result.casesRun) cases: the planted bug went unseen",
            sourceLocation: sourceLocation)
        return nil
    }
    print("Trial \"\(property.id)\": caught after \(result.casesRun) cases; shrunk to")
    print("\(example.value)\n\(example.failure)")
    guard let value = example.value(as: Value.self) else {
        Issue.record("\(property.id)'s counterexample is not a \(Value.self)", sourceLocation: sourceLocation)
        return nil
    }
    return (value, example.failure)
}
