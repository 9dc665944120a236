import CardAuthorization

/// The card service as the concurrent spec drives it: its operations, and the doubles it was built
/// with (so the spec can read back the ledger).
public struct ConcurrentCardSystem: Sendable {
    /// The service's operations.
    public let system: CardSystem
    /// The risk check and ledger behind them.
    public let doubles: CardDoubles

    /// A system built by `makeSystem` from fresh doubles.
    public init(_ makeSystem: (CardDoubles) -> CardSystem) {
        let doubles = CardDoubles()
        self.doubles = doubles
        system = makeSystem(doubles)
    }
}
