import CardAuthorization
import TallyTables

/// `Tables/card-authorization/sequences.csv`: multi-step examples, one operation per row. Each row's
/// expected cells describe the account after that step.
enum SequencesTable {
    static let actions = [
        "deposit", "authorize", "capture", "release", "refund", "expire", "freeze", "unfreeze", "close",
    ]

    static let spec = TableSpec(
        "sequences",
        columns: [
            .input("scenario", .text),
            .input("action", .oneOf(actions)),
            .input("request", .text.optional, required: false),
            .input("amount", .money.optional, required: false),
            .input("hold", .text.optional, required: false),
            .input("day", .integer.optional, required: false),
            .output("result?", .text),
            .output("posted?", .money),
            .output("available?", .money),
            .output("error?", .text),
        ], scenarioColumn: "scenario"
    ) { row in
        var account = Account()
        var last: [String: CellValue] = [:]
        for step in row.previousSteps + [row] {
            last = [:]
            do {
                last["result?"] = try perform(step, on: &account)
            } catch let error as CardError {
                last["error?"] = .text(error.description)
            }
        }
        last["posted?"] = .money(account.posted.cents)
        last["available?"] = .money(account.available.cents)
        return last
    }
    // A step is an operation on an amount: the balances after it read against the amount moved, and
    // two steps of one scenario can differ only by their day (two expiries).
    .identifyingRows(by: ["scenario", "action", "request", "amount", "hold", "day"])

    static func perform(_ step: TableRowInput, on account: inout Account) throws -> CellValue {
        let request = step.isEmpty("request") ? "" : try step.text("request")
        let amount = { () throws -> Amount in try Amount(cents: step.money("amount")) }
        let day = step.isEmpty("day") ? 1 : try step.integer("day")
        switch try step.text("action") {
        case "deposit", "refund":
            try account.credit(request, amount: amount())
            return .empty
        case "authorize":
            switch try account.authorize(request, amount: amount(), day: day) {
            case .approved(let hold): return .text("approved \(hold)")
            case .declined(let reason): return .text("declined: \(reason.rawValue)")
            }
        case "capture":
            try account.capture(request, hold: step.text("hold"), amount: amount())
            return .empty
        case "release":
            try account.release(request, hold: step.text("hold"))
            return .empty
        case "expire":
            let expired = account.expireHolds(on: day)
            return .text(expired.isEmpty ? "none expired" : "expired " + expired.joined(separator: " "))
        case "freeze":
            account.setStatus(.frozen)
        case "unfreeze":
            account.setStatus(.open)
        default:
            account.setStatus(.closed)
        }
        return .empty
    }
}
