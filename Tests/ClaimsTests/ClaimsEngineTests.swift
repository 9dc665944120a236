import Claims
import Testing

@Suite struct ClaimsEngineTests {
    static func dollars(_ amount: Int) throws -> Money { try Money(cents: amount * 100) }

    @Test func amountsBeyondTheBoundsAreTypedErrorsNotTraps() {
        #expect(throws: ClaimsError.negativeAmount(-1)) { try Money(cents: -1) }
        #expect(throws: ClaimsError.amountOutOfBounds(Money.limit + 1)) { try Money(cents: Money.limit + 1) }
        #expect(throws: ClaimsError.coinsuranceOutOfRange(10_001)) { try BasisPoints(10_001) }
        #expect((try? Money(cents: Money.limit))?.cents == Money.limit)
    }

    @Test func plansValidateThemselves() throws {
        #expect(throws: ClaimsError.deductibleExceedsOutOfPocketMaximum(tier: "tier")) {
            try Tier(
                individualDeductible: Self.dollars(6_000), coinsurance: BasisPoints(2_000),
                individualOutOfPocketMaximum: Self.dollars(5_000))
        }
        #expect(throws: ClaimsError.individualExceedsFamily("deductible")) {
            try Tier(
                individualDeductible: Self.dollars(600), familyDeductible: Self.dollars(500),
                coinsurance: BasisPoints(0),
                individualOutOfPocketMaximum: Self.dollars(5_000), familyOutOfPocketMaximum: Self.dollars(10_000))
        }
        let tier = try Tier(
            individualDeductible: Self.dollars(100), coinsurance: BasisPoints(0),
            individualOutOfPocketMaximum: Self.dollars(1_000))
        #expect(throws: ClaimsError.negativeVisitLimit(.physicalTherapy)) {
            try Plan(year: 2026, coverage: .selfOnly, inNetwork: tier, visitLimits: [.physicalTherapy: -1])
        }
    }

    @Test func plansAboveTheLegalLimitsAreWarnedAndCapped() throws {
        let generous = try Tier(
            individualDeductible: Self.dollars(1_000), familyDeductible: Self.dollars(2_000),
            coinsurance: BasisPoints(2_000),
            individualOutOfPocketMaximum: Self.dollars(11_000), familyOutOfPocketMaximum: Self.dollars(22_000))
        let family = try Plan(year: 2026, coverage: .family, inNetwork: generous)
        #expect(
            family.warnings == [
                "the individual out-of-pocket maximum $11,000.00 exceeds the 2026 self-only limit of $10,600.00; "
                    + "each member is capped at $10,600.00",
                "the family out-of-pocket maximum $22,000.00 exceeds the 2026 family limit of $21,200.00",
            ])
        #expect(family.memberInNetworkCap == (try Self.dollars(10_600)))
        let older = try Plan(year: 2025, coverage: .family, inNetwork: generous)
        #expect(older.memberInNetworkCap == (try Self.dollars(9_200)))
        #expect(
            try Plan(year: 2031, coverage: .selfOnly, inNetwork: generous).warnings.first?.hasPrefix(
                "the engine does not know") == true)
    }

    @Test func claimLinesRefuseAllowedAboveBilledAndYearsRefuseBadEvents() throws {
        let date = try #require(ServiceDate(year: 2026, month: 3, day: 1))
        #expect(throws: ClaimsError.allowedExceedsBilled(claim: "c1")) {
            try ClaimLine(
                id: "c1", member: "ann", date: date, category: .specialist, billed: Self.dollars(90),
                allowed: Self.dollars(100))
        }
        let tier = try Tier(
            individualDeductible: Self.dollars(100), coinsurance: BasisPoints(0),
            individualOutOfPocketMaximum: Self.dollars(1_000))
        var year = PlanYear(plan: try Plan(year: 2026, coverage: .selfOnly, inNetwork: tier))
        let line = try ClaimLine(id: "c1", member: "ann", date: date, category: .specialist, allowed: Self.dollars(100))
        try year.submit(line)
        #expect(throws: ClaimsError.conflictingResubmission("c1")) {
            try year.submit(
                ClaimLine(id: "c1", member: "ann", date: date, category: .specialist, allowed: Self.dollars(200)))
        }
        #expect(throws: ClaimsError.unknownClaim("c2")) { try year.reverse("c2") }
        #expect(ServiceDate(year: 2026, month: 2, day: 29) == nil)
    }

    @Test func moneyAndRatesPrintAsPeopleWriteThem() throws {
        #expect(try Money(cents: 123_456_789).description == "$1,234,567.89")
        #expect(try Money(cents: 5).description == "$0.05")
        #expect(try BasisPoints(1_250).description == "12.5%")
        #expect(try BasisPoints(2_000).description == "20%")
        #expect(try BasisPoints(5).description == "0.05%")
    }
}
