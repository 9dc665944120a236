import Claims
import ClaimsSpec
import Tally
import Testing

/// The order of dates of service changes a year's totals when lines carry different cost sharing:
/// a copay visit costs its copay whether or not the deductible is met, a coinsurance visit does not.
/// So the spec states its date-order invariant under a condition (one cost sharing); this test keeps
/// the unconditional version, and shows Tally refutes it with a year of a few claims.
@Test func unconditionalDateOrderInvarianceIsFalse() async throws {
    let unconditional = Property("the order of dates never changes the patient's total", ClaimsGenerators.planYear) {
        year in
        let (plan, lines) = (year.plan, year.lines)
        let total = { (lines: [ClaimLine]) in
            PlanYear.adjudicate(lines, under: plan).explanations.map(\.patientPays.cents).reduce(0, +)
        }
        let dates = lines.map(\.date)
        let swapped = try zip(lines, dates.reversed()).map { line, date in
            try ClaimLine(
                id: line.id, member: line.member, date: date, category: line.category, network: line.network,
                billed: line.billed, allowed: line.allowed)
        }
        try ensure(
            abs(total(swapped) - total(lines)) <= lines.count,
            "patient's total \(total(lines)) vs \(total(swapped)) with the dates reversed")
    }
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    configuration.iterations = 1_000
    let example = try #require(await unconditional.check(configuration).counterexample)
    #expect(
        example.value.split(separator: "\n").filter { $0.contains("claim c0") }.count <= 4,
        "shrunk to at most four claims: \(example.value)")
    #expect(example.failure.hasPrefix("patient's total"))
}
