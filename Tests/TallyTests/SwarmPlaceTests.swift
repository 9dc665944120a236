import Testing

@testable import Tally

/// A swarm case keys what it switches off by each draw site's place in the drawn case, not by the file
/// and line of its `oneOf`: moving a spec's code does not move what a seed finds.
@Suite struct SwarmPlaceTests {
    enum CardStep: Sendable, Equatable { case balanceInquiry, pinChange, refund, purchase }

    /// Lists of up to twenty steps, drawn by a `oneOf` on this line.
    static let steps = Gen.oneOf(
        Gen.constant(CardStep.balanceInquiry), Gen.constant(.pinChange), Gen.constant(.refund), Gen.constant(.purchase)
    ).array(length: 0...20)

    /// The same generator, its `oneOf` moved down by the lines above it, as a comment added to a spec
    /// moves it.
    ///
    /// These lines are here to move it.
    static let stepsMovedDown = Gen.oneOf(
        Gen.constant(CardStep.balanceInquiry), Gen.constant(.pinChange), Gen.constant(.refund), Gen.constant(.purchase)
    ).array(length: 0...20)

    /// The same generator again, built in a closure further down.
    static let stepsInAClosure: Gen<[CardStep]> = {
        let kinds: [any Generator<CardStep>] = [
            Gen.constant(CardStep.balanceInquiry), Gen.constant(.pinChange), Gen.constant(.refund),
            Gen.constant(.purchase),
        ]
        return Gen.oneOf(kinds).array(length: 0...20)
    }()

    /// A velocity limit whose planted bug approves a seventh purchase in a row: found, from the seeds
    /// below, only in swarm cases that leave purchases on and most other steps off.
    static func velocityLimit(_ steps: Gen<[CardStep]>) -> Property {
        Property("velocity limit", steps) { steps in
            var inARow = 0
            for step in steps {
                inARow = step == .purchase ? inARow + 1 : 0
                try ensure(inARow < 7, "a seventh purchase in a row is declined")
            }
        }
    }

    @Test func aOneOfMovedDownOrIntoAClosureFindsTheSameFirstFailureAndCounterexample() async throws {
        for seed: UInt64 in 1...4 {
            var configuration = RunConfiguration()
            configuration.seed = seed
            configuration.iterations = 2_000
            configuration.exampleDirectory = nil
            let here = await Self.velocityLimit(Self.steps).check(configuration)
            let example = try #require(here.counterexample, "seed \(seed)")
            // What the failure must show: seven purchases, nothing else.
            #expect(example.value == "[" + Array(repeating: ".purchase", count: 7).joined(separator: ", ") + "]")
            for moved in [Self.stepsMovedDown, Self.stepsInAClosure] {
                let there = await Self.velocityLimit(moved).check(configuration)
                #expect(there.casesRun == here.casesRun, "seed \(seed): the failure is found at the same case")
                #expect(there.counterexample?.originalValue == example.originalValue, "seed \(seed): the first failure")
                #expect(there.counterexample?.value == example.value, "seed \(seed)")
                #expect(there.counterexample?.token == example.token, "seed \(seed): the same replay token")
            }
        }
    }

    @Test func theSameGeneratorAtAnotherLineDrawsTheSameCasesSwarmCasesIncluded() {
        var here = ChoiceSource(random: RandomSource(seed: 23), recording: false)
        var swarmCases = 0
        for index in 0..<400 {
            here.startCase(slot: index, size: nil)
            var there = ChoiceSource(random: here.randomState, recording: false)
            var inAClosure = ChoiceSource(random: here.randomState, recording: false)
            let steps = Self.steps.generate(&here)
            #expect(Self.stepsMovedDown.generate(&there) == steps)
            #expect(Self.stepsInAClosure.generate(&inAClosure) == steps)
            if here.swarmKey != 0 { swarmCases += 1 }
        }
        #expect(swarmCases > 60)
    }
}

extension SwarmPlaceTests {
    static let kind = Gen.oneOf(Gen.constant(0), Gen.constant(1), Gen.constant(2), Gen.constant(3))

    /// Trees of kinds up to five levels deep, each node of two children.
    static let treeByDepth = Gen.recursive(depth: 5, base: Gen.constant([Int]())) { deeper in
        Gen.zip(kind, deeper, deeper).map { [$0] + $1 + $2 }
    }

    /// The same trees, each level given how deep it may still go.
    static let treeByParameter = Gen<[Int]>.recursive(5) { depthLeft, recurse in
        guard depthLeft > 0 else { return Gen.constant([Int]()) }
        return Gen.zip(kind, recurse(depthLeft - 1), recurse(depthLeft - 1)).map { [$0] + $1 + $2 }
    }

    /// In how many of the swarm cases among `count` from `seed` that draw at least `least` kinds
    /// `draw` leaves a kind off, and how many such cases there are.
    static func swarmCasesLeavingAKindOff(
        seed: UInt64, count: Int, least: Int, _ draw: (inout ChoiceSource) -> [Int]
    ) -> (lopsided: Int, cases: Int) {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var lopsided = 0, cases = 0
        for index in 0..<count {
            source.startCase(slot: index, size: nil)
            let kinds = draw(&source)
            guard source.swarmKey != 0, kinds.count >= least else { continue }
            cases += 1
            if Set(kinds).count < 4 { lopsided += 1 }
        }
        return (lopsided, cases)
    }

    @Test func everyLevelOfARecursionSwitchesTheSameAlternativesOff() {
        for tree in [Self.treeByDepth, Self.treeByParameter] {
            let (lopsided, cases) = Self.swarmCasesLeavingAKindOff(seed: 31, count: 2_000, least: 6) {
                tree.generate(&$0)
            }
            #expect(cases > 40)
            #expect(lopsided * 10 > cases * 9, "\(lopsided) of \(cases) swarm cases of six nodes or more left one off")
        }
    }

    /// A machine whose one command draws its argument from a `oneOf` built anew at every step.
    static let kindsMachine = StateMachine<[Int], Void>(
        "swarm/kinds", model: [], system: {},
        commands: [
            Command("add", arguments: { _ in kind }, model: { $0.append($1) }, run: { _, _ in }),
            Command("add too", arguments: { _ in kind }, model: { $0.append($1) }, run: { _, _ in }),
        ],
        maxSteps: 20)

    @Test func aCommandsArgumentsSwitchTheSameAlternativesOffAtEveryStep() {
        let (lopsided, cases) = Self.swarmCasesLeavingAKindOff(seed: 37, count: 1_000, least: 12) { source in
            Self.kindsMachine.programs.generate(&source).steps.last?.model ?? []
        }
        #expect(cases > 40)
        #expect(lopsided * 10 > cases * 9, "\(lopsided) of \(cases) swarm cases of twelve steps or more left one off")
    }
}

extension SwarmPlaceTests {
    @Test func aCopiedListDrawsTheSameAlternativesAsTheListItCopies() {
        let lists = Gen.zip(Self.kind.array(), Self.kind.array())
        var source = ChoiceSource(random: RandomSource(seed: 41), recording: false)
        var copyCases = 0, same = 0
        for index in 0..<4_000 {
            source.startCase(slot: index, size: 30)
            let (first, second) = lists.generate(&source)
            guard source.swarmKey != 0, source.copiesCollections, first.count >= 3 else { continue }
            copyCases += 1
            if first == second { same += 1 }
        }
        // Half of them copy the first list whole: the same list twice, whatever it switched off.
        #expect(copyCases > 60)
        #expect(same * 10 > copyCases * 4, "\(same) of \(copyCases) swarm copy cases drew the same list twice")
    }
}
