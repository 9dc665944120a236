import CardAuthorization

/// Doubles for the card service's dependencies that behave like the network calls they stand for:
/// each suspends (`await Task.yield()`) before answering, so that under Tally's scheduler another
/// request may run while one waits for the risk check or the ledger.
///
/// The risk check declines charges above ``CardServiceModel/riskLimit`` cents; the ledger keeps every
/// entry written, for the spec to compare with the model's.
public struct CardDoubles: Sendable {
    /// The risk check double.
    public let risk: RiskCheck
    /// The ledger double.
    public let ledger: Ledger
    private let log: LedgerLog

    /// Fresh doubles with an empty ledger.
    public init() {
        let log = LedgerLog()
        self.log = log
        risk = RiskCheck { _, amount in
            await Task.yield()
            return amount.cents > CardServiceModel.riskLimit ? .decline : .approve
        }
        ledger = Ledger { entry in
            await Task.yield()
            await log.append(entry)
        }
    }

    /// The entries written to the ledger so far, in the order written.
    public var entries: [LedgerEntry] {
        get async { await log.entries }
    }
}

private actor LedgerLog {
    var entries: [LedgerEntry] = []
    func append(_ entry: LedgerEntry) { entries.append(entry) }
}
