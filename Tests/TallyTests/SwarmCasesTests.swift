import Testing

@testable import Tally

/// A bounded queue of eight that, when full, drops its oldest element to take one more where it should
/// refuse: reaching the bug takes nine more enqueues than dequeues with no clear between.
final class DroppingQueue: @unchecked Sendable {
    var elements: [Int] = []
    func enqueue(_ element: Int) -> Bool {
        if elements.count == 8 { elements.removeFirst() }
        elements.append(element)
        return true
    }
}

@Suite struct SwarmCasesTests {
    typealias QueueCommand = Command<[Int], DroppingQueue>

    /// Five kinds of command on a bounded queue of eight, as a state machine.
    static let queueMachine: StateMachine<[Int], DroppingQueue> = {
        let commands = [
            QueueCommand(
                "enqueue", arguments: { _ in Gen.int(in: 0...9) },
                model: { model, element in
                    guard model.count < 8 else { return false }
                    model.append(element)
                    return true
                }, run: { queue, element in queue.enqueue(element) }),
            QueueCommand(
                "dequeue", when: { !$0.isEmpty }, arguments: { _ in Gen.constant(0) },
                model: { model, _ in model.removeFirst() },
                run: { queue, _ in queue.elements.removeFirst() }),
            QueueCommand(
                "peek", when: { !$0.isEmpty }, arguments: { _ in Gen.constant(0) }, model: { model, _ in model.first },
                run: { queue, _ in queue.elements.first }),
            QueueCommand(
                "count", arguments: { _ in Gen.constant(0) }, model: { model, _ in model.count },
                run: { queue, _ in queue.elements.count }),
            QueueCommand(
                "clear", arguments: { _ in Gen.constant(0) },
                model: { model, _ in
                    model.removeAll(); return 0
                },
                run: { queue, _ in
                    queue.elements.removeAll(); return 0
                }),
        ]
        return StateMachine("swarm/queue", model: [], system: { DroppingQueue() }, commands: commands, maxSteps: 20)
    }()

    /// The longest run of one kind of command in `program`.
    static func longestRun(_ program: Program<[Int], DroppingQueue>) -> Int {
        let names = program.steps.map { $0.description.prefix { $0 != "(" } }
        var longest = 0, run = 0
        for (index, name) in names.enumerated() {
            run = index > 0 && names[index - 1] == name ? run + 1 : 1
            longest = max(longest, run)
        }
        return longest
    }

    /// The longest run of one command in the first `cases` programs from `seed`, with swarm cases or not.
    static func longestRun(seed: UInt64, cases: Int, swarm: Bool) -> Int {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var longest = 0
        for _ in 0..<cases {
            source.restart()
            if !swarm { source.swarmKey = 0 }
            longest = max(longest, longestRun(queueMachine.programs.generate(&source)))
        }
        return longest
    }

    @Test func longRunsOfOneCommandAppearWithinFiftyCasesOnlyInSwarmCases() {
        for seed: UInt64 in 1...5 {
            #expect(Self.longestRun(seed: seed, cases: 50, swarm: true) >= 15, "seed \(seed)")
            #expect(Self.longestRun(seed: seed, cases: 50, swarm: false) < 10, "seed \(seed)")
        }
    }

