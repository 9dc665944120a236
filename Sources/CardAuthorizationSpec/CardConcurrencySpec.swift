import CardAuthorization
import Tally

extension CardAuthorizationSpec {
    /// The balance the concurrent machine's account starts with: $50.00.
    public static let concurrentOpeningBalance = 5_000

    /// The card service under concurrent requests: a few requests one after another, then two or three
    /// clients (terminals) at once, under Tally's scheduler, with the risk check and the ledger as
    /// doubles that suspend like network calls (``CardDoubles``). The account opens with
    /// ``concurrentOpeningBalance``; `makeSystem` builds the service under test from the doubles.
    ///
    /// Every run must be linearizable against ``CardServiceModel``: some order of the requests,
    /// respecting which answered before another was sent, explains every answer, and after it the
    /// account and the ledger agree with the model. So no charge is approved against funds another
    /// charge already holds (no double spend), no capture goes through on a released hold, and a retry
    /// changes nothing and gets the first answer, even when it arrives while the first attempt waits.
    public static func concurrentMachine(
        _ makeSystem: @escaping @Sendable (CardDoubles) -> CardSystem = {
            .live(Account(posted: Balance(cents: concurrentOpeningBalance)), risk: $0.risk, ledger: $0.ledger)
        }
    ) -> ParallelStateMachine<CardServiceModel, ConcurrentCardSystem> {
        StateMachine(
            "card service agrees with its model", model: CardServiceModel(posted: concurrentOpeningBalance),
            system: { ConcurrentCardSystem(makeSystem) }, commands: CardConcurrentCommands.all
        ) { model, card in
            try ensureEqual(await card.system.snapshot(), model.snapshot, "the account")
            // Concurrent clients may write in any order: the ledgers compare as collections.
            try ensureEqual(
                await card.doubles.entries.map(\.description).sorted(), model.ledger.map(\.description).sorted(),
                "the ledger")
        }.parallel()
    }
}
