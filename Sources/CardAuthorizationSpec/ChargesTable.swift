import CardAuthorization
import TallyTables

/// `Tables/card-authorization/charges.csv`: one charge against a balance, pending holds and a status.
enum ChargesTable {
    /// Amounts separated by spaces, such as `$25.00 $10.00`: the pending holds.
    static let amounts = CellKind(
        expected: "amounts separated by spaces, such as $25.00 $10.00",
        read: { text in
            text.split(separator: " ").allSatisfy { MoneyText.parse(String($0)).map { $0 > 0 } ?? false }
                ? .text(text) : nil
        },
        write: { value in if case .text(let text) = value { text } else { "" } })

    static let spec = TableSpec(
        "charges",
        columns: [
            .input("posted", .money),
            .input("pending", amounts.optional, required: false),
            .input("account status", .oneOf(["open", "frozen", "closed"]).optional, required: false),
            .input("charge", .money),
            .input("day", .integer.optional, required: false),
            .output("decision?", .oneOf(["approved", "declined"])),
            .output("reason?", .text),
            .output("hold?", .text),
            .output("expired?", .text),
            .output("available after?", .money),
            .output("error?", .text),
        ]
    ) { row in
        var pending: [Amount] = []
        for text in (row.isEmpty("pending") ? "" : try row.text("pending")).split(separator: " ") {
            pending.append(try Amount(cents: MoneyText.parse(String(text)) ?? 0))
        }
        let status = row.isEmpty("account status") ? .open : Account.Status(rawValue: try row.text("account status"))!
        // A migrated account's pending holds were placed on its first day, day 1 (the account's
        // default); on the charge's day, those a week old have expired before the charge is decided.
        var account = Account(posted: Balance(cents: try row.money("posted")), pending: pending, status: status)
        let day = row.isEmpty("day") ? 1 : try row.integer("day")
        let expired = account.expireHolds(on: day)
        do {
            let result = try account.authorize("charge", amount: Amount(cents: try row.money("charge")), day: day)
            var outputs: [String: CellValue] = ["available after?": .money(account.available.cents)]
            if !expired.isEmpty { outputs["expired?"] = .text(expired.joined(separator: " ")) }
            switch result {
            case .approved(let hold):
                outputs["decision?"] = .text("approved")
                outputs["hold?"] = .text(hold)
            case .declined(let reason):
                outputs["decision?"] = .text("declined")
                outputs["reason?"] = .text(reason.rawValue)
            }
            return outputs
        } catch let error as CardError {
            return ["error?": .text(error.description), "available after?": .money(account.available.cents)]
        }
    }
}
