import Claims
import Foundation
import TallyTables
import Testing

@testable import ClaimsSpec

/// `Tables/claims/plans.csv`: plans are rows, not Swift code.
@Suite struct PlansTableTests {
    static let tables = RequirementTables.tablesDirectory(near: #filePath)

    static func plan(_ name: String, near table: String = tables + "/claims/plan-years.csv") throws -> Plan {
        try PlansTable.setup.thing(named: name, besideTableAt: table)
    }

    static func dollars(_ amount: Int) -> Money { try! Money(cents: amount * 100) }

    static func tier(
        _ deductible: Int, _ familyDeductible: Int?, _ coinsurance: Int, _ maximum: Int, _ familyMaximum: Int?,
        name: String = "in-network"
    ) -> Tier {
        try! Tier(
            individualDeductible: dollars(deductible), familyDeductible: familyDeductible.map(dollars),
            coinsurance: BasisPoints(coinsurance * 100),
            individualOutOfPocketMaximum: dollars(maximum), familyOutOfPocketMaximum: familyMaximum.map(dollars),
            name: name)
    }

    @Test func theTableHoldsThePlansTheScenariosUsedToHardCode() throws {
        let familyTier = Self.tier(500, 1_000, 20, 3_000, 6_000)
        #expect(
            try Self.plan("family embedded")
                == Plan(year: 2026, coverage: .family, familyDeductible: .embedded, inNetwork: familyTier))
        #expect(
            try Self.plan("family aggregate")
                == Plan(year: 2026, coverage: .family, familyDeductible: .aggregate, inNetwork: familyTier))
        #expect(
            try Self.plan("family high oop")
                == Plan(year: 2026, coverage: .family, inNetwork: Self.tier(2_000, 4_000, 50, 12_000, 20_000)))
        #expect(
            try Self.plan("Family Copay Visits")
                == Plan(
                    year: 2026, coverage: .family, inNetwork: familyTier,
                    costSharing: [.primaryCare: .copay(Self.dollars(30))], visitLimits: [.physicalTherapy: 2]))
    }

    @Test func aPlanMayHaveAnOutOfNetworkRowAndListsOfCostSharingExclusionsAndLimits() throws {
        #expect(
            try Self.plan("silver ppo")
                == Plan(
                    year: 2026, coverage: .selfOnly, inNetwork: Self.tier(1_000, nil, 20, 5_000, nil),
                    outOfNetwork: Self.tier(2_000, nil, 40, 10_000, nil, name: "out-of-network"),
                    costSharing: [
                        .primaryCare: .copay(Self.dollars(30)), .specialist: .copayAfterDeductible(Self.dollars(50)),
                    ],
                    exclusions: [.cosmetic], visitLimits: [.physicalTherapy: 20]))
    }

    @Test func addingAPlanIsOneRowThatAVisitRowCanName() async throws {
        try await withClaimsTables(plans: "bronze hmo,in,2026,self-only,,\"$7,000.00\",,50%,\"$9,000.00\",,,,,") {
            folder in
            let visits = write(
                """
                plan,category,allowed,deductible met,covered?,reason?,deductible?,copay?,coinsurance?,plan \
                pays?,balance billed?,patient pays?
                bronze hmo,specialist,$300.00,"$7,000.00",yes,,$0.00,$0.00,$150.00,$150.00,$0.00,$150.00
                bronze hmo,specialist,$300.00,,yes,,$300.00,$0.00,$0.00,$0.00,$0.00,$300.00
                """, table: "plan-visits", in: folder)
            let table = LoadedTable.load(path: visits, suites: [ClaimsSpec.tables])
            #expect(table.problems.isEmpty)
            var verdicts: [RowResult.Verdict] = []
            for row in table.rows { verdicts.append(await row.run().verdict) }
            #expect(verdicts == [.passed, .passed])
        }
    }

    @Test func aMisspelledPlanFailsAtItsCellWithTheNearestNames() async throws {
        try await withClaimsTables(plans: nil) { folder in
            let years = write(
                """
                scenario,plan,action,claim,member,date,category,allowed,patient pays?,plan pays?,member deductible \
                met?,family deductible met?,member oop?,family oop?,error?
                one,family embeded,submit,c1,ann,2026-01-10,specialist,$800.00,$560.00,,,,,,
                """, table: "plan-years", in: folder)
            let table = LoadedTable.load(path: years, suites: [ClaimsSpec.tables])
            #expect(
                table.problems.map(\.description) == [
                    "\(years):2:5: column \"plan\" (cell B2): "
                        + "no plan named \"family embeded\" in \(folder)/claims/plans.csv (did you mean \"family "
                        + "embedded\"?); known: family above the law, family above the law 2025, family aggregate, "
                        + "family copay visits, family embedded, family high oop, family without family amounts, "
                        + "healthfirst bronze leaf, healthfirst bronze leaf diabetes, ms base coverage, "
                        + "self-only above the law, silver ppo"
                ])
        }
    }

    @Test func aVisitRowNamesAPlanOrDescribesOneNeverBoth() async throws {
        try await withClaimsTables(plans: nil) { folder in
            let visits = write(
                """
                plan,category,allowed,deductible,coinsurance,covered?,reason?,deductible?,copay?,coinsurance?,plan \
                pays?,balance billed?,patient pays?
                silver ppo,specialist,$300.00,$100.00,,,,,,,,,$300.00
                ,specialist,$300.00,$100.00,,,,,,,,,$300.00
                """, table: "plan-visits", in: folder)
            let table = LoadedTable.load(path: visits, suites: [ClaimsSpec.tables])
            #expect(table.tableProblems.isEmpty)
            let rows = table.rows
            try #require(rows.count == 2)
            #expect(
                await rows[0].run().error
                    == "\(visits):2: the row names plan \"silver ppo\", "
                    + "so leave deductible empty (or clear the plan cell)"
            )
            #expect(
                await rows[1].run().error
                    == "\(visits):3: coinsurance, oop max empty: name a plan of plans.csv in column \"plan\", "
                    + "or give the deductible, coinsurance and oop max of the line's tier"
            )
        }
    }

    /// The newcomer's mistake: `deductible` deleted from `visits.csv`. Before, `tables lint` passed and
    /// every row failed to run (54 of them); now the header is one problem and no row runs.
    @Test func aVisitsTableWithNeitherPlanNorTierColumnsIsOneProblemOfItsHeader() async throws {
        try await withClaimsTables(plans: nil) { folder in
            let visits = write(
                """
                category,allowed,coinsurance,oop max,covered?,reason?,deductible?,copay?,coinsurance?,plan \
                pays?,balance billed?,patient pays?
                specialist,$300.00,20%,"$5,000.00",yes,,$300.00,$0.00,$0.00,$0.00,$0.00,$300.00
                specialist,$500.00,20%,"$5,000.00",yes,,$500.00,$0.00,$0.00,$0.00,$0.00,$500.00
                """, table: "visits", in: folder)
            let table = LoadedTable.load(path: visits, suites: [ClaimsSpec.tables])
            #expect(
                table.problems.map(\.description) == [
                    "\(visits):1: missing column \"deductible\": the table must have the column \"plan\", "
                        + "or all of \"deductible\", \"coinsurance\" and \"oop max\""
                ])
            #expect(table.rows.isEmpty)
        }
    }

    @Test(arguments: [
        (
            "bad,out,,,,$1.00,,20%,$2.00,,,,,", 0,
            "a plan's first row is its in-network tier (tier \"in\"); its out-of-network row follows it"
        ),
        (
            "silver ppo,in,2026,self-only,,$1.00,,20%,$2.00,,,,,", 0,
            "a plan has one in-network row and at most one out-of-network row (tier \"out\") after it"
        ),
        (
            "odd,in,2026,family,,$1.00,,20%,$2.00,,,,,\nodd,out,2026,,,$1.00,,20%,$2.00,,,,,", 1,
            "plan-wide cells go on the in-network row; leave year empty here"
        ),
        (
            "no year,in,,family,,$1.00,,20%,$2.00,,,,,", 0,
            "column \"year\" is empty: the in-network row gives the plan's year"
        ),
    ])
    func aPlanThatBreaksTheTableRulesFailsAtItsRow(_ rows: String, _ offset: Int, _ message: String) async throws {
        try await withClaimsTables(plans: rows) { folder in
            let plans = LoadedTable.load(path: folder + "/claims/plans.csv", suites: [ClaimsSpec.tables])
            var errors: [String] = []
            for row in plans.rows { if let error = await row.run().error { errors.append(error) } }
            #expect(
                errors == [
                    "\(folder)/claims/plans.csv:\(plans.rows.last!.line - (rows.contains("\n") ? 1 : 0) + offset): "
                        + "\(message)"
                ])
        }
    }

    @Test func aListCellThatCannotBeReadIsAProblemOfItsCell() async throws {
        try await withClaimsTables(
            plans: "lists,in,2026,family,,$1.00,,20%,$2.00,,primary care copay $30,cosmetics,physical therapy: -1,"
        ) { folder in
            let plans = LoadedTable.load(path: folder + "/claims/plans.csv", suites: [ClaimsSpec.tables])
            #expect(
                plans.problems.map { "\($0.column) \($0.message)" } == [
                    "41 column \"cost sharing\" (cell K19): \"primary care copay $30\" is not valid; "
                        + "expected entries \"category: rule\" separated by ;, such as \"primary care: copay $30; "
                        + "preventive: no charge\", or an empty cell",
                    "64 column \"exclusions\" (cell L19): \"cosmetics\" is not valid; "
                        + "expected categories separated by ;, such as \"cosmetic; "
                        + "physical therapy\", or an empty cell",
                    "74 column \"visit limits\" (cell M19): \"physical therapy: -1\" is not valid; "
                        + "expected entries \"category: visits\" separated by ;, such as \"physical therapy: "
                        + "20\", or an empty cell",
                ])
            #expect(Set(plans.problems.map(\.line)) == [plans.rows.last!.line])
        }
    }

    /// A temporary `claims/` folder holding the package's `plans.csv`, with `plans` rows appended.
    func withClaimsTables<Result>(plans: String?, _ body: (String) async throws -> Result) async throws -> Result {
        let folder = NSTemporaryDirectory() + "tally-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = try String(contentsOfFile: Self.tables + "/claims/plans.csv", encoding: .utf8)
        if let plans { text += plans + "\n" }
        _ = write(text, table: "plans", in: folder)
        return try await body(folder)
    }

    func write(_ text: String, table: String, in folder: String) -> String {
        try? FileManager.default.createDirectory(atPath: folder + "/claims", withIntermediateDirectories: true)
        let path = folder + "/claims/\(table).csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}
