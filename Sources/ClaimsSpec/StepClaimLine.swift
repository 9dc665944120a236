import Claims
import TallyTables

extension ClaimLine {
    /// The claim line a table step describes in its `claim`, `member`, `date`, `category` and `allowed`
    /// cells, and its `provider` and `network` cells where the table has them (in network when empty).
    static func described(by step: TableRowInput) throws -> ClaimLine {
        let date = try step.date("date")
        return try ClaimLine(
            id: step.text("claim"), member: step.text("member"),
            date: ServiceDate.known(year: date.year, month: date.month, day: date.day),
            category: ServiceCategory(rawValue: step.text("category"))!,
            network: step.isEmpty("network") ? .inNetwork : Network(rawValue: step.text("network"))!,
            provider: step.isEmpty("provider") ? "" : step.text("provider"),
            allowed: Money(cents: step.money("allowed")))
    }
}
