import CardAuthorization
import Tally

/// The commands of the card account state machine, each a real operation and its model transition.
enum CardCommands {
    /// The amount of `cents`, which the generators keep valid: one the engine refuses fails the run.
    static func amount(_ cents: Int) throws(CardError) -> Amount { try Amount(cents: cents) }

    static var all: [Command<CardModel, CardSystem>] {
        [deposit, authorize, capture, release, settleAgain, advanceDays, retry, setStatus]
    }

    static let deposit = Command<CardModel, CardSystem>(
        "deposit", arguments: { _ in Gen.int(in: 1...10_000).map(Balance.init(cents:)) },
        next: { model, balance in
            let cents = balance.cents
            var model = model
            if model.status != .closed { model.posted += cents }
            model.sent.append(.credit(id: model.nextRequest, amount: cents))
            return model
        },
        run: { system, balance, expected in
            let cents = balance.cents
            guard case .credit(let id, _)? = expected.sent.last else { return }
            do { try await system.credit(id, amount(cents)) } catch CardError.accountClosed
                where expected.status == .closed
            {}
        })

    /// Amounts near the available balance matter most: exactly it, a cent over, or anything.
    static let authorize = Command<CardModel, CardSystem>(
        "authorize",
        arguments: { model in
            Gen.oneOf(
                Gen.int(in: 1...10_000), Gen.constant(max(model.available, 1)),
                Gen.constant(max(model.available + 1, 1))
            )
            .map(Balance.init(cents:))
        },
        next: { model, balance in
            let cents = balance.cents
            var model = model
            let result = model.decide(cents)
            if case .approved(let hold) = result {
                model.holds.append(.init(id: hold, amount: cents, day: model.day, state: .pending))
            }
            model.sent.append(.authorize(id: model.nextRequest, amount: cents, day: model.day, result: result))
            return model
        },
        run: { system, balance, expected in
            let cents = balance.cents
            guard case .authorize(let id, _, let day, let result)? = expected.sent.last else { return }
            let answer = try await system.authorize(id, amount(cents), day)
            try ensureEqual(answer, result, "authorization of \(Balance(cents: cents))")
        })

    static let capture = Command<CardModel, CardSystem>(
        "capture", when: { !$0.pending.isEmpty && $0.status != .closed },
        arguments: { model in
            Gen.element(of: model.pending).flatMap { hold in
                Gen.int(in: 1...hold.amount).map { HoldAmount(hold: hold.id, cents: $0) }
            }
        },
        next: { model, argument in
            var model = model
            if let index = model.holds.firstIndex(where: { $0.id == argument.hold }) {
                model.holds[index].state = .captured
                model.posted -= argument.cents
            }
            model.sent.append(.capture(id: model.nextRequest, hold: argument.hold, amount: argument.cents))
            return model
        },
        run: { system, argument, expected in
            guard case .capture(let id, _, _)? = expected.sent.last else { return }
            try await system.capture(id, argument.hold, amount(argument.cents))
        })

    static let release = Command<CardModel, CardSystem>(
        "release", when: { !$0.pending.isEmpty && $0.status != .closed },
        arguments: { model in Gen.element(of: model.pending.map(\.id)) },
        next: { model, hold in
            var model = model
            if let index = model.holds.firstIndex(where: { $0.id == hold }) { model.holds[index].state = .released }
            model.sent.append(.release(id: model.nextRequest, hold: hold))
            return model
        },
        run: { system, hold, expected in
            guard case .release(let id, _)? = expected.sent.last else { return }
            try await system.release(id, hold)
        })

    /// Releasing or capturing a hold that is no longer pending must fail and change nothing.
    static let settleAgain = Command<CardModel, CardSystem>(
        "settle a finished hold again",
        when: { model in model.holds.contains { $0.state != .pending } && model.status != .closed },
        arguments: { model in Gen.zip(Gen.element(of: model.holds.filter { $0.state != .pending }.map(\.id)), Gen.bool)
        },
        next: { model, _ in model },
        run: { system, argument, expected in
            let (hold, byCapture) = argument
            let id = "again-\(expected.sent.count)"
            do {
                if byCapture {
                    try await system.capture(id, hold, amount(1))
                } else {
                    try await system.release(id, hold)
                }
                throw PropertyFailure("\(byCapture ? "capturing" : "releasing") \(hold) again was accepted")
            } catch let error as CardError {
                guard case .holdNotPending = error else {
                    throw PropertyFailure("expected hold \(hold) to be refused as not pending, got: \(error)")
                }
            }
        })

    static let advanceDays = Command<CardModel, CardSystem>(
        "advance days", arguments: { _ in Gen.int(in: 1...10) },
        next: { model, days in
            var model = model
            model.day += days
            for index in model.holds.indices
            where model.holds[index].state == .pending && model.day - model.holds[index].day >= model.holdLifetime {
                model.holds[index].state = .expired
            }
            return model
        },
        run: { system, _, expected in _ = await system.expireHolds(expected.day) })

    /// Sends an earlier request again with the same id: nothing may change, and the answer is the
    /// first one's. Captures and releases were accepted (they run only on pending holds of an open
    /// account), so their retries must be too; a credit may have been refused only if the account
    /// is closed.
    static let retry = Command<CardModel, CardSystem>(
        "retry", when: { !$0.sent.isEmpty },
        arguments: { model in Gen.element(of: model.sent) },
        next: { model, _ in model },
        run: { system, request, expected in
            switch request {
            case .authorize(let id, let cents, let day, let result):
                let again = try await system.authorize(id, amount(cents), day)
                try ensureEqual(again, result, "the answer to request \(id) sent again")
            case .credit(let id, let cents):
                do { try await system.credit(id, amount(cents)) } catch CardError.accountClosed
                    where expected.status == .closed
                {}
            case .capture(let id, let hold, let cents):
                try await system.capture(id, hold, amount(cents))
            case .release(let id, let hold):
                try await system.release(id, hold)
            }
        })

    static let setStatus = Command<CardModel, CardSystem>(
        "set status", when: { $0.status != .closed },
        arguments: { _ in
            Gen.frequency([
                (6, Gen.constant(Account.Status.open)), (3, Gen.constant(Account.Status.frozen)),
                (1, Gen.constant(Account.Status.closed)),
            ])
        },
        next: { model, status in
            var model = model
            model.status = status
            return model
        },
        run: { system, status, _ in await system.setStatus(status) })
}

/// A hold and an amount to capture from it.
struct HoldAmount: Hashable, Sendable, CustomStringConvertible {
    var hold: String
    var cents: Int
    /// Quoted as a release's hold is (`release("h1")`), so that a shrunk sequence reads one way.
    var description: String { "\"\(hold)\", \(Balance(cents: cents))" }
}
