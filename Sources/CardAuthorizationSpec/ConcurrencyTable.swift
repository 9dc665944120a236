import CardAuthorization
import Tally
import TallyTables

/// `Tables/card-authorization/concurrency.csv`: requests sent at once to the live service, with what
/// must hold whichever arrives first — "two charges of $30 on $50 at once: exactly one approved".
///
/// Each row runs under Tally's scheduler in first-in-first-out order and in ``interleavings`` more
/// orders drawn at random, with the risk check and the ledger as doubles that suspend like network
/// calls. Every order must give the same outcome, which is then compared with the row; when orders
/// disagree, the row fails naming the columns that depend on the order.
enum ConcurrencyTable {
    static let interleavings = 200

    static let spec = TableSpec(
        "concurrency",
        columns: [
            .input("posted", .money),
            .input("pending", ChargesTable.amounts.optional, required: false),
            .input("at once", ConcurrentRequest.cellKind),
            .output("approved?", .integer),
            .output("declined?", .integer),
            .output("refused?", .integer),
            .output("pending holds?", .integer),
            .output("posted after?", .money),
            .output("available after?", .money),
        ], evaluatingAsynchronously: evaluate)

    @Sendable static func evaluate(_ row: TableRowInput) async throws -> [String: CellValue] {
        var pending: [Amount] = []
        for text in (row.isEmpty("pending") ? "" : try row.text("pending")).split(separator: " ") {
            pending.append(try Amount(cents: MoneyText.parse(String(text)) ?? 0))
        }
        let account = Account(posted: Balance(cents: try row.money("posted")), pending: pending)
        let requests = try ConcurrentRequest.requests(try row.text("at once"))
        let run = Gen.interleaving { () async -> [String: CellValue] in
            let doubles = CardDoubles()
            let service = CardAuthorizationService(account: account, risk: doubles.risk, ledger: doubles.ledger)
            let answers = await withTaskGroup(of: CardAnswer.self) { group in
                for (index, request) in requests.enumerated() {
                    group.addTask { await request.send(to: service, defaultID: "request \(index + 1)") }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let after = await service.snapshot
            return [
                "approved?": .integer(answers.count { if case .approved = $0 { true } else { false } }),
                "declined?": .integer(answers.count { if case .declined = $0 { true } else { false } }),
                "refused?": .integer(answers.count { if case .refused = $0 { true } else { false } }),
                "pending holds?": .integer(after.pendingHolds.count),
                "posted after?": .money(after.posted.cents),
                "available after?": .money(after.available.cents),
            ]
        }
        var source = ChoiceSource(replaying: [])
        let first = try run.generate(&source).outcome
        for seed in 1...interleavings {
            source = ChoiceSource(seed: UInt64(seed))
            let outcome = try run.generate(&source).outcome
            let differing = first.keys.sorted().filter { first[$0] != outcome[$0] }
            guard differing.isEmpty else {
                throw OrderDependence(columns: differing, first: first, other: outcome)
            }
        }
        return first
    }
}

/// A concurrency row whose outcome depends on which request goes first.
struct OrderDependence: Error, CustomStringConvertible {
    let columns: [String]
    let first: [String: CellValue]
    let other: [String: CellValue]

    var description: String {
        let values = columns.map { "\($0) \(text(first[$0])) in first-come order, \(text(other[$0])) in another" }
        return "the outcome depends on the order the requests run in: " + values.joined(separator: "; ")
            + ". Write only what holds in every order, or send the requests one after another in a sequences row."
    }

    private func text(_ value: CellValue?) -> String {
        switch value {
        case .integer(let number)?: String(number)
        case .money(let cents)?: Balance(cents: cents).description
        default: "nothing"
        }
    }
}
