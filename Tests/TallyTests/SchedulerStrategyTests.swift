import Foundation
import Testing

@testable import Tally

/// A stack kept the way a lock-free stack keeps it: each operation reads the head, does its work (three
/// suspension points), then swaps the head only if it is still the node it read. Comparing the node
/// rather than a version is the planted ABA bug: if, meanwhile, the node was popped and pushed back, the
/// swap succeeds with a stale `next` and resurrects a popped node.
actor NodeStack {
    private(set) var head: Int?
    private var next: [Int: Int?] = [:]

    init(_ nodes: [Int]) {
        for node in nodes.reversed() {
            next[node] = head
            head = node
        }
    }

    private func work() async {
        for _ in 0..<3 { await Task.yield() }
    }

    func pop() async -> Int? {
        while let top = head {
            let following = next[top]!
            await work()
            if head == top {
                head = following
                return top
            }
        }
        return nil
    }

    func push(_ node: Int) async {
        while true {
            let top = head
            await work()
            if head == top {
                next[node] = top
                head = node
                return
            }
        }
    }

    /// The nodes from the head down (stopping at a cycle).
    var contents: [Int] {
        var nodes: [Int] = []
        var node = head
        while let current = node, !nodes.contains(current) {
            nodes.append(current)
            node = next[current]!
        }
        return nodes
    }
}

@Suite struct SchedulerStrategyTests {
    /// One task pops once while another pops twice and pushes its first node back: afterwards every node
    /// is either on the stack or held by a task, exactly once.
    static func stackRace(_ strategy: SchedulingStrategy) -> Gen<Interleaving<[Int]>> {
        Gen.interleaving(strategy: strategy) { () async -> [Int] in
            let stack = NodeStack([1, 2, 3])
            async let single = stack.pop()
            async let triple: [Int] = {
                let first = await stack.pop()
                let second = await stack.pop()
                if let first { await stack.push(first) }
                return [second].compactMap { $0 }
            }()
            let held = await [single].compactMap { $0 } + triple
            return (await stack.contents + held).sorted()
        }
    }

    static func property(_ strategy: SchedulingStrategy) -> Property {
        Property("every node once, \(strategy)", stackRace(strategy)) { run in
            try ensureEqual(try run.outcome, [1, 2, 3], "nodes on the stack or held")
        }
    }

    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    @Test func pctFindsTheABABugThatRandomSchedulingMisses() async throws {
        #expect(await Self.property(.random).check(Self.configuration).passed, "random scheduling found it after all")
        let example = try #require(await Self.property(.pct()).check(Self.configuration).counterexample)
        #expect(
            example.value.hasPrefix("outcome: [1, 2, 2, 3]"), "node 2 popped and still on the stack: \(example.value)")
        // The choices say which job ran, whatever strategy chose them: the random strategy replays them.
        #expect(try replay(Self.stackRace(.random), example.token.choices).outcome == [1, 2, 2, 3])
    }

    @Test func theABABugNeedsAtLeastThreePreemptions() throws {
        // Every schedule departing from first-in-first-out order at most twice keeps every node once.
        let race = Self.stackRace(.random)
        let decisions = 40
        var schedules: [[UInt64]] = [[]]
        for first in 0..<decisions {
            for value in 1...2 { schedules.append(Array(repeating: 0, count: first) + [UInt64(value)]) }
            for second in first + 1..<decisions {
                for (a, b) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
                    var choices = [UInt64](repeating: 0, count: second + 1)
                    choices[first] = UInt64(a)
                    choices[second] = UInt64(b)
                    schedules.append(choices)
                }
            }
        }
        for choices in schedules {
            let run = replay(race, ChoiceSequence(choices))
            #expect(try run.outcome == [1, 2, 3], "schedule \(choices) with \(run.preemptions) preemptions")
        }
        var source = ChoiceSource(seed: 1)
        var failing: Interleaving<[Int]>?
        for _ in 0..<1_000 where failing == nil {
            source.restart()
            let run = Self.stackRace(.pct()).generate(&source)
            if try run.outcome != [1, 2, 3] { failing = run }
        }
        let found = try #require(failing, "PCT did not find the bug in 1,000 cases")
        #expect(found.preemptions >= 3)
    }
}

/// How often each strategy finds the ABA bug with the default budget, over 40 seeds. Run with
/// `TALLY_SURVEY=1 swift test --filter schedulingStrategySurvey`.
@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_SURVEY"] != nil,
        "a survey for a person to read; run it with TALLY_SURVEY=1 swift test --filter schedulingStrategySurvey"))
func schedulingStrategySurvey() async {
    for strategy in [SchedulingStrategy.random, .pct(depth: 2), .pct(), .pct(depth: 4)] {
        var found: [Int] = []
        for seed in 1...40 {
            var configuration = SchedulerStrategyTests.configuration
            configuration.seed = UInt64(seed)
            configuration.shrinks = false
            let result = await SchedulerStrategyTests.property(strategy).check(configuration)
            if result.counterexample != nil { found.append(result.casesRun) }
        }
        print("=== \(strategy): found in \(found.count) of 40 runs, after \(found.sorted()) cases")
    }
}
