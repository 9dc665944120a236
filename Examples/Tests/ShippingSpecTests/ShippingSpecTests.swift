import Shipping
import ShippingSpec
import Tally
import TallyTables
import Testing

/// Every invariant against the production rate card, each its own test case.
@Test(arguments: ShippingSpec.suite.properties)
func shippingProperties(_ property: Property) async {
    await property.verify()
}

/// Every row of every table under `Tables/shipping/`, each its own test case.
@Test(arguments: RequirementTables.rows(of: [ShippingSpec.tables]))
func shippingTables(_ row: TableRow) async {
    await row.verify()
}

/// Each invariant catches a planted bug and shrinks it to the smallest parcel that shows it.
@Suite struct PlantedBugs {
    /// A planted bug's counterexample is not saved under `.tally/examples` for replay.
    static let configuration = {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }()

    @Test func aBulkDiscountThatMakesHeavierParcelsCheaperIsCaught() async throws {
        let discounted: ShippingSpec.Quoting = { card, parcel in
            var quote = try card.quote(parcel)
            if quote.billableGrams > 20_000 { quote.cents -= 300 }
            return quote
        }
        // The bug needs a parcel billed at most 20 kg, extra weight that takes it past 20 kg, and a zone
        // whose next 500 g cost less than the $3.00 taken off: about one case in 220. Over seeds 1 to 300
        // it is found within 100 cases from 104 and within 1,000 from 295 (93 and 292 before the search
        // opened with simplest-tail cases), so this run draws up to 1,000 rather than hold by its seed's luck.
        var configuration = Self.configuration
        configuration.iterations = 1_000
        let result = await ShippingSpec.properties(quoting: discounted)[0].check(configuration)
        let example = try #require(result.counterexample)
        #expect(example.failure.hasPrefix("20001 g costs"), "\(example.failure)")
    }

    @Test func aRateCardThatIgnoresVolumeIsCaught() async throws {
        let byWeightOnly: ShippingSpec.Quoting = { card, parcel in
            var light = parcel
            (light.lengthCm, light.widthCm, light.heightCm) = (1, 1, 1)
            return try card.quote(light)
        }
        let result = await ShippingSpec.properties(quoting: byWeightOnly)[1].check(Self.configuration)
        let example = try #require(result.counterexample)
        #expect(example.value.contains("1 g,"))
        #expect(example.failure.hasPrefix("billable 500 g for 1 g weighing "))
    }

    @Test func aRateCardThatChargesNothingForAMissingPriceIsCaught() async throws {
        let freeWhenMissing: ShippingSpec.Quoting = { card, parcel in
            var priced = card
            priced.base[parcel.zone] = card.base[parcel.zone] ?? 0
            priced.perHalfKilo[parcel.zone] = card.perHalfKilo[parcel.zone] ?? 0
            return try priced.quote(parcel)
        }
        let result = await ShippingSpec.properties(quoting: freeWhenMissing)[2].check(Self.configuration)
        let example = try #require(result.counterexample)
        #expect(example.failure.hasPrefix("1 g, 1×1×1 cm, to domestic quoted 0 cents with no base price for domestic"))
    }
}