    @Test func aQueueOverflowNeedingNineEnqueuesIsFoundWithinTwoHundredCasesAndShrunk() async throws {
        for seed: UInt64 in 1...5 {
            var configuration = RunConfiguration()
            configuration.seed = seed
            configuration.iterations = 200
            configuration.exampleDirectory = nil
            let result = await Self.queueMachine.property.check(configuration)
            let example = try #require(result.counterexample, "seed \(seed)")
            let steps = example.value.split(separator: "\n").dropFirst()
            #expect(
                steps.count == 9 && steps.allSatisfy { $0.contains("enqueue(0)") }, "seed \(seed): \(example.value)")
        }
    }

    @Test func oneCaseInFourIsASwarmCaseDecidedByItsStartingStateApartFromBoundaryCases() {
        var source = ChoiceSource(random: RandomSource(seed: 3), recording: false)
        var swarmCases = 0, both = 0
        for _ in 0..<10_000 {
            source.restart()
            #expect(ChoiceSource(random: source.randomState).swarmKey == source.swarmKey)
            if source.swarmKey != 0 { swarmCases += 1 }
            if source.swarmKey != 0 && source.isBoundaryCase { both += 1 }
            _ = Gen.int(in: 0...1_000_000).generate(&source)
        }
        #expect((2_200...2_800).contains(swarmCases), "about one in four, got \(swarmCases) in 10,000")
        #expect((450...800).contains(both), "one in sixteen both swarm and boundary cases, got \(both) in 10,000")
    }

    static let digits = Gen.oneOf(Gen.int(in: 0...9), Gen.int(in: 10...19), Gen.int(in: 20...29), Gen.int(in: 30...39))
    static let otherDigits = Gen.oneOf(
        Gen.int(in: 0...9), Gen.int(in: 10...19), Gen.int(in: 20...29), Gen.int(in: 30...39))
    static let twoSites = Gen.zip(digits.array(length: 60...60), otherDigits.array(length: 60...60))

    /// The alternatives (tens) a list of `twoSites` drew from.
    static func kinds(_ values: [Int]) -> Set<Int> { Set(values.map { $0 / 10 }) }

    @Test func aSwarmCaseKeepsSomeAlternativesOffAtEachSiteAndTwoSitesDiffer() {
        var source = ChoiceSource(random: RandomSource(seed: 5), recording: false)
        var swarmCases = 0, lopsided = 0, sitesDiffer = 0
        for _ in 0..<400 {
            source.restart()
            let (first, second) = Self.twoSites.generate(&source)
            guard source.swarmKey != 0 else {
                #expect(
                    Self.kinds(first).count == 4 && Self.kinds(second).count == 4,
                    "sixty draws, all four alternatives on")
                continue
            }
            swarmCases += 1
            if Self.kinds(first).count < 4 { lopsided += 1 }
            if Self.kinds(first) != Self.kinds(second) { sitesDiffer += 1 }
        }
        #expect(swarmCases > 50)
        #expect(lopsided * 10 > swarmCases * 9, "\(lopsided) of \(swarmCases) swarm cases left an alternative off")
        #expect(
            sitesDiffer * 2 > swarmCases, "\(sitesDiffer) of \(swarmCases) swarm cases differ between the two sites")
    }

    @Test func aSwarmCaseRegeneratesExactlyFromItsStartAndReplaysFromItsChoices() {
        let swarmCases = casesOfAKind(Self.twoSites, seed: 11, count: 300) { $0.swarmKey != 0 }
        #expect(swarmCases > 40)
    }

    @Test func replayAndBytesSwitchNothingOffAndRecordTheAlternativesOrdinaryIndex() {
        let three = Gen.oneOf(Gen.constant(0), Gen.constant(1), Gen.constant(2))
        #expect(ChoiceSource(replaying: [2]).swarmKey == 0)
        #expect(ChoiceSource(bytes: [2, 2, 2]).swarmKey == 0)
        #expect((0...2).map { replay(three, [UInt64($0)]) } == [0, 1, 2])
        var source = ChoiceSource(seed: 13)
        for _ in 0..<400 {
            source.restart()
            let value = three.generate(&source)
            #expect(source.recorded == [UInt64(value)], "swarm case \(source.swarmKey != 0)")
        }
    }

    @Test func atLeastOneAlternativeStaysOnAndAboutOneInFourIsOn() {
        var random = RandomSource(seed: 17)
        var on = 0, alternatives = 0
        for count in 1...70 {
            for _ in 0..<300 {
                let switchedOn = SwarmAlternatives(key: random.next() | 1, site: random.next(), count: count)
                #expect(switchedOn.onCount >= 1, "\(count) alternatives")
                #expect((0..<switchedOn.onCount).allSatisfy { switchedOn.isOn(switchedOn.onAlternative($0)) })
                if count == 8 { on += switchedOn.onCount; alternatives += count }
            }
        }
        #expect(
            (0.23...0.30).contains(Double(on) / Double(alternatives)),
            "a quarter, with one kept on when none was: \(on) of \(alternatives)")
    }

    @Test func frequencyNeverPicksAnAlternativeOfWeightZero() {
        let weighted = Gen.frequency([(0, Gen.constant(0)), (1, Gen.constant(1)), (3, Gen.constant(2))])
        let values = samples(weighted, count: 2_000).map(\.value)
        #expect(!values.contains(0))
        #expect(Set(values) == [1, 2])
    }

    /// A step's command is recorded as its place among all commands, so a replayed choice names the same
    /// command whichever others are enabled; one naming a command not enabled takes the next enabled.
    @Test func aCommandIsRecordedByItsPlaceAmongAllCommands() {
        func replayed(_ choice: UInt64, enabled: [Int]) -> Int {
            var source = ChoiceSource(replaying: ChoiceSequence([choice]))
            return source.drawEnabled(enabled, among: 4, on: nil)
        }
        #expect(replayed(2, enabled: [0, 1, 2, 3]) == 2 && replayed(2, enabled: [0, 2]) == 2)
        #expect(replayed(1, enabled: [0, 2, 3]) == 2 && replayed(3, enabled: [0, 1]) == 0)
        var search = ChoiceSource(seed: 5)
        for _ in 0..<200 {
            search.restart()
            let drawn = search.drawEnabled([1, 3], among: 4, on: nil)
            #expect([1, 3].contains(drawn) && search.sequence.choices == [UInt64(drawn)])
        }
    }

    @Test func aSwarmCaseNeverEndsAProgramEarly() {
        // Every length the search aims at is drawn before any command, so a case drawn with swarm and
        // without it from one start has the same length when a command is always enabled.
        var source = ChoiceSource(random: RandomSource(seed: 19), recording: false)
        var swarmCases = 0
        for _ in 0..<400 {
            source.restart()
            var without = ChoiceSource(random: source.randomState, recording: false)
            without.swarmKey = 0
            let program = Self.queueMachine.programs.generate(&source)
            if source.swarmKey != 0 { swarmCases += 1 }
            #expect(program.steps.count == Self.queueMachine.programs.generate(&without).steps.count)
        }
        #expect(swarmCases > 60)
    }
}
