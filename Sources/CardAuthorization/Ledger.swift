/// The ledger the service writes every change of funds to, as a struct of one async closure (a
/// model-defined interface): production writes to a database, tests to a double.
public struct Ledger: Sendable {
    /// Writes one entry.
    public var write: @Sendable (LedgerEntry) async -> Void

    /// A ledger from its one operation.
    public init(write: @escaping @Sendable (LedgerEntry) async -> Void) {
        self.write = write
    }

    /// Writes nowhere, at once.
    public static let discard = Ledger { _ in }
}

/// One change of funds, as the ledger records it.
public enum LedgerEntry: Hashable, Sendable, CustomStringConvertible {
    /// Funds credited to the posted balance.
    case credit(Amount)
    /// A hold placed.
    case hold(String, Amount)
    /// A hold captured for an amount.
    case capture(String, Amount)
    /// A hold released.
    case release(String)

    /// `hold h1 $30.00`.
    public var description: String {
        switch self {
        case .credit(let amount): "credit \(amount)"
        case .hold(let hold, let amount): "hold \(hold) \(amount)"
        case .capture(let hold, let amount): "capture \(hold) \(amount)"
        case .release(let hold): "release \(hold)"
        }
    }
}
