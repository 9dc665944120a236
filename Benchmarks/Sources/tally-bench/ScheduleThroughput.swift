import Foundation
import Tally

/// Schedules per second of Tally's scheduler on a two-client, two-command case: each schedule is one
/// run of the clients' calls under one interleaving drawn from the choice sequence.
///
/// `swift run -c release --package-path Benchmarks tally-bench schedules [--quick]`
enum ScheduleThroughput {
    /// Hands out tickets; each call suspends once after taking its ticket, as a call to a service would.
    actor Ticketer {
        var next = 1
        func take() async -> Int {
            let ticket = next
            next += 1
            await Task.yield()
            return ticket
        }
    }

    struct Tickets: Sendable, CustomStringConvertible {
        var next = 1
        var description: String { "next \(next)" }
    }

    /// Two clients of two `take` calls each, no prefix, checked for linearizability.
    static let machine = StateMachine(
        "bench/tickets", model: Tickets(), system: { Ticketer() },
        commands: [
            Command<Tickets, Ticketer>(
                "take", arguments: { _ in Gen.constant(()) },
                model: { model, _ in
                    defer { model.next += 1 }
                    return model.next
                },
                run: { ticketer, _ in await ticketer.take() })
        ]
    ).parallel(clients: 2...2, prefix: 0, commandsPerClient: 2)

    /// The same two clients' calls as one operation under the scheduler, with no state machine around it.
    static let operation = Gen.interleaving { () async -> [Int] in
        let ticketer = Ticketer()
        async let first = [await ticketer.take(), await ticketer.take()]
        async let second = [await ticketer.take(), await ticketer.take()]
        return await first + second
    }

    /// Schedules per second of the scheduler alone, drawing schedules as a search does.
    static func schedulerAlone(schedules: Int) -> Double {
        var source = ChoiceSource(random: RandomSource(seed: 42), recording: false)
        var tickets = 0
        let start = ContinuousClock.now
        for _ in 0..<schedules {
            source.restart()
            tickets &+= (try? operation.generate(&source).outcome.count) ?? 0
        }
        if tickets == 0 { print("no run finished") }
        return Double(schedules) / seconds(ContinuousClock.now - start)
    }

    /// Schedules per second of the parallel state machine's property: drawing the program and the
    /// schedule, running it, and checking linearizability.
    static func parallelMachine(schedules: Int) async -> Double {
        var configuration = RunConfiguration()
        configuration.iterations = schedules
        configuration.exampleDirectory = nil
        let start = ContinuousClock.now
        let result = await machine.property.check(configuration)
        if !result.passed { print("the benchmark's machine failed: \(result.failureReport(replayCommand: "") ?? "")") }
        return Double(schedules) / seconds(ContinuousClock.now - start)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Prints both rates, best of three interleaved rounds (the machine is shared).
    static func report(quick: Bool) async {
        let schedules = quick ? 5_000 : 50_000
        var alone: [Double] = [], machine: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            alone.append(schedulerAlone(schedules: schedules))
            machine.append(await parallelMachine(schedules: schedules))
        }
        print("Two clients, two calls each, one suspension per call; one schedule = one run under one interleaving")
        print("")
        print(
            "scheduler alone (Gen.interleaving)                   \(String(format: "%8.0f", alone.max()!)) schedules/s")
        print(
            "parallel state machine (draw, run, linearizability)  \(String(format: "%8.0f", machine.max()!)) "
                + "schedules/s   (target ≥ 10000)"
        )
    }
}
