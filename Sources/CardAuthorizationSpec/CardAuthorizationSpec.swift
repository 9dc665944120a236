import CardAuthorization
import Tally
import TallyTables

/// The executable requirements of the card authorization engine: a model-based state machine and the
/// requirement tables.
public enum CardAuthorizationSpec {
    /// The account state machine against the system `makeSystem` builds (the live engine by default).
    ///
    /// After every step the engine must agree with ``CardModel``: same posted and available balances,
    /// same hold states. So available = posted − pending holds at every step, an approved authorization
    /// never makes available negative, every hold ends captured, released or expired exactly once, and
    /// retried requests change nothing.
    public static func stateMachine(_ makeSystem: @escaping @Sendable () -> CardSystem = { .live() }) -> StateMachine<
        CardModel, CardSystem
    > {
        StateMachine(
            "card account agrees with its model", model: CardModel(), system: makeSystem, commands: CardCommands.all,
            maxSteps: 20
        ) { model, system in
            let snapshot = await system.snapshot()
            try ensureEqual(snapshot, model.snapshot, "the account after the step")
            try ensure(snapshot.available >= 0, "available \(Balance(cents: snapshot.available)) went negative")
            cover(2, model.holds.contains { $0.state == .expired }, "a hold expired")
            cover(5, model.holds.contains { $0.state == .captured }, "a hold captured")
        }
    }

    /// Every property of the spec, against `makeSystem`, and the rules of the account as a value.
    public static func properties(for makeSystem: @escaping @Sendable () -> CardSystem = { .live() }) -> [Property] {
        [stateMachine(makeSystem).property] + AccountProperties.all
    }

    /// The properties of the live engine.
    public static let suite = PropertySuite(
        "card-authorization", properties: properties() + [concurrentMachine().property])

    /// The table shapes under `Tables/card-authorization/`.
    public static let tables = TableSuite(
        "card-authorization", tables: [ChargesTable.spec, SequencesTable.spec, ConcurrencyTable.spec])
}
