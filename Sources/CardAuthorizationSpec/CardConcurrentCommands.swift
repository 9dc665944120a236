import CardAuthorization
import Tally

/// The commands clients send to the card service concurrently, each with the answer the model
/// predicts. Request ids come from a small pool (`a1`…`a3`, `c1`, `c2`, …) so that clients sometimes
/// retry each other's requests, and hold ids from `h1`…`h3` so that they sometimes settle each other's
/// holds.
enum CardConcurrentCommands {
    typealias CardCommand = Command<CardServiceModel, ConcurrentCardSystem>

    static var all: [CardCommand] { [deposit, authorize, capture, release] }

    /// The amount of `cents`, which the generators keep valid: one the engine refuses fails the run.
    static func amount(_ cents: Int) throws(CardError) -> Amount { try Amount(cents: cents) }

    static func requests(_ prefix: String, _ count: Int) -> Generators.Map<Generators.Integer<Int>, String> {
        Gen.int(in: 1...count).map { "\(prefix)\($0)" }
    }

    static let cents = Gen.int(in: 1...10_000)

    /// Charges that matter most when two land at once: the whole available balance, or just over half.
    static func charges(_ model: CardServiceModel) -> Gen<Int> {
        Gen.oneOf(Gen.constant(max(model.available, 1)), Gen.constant(max(model.available / 2 + 1, 1)), cents)
    }

    /// A pending hold with its amount or part of it, or any hold id (which may not exist yet, or any more).
    static func settlements(_ model: CardServiceModel) -> Gen<(hold: String, cents: Int)> {
        let any = Gen.zip(Gen.int(in: 1...3).map { "h\($0)" }, cents).map { (hold: $0, cents: $1) }
        guard !model.pending.isEmpty else { return Gen(any) }
        let pending = Gen.element(of: model.pending).flatMap { hold in
            Gen.oneOf(Gen.constant(hold.amount), Gen.int(in: 1...hold.amount)).map { (hold: hold.hold, cents: $0) }
        }
        return Gen.oneOf(pending, Gen(any))
    }

    static let deposit = CardCommand(
        "deposit", arguments: { _ in Gen.zip(requests("d", 2), cents).map { CardRequest(id: $0, cents: $1) } },
        model: { model, request in model.credit(request.id, cents: request.cents) },
        run: { card, request in
            await CardAnswer.of { () async throws(CardError) -> CardAnswer in
                try await card.system.credit(request.id, amount(request.cents))
                return .done
            }
        })

    static let authorize = CardCommand(
        "authorize",
        arguments: { model in Gen.zip(requests("a", 3), charges(model)).map { CardRequest(id: $0, cents: $1) } },
        model: { model, request in model.authorize(request.id, cents: request.cents) },
        run: { card, request in
            await CardAnswer.of { () async throws(CardError) in
                CardAnswer(try await card.system.authorize(request.id, amount(request.cents), 1))
            }
        })

    static let capture = CardCommand(
        "capture",
        arguments: { model in
            Gen.zip(requests("c", 2), settlements(model)).map { CardRequest(id: $0, hold: $1.hold, cents: $1.cents) }
        },
        model: { model, request in model.capture(request.id, hold: request.hold!, cents: request.cents) },
        run: { card, request in
            await CardAnswer.of { () async throws(CardError) -> CardAnswer in
                try await card.system.capture(request.id, request.hold!, amount(request.cents))
                return .done
            }
        })

    static let release = CardCommand(
        "release",
        arguments: { model in Gen.zip(requests("r", 2), settlements(model)).map { CardRequest(id: $0, hold: $1.hold) }
        },
        model: { model, request in model.release(request.id, hold: request.hold!) },
        run: { card, request in
            await CardAnswer.of { () async throws(CardError) -> CardAnswer in
                try await card.system.release(request.id, request.hold!)
                return .done
            }
        })
}

/// A request's id, the hold it settles and its amount, as a step prints them: `a1, $30.00`.
struct CardRequest: Hashable, Sendable, CustomStringConvertible {
    var id: String
    var hold: String?
    var cents = 0

    var description: String {
        ([id] + (hold.map { [$0] } ?? []) + (cents > 0 ? [Balance(cents: cents).description] : [])).joined(
            separator: ", ")
    }
}
