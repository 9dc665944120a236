import Testing

@testable import Tally

/// Hands out ticket numbers; the racy one reads the next number, suspends, then writes it back.
actor Ticketer {
    var next: Int
    let racy: Bool
    let answersOneLess: Bool
    init(racy: Bool, answersOneLess: Bool = false) {
        self.racy = racy
        self.answersOneLess = answersOneLess
        next = 1
    }
    func take() async -> Int {
        let ticket = next
        if racy { await Task.yield() }
        next = ticket + 1
        return answersOneLess ? ticket - 1 : ticket
    }
}

struct TicketModel: Sendable, CustomStringConvertible {
    var next = 1
    var description: String { "next \(next)" }
}

@Suite struct SchedulerParallelStateMachineTests {
    static func machine(racy: Bool, answersOneLess: Bool = false) -> StateMachine<TicketModel, Ticketer> {
        let take = Command<TicketModel, Ticketer>(
            "take", arguments: { _ in Gen.constant(()) },
            model: { model, _ in
                defer { model.next += 1 }
                return model.next
            },
            run: { ticketer, _ in await ticketer.take() })
        return StateMachine(
            "tickets", model: TicketModel(), system: { Ticketer(racy: racy, answersOneLess: answersOneLess) },
            commands: [take]
        ) { model, ticketer in
            try ensureEqual(await ticketer.next, model.next, "the next ticket")
        }
    }

    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    @Test(.propertySettings(savesFailures: false)) func aLinearizableSystemPasses() async {
        await Self.machine(racy: false).parallel().property.verify()
    }

    @Test func aRaceShrinksToTwoClientsWithOneCallEachAndPrintsATable() async throws {
        let example = try #require(
            await Self.machine(racy: true).parallel().property.check(Self.configuration).counterexample)
        #expect(
            example.value.hasPrefix(
                """
                start: next 1
                then at once:
                   client 1     client 2
                1. ▶ take(())
                2.              ▶ take(())
                3. ◀ 1
                4.              ◀ 1
                schedule: T1
                """), "\(example.value)")
        #expect(
            example.failure.hasPrefix(
                """
                no order of the concurrent calls explains their responses (each call may come only after the calls \
                that finished before it started). Closest: after client 1: take(()) → 1, \
                client 2: take(()) answered 1; \
                the model expects 2
                """), "\(example.failure)")
    }

    @Test func theTokenReplaysTheSameRun() async throws {
        let parallel = Self.machine(racy: true).parallel()
        let example = try #require(await parallel.property.check(Self.configuration).counterexample)
        var replayed = Self.configuration
        replayed.replay = example.token
        for _ in 0..<20 {
            let again = try #require(await parallel.property.check(replayed).counterexample)
            #expect(again.value == example.value)
        }
    }

    @Test func theSequentialFormComparesResponsesToo() async throws {
        #expect(
            await Self.machine(racy: true).property.check(Self.configuration).passed, "one client at a time never races"
        )
        let example = try #require(
            await Self.machine(racy: false, answersOneLess: true).property.check(Self.configuration).counterexample)
        #expect(example.value == "start: next 1\n1. take(())  →  next 2")
        #expect(example.failure.hasPrefix("step 1, take(()): answered 0, the model expects 1"), "\(example.failure)")
    }

    @Test func commandsWithoutResponsesAreRefusedWithAMessage() async throws {
        let silent = Command<TicketModel, Ticketer>(
            "take", arguments: { _ in Gen.constant(()) }, next: { model, _ in model },
            run: { ticketer, _, _ in _ = await ticketer.take() })
        let machine = StateMachine(
            "silent tickets", model: TicketModel(), system: { Ticketer(racy: false) }, commands: [silent])
        let example = try #require(await machine.parallel().property.check(Self.configuration).counterexample)
        #expect(example.failure.hasPrefix("\"take\" cannot run concurrently: declare each command with `model:`"))
    }

    /// Call 0 returns 2 and call 1 returns 1 from a counter: explained only if call 1 may come first.
    static func calls(secondStartsAfterFirstEnds: Bool) -> Linearizability<Int> {
        let take: (Int) -> (Int, CommandResponse) = { next in (next + 1, CommandResponse(next)) }
        let first = RecordedCall(
            client: 0, step: 0, invoked: 0, responded: secondStartsAfterFirstEnds ? 1 : 2,
            response: .success(CommandResponse(2)))
        let second = RecordedCall(
            client: 1, step: 0, invoked: secondStartsAfterFirstEnds ? 2 : 1, responded: 3,
            response: .success(CommandResponse(1)))
        return Linearizability(calls: [first, second], expectations: [take, take])
    }

    @Test func overlappingCallsMayBeOrderedEitherWay() throws {
        let orders = try Self.calls(secondStartsAfterFirstEnds: false).check(from: 1).get()
        #expect(orders.map(\.calls) == [[1, 0]])
        #expect(orders.map(\.model) == [3])
    }

    @Test func aCallThatFinishedBeforeAnotherStartedComesFirst() {
        guard case .failure(let error) = Self.calls(secondStartsAfterFirstEnds: true).check(from: 1) else {
            Issue.record("a history that breaks real-time order was accepted")
            return
        }
        #expect(error.disagreement?.explained == [])
        #expect(error.disagreement?.call == 0)
    }
}
