import PropertyBased
import Synchronization
import Testing

/// swift-property-based's own runner, `propertyCheck`, needs a Swift Testing test: tally-bench hosts
/// this one test in its own process (through Swift Testing's entry point) to time the peer as its
/// users run it, beside its bare generator loop.
enum PeerRunner {
    static let cases = Mutex(0)
    static let result = Mutex<Double?>(nil)

    /// Runs the hosted test and returns the peer runner's cases per second.
    static func measure(cases count: Int) async -> Double? {
        cases.withLock { $0 = count }
        var arguments = __CommandLineArguments_v0()
        arguments.quiet = true
        arguments.filter = ["swiftPropertyBasedRunner"]
        _ = await __swiftPMEntryPoint(passing: arguments) as CInt
        return result.withLock { $0 }
    }
}

@Test func swiftPropertyBasedRunner() async {
    let count = PeerRunner.cases.withLock { $0 }
    let generator = PropertyBased.zip(
        PropertyBased.Gen.int(in: LineInputs.costRange), PropertyBased.Gen.int(in: LineInputs.deductibleRange),
        PropertyBased.Gen.int(in: LineInputs.deductibleMetRange),
        PropertyBased.Gen.int(in: LineInputs.coinsuranceRange),
        PropertyBased.Gen.int(in: LineInputs.oopMaximumRange), PropertyBased.Gen.int(in: LineInputs.oopSpentRange))
    let clock = ContinuousClock()
    let start = clock.now
    await propertyCheck(count: count, input: generator) { a, b, c, d, e, f in
        let line = LineInputs(
            cost: a, deductible: b, deductibleMet: c, coinsuranceBasisPoints: d, oopMaximum: e, oopSpent: f)
        #expect(holds(line))
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    PeerRunner.result.withLock { $0 = Double(count) / seconds }
}
