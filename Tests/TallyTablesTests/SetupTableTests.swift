import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// A setup table of shipping zones that a rates table names: the mechanism, apart from any engine.
private enum Shipping {
    struct Zone: Sendable { var surcharge: Int }

    static let zones = SetupTable<Zone>(
        "zones", key: "zone",
        columns: [
            .input("zone", .text), .input("surcharge", .money),
        ]
    ) { rows in
        guard rows.count == 1 else { throw SetupTableError("\(rows[1].location): zone defined twice") }
        let surcharge = try rows[0].money("surcharge")
        guard surcharge >= 0 else { throw SetupTableError("a surcharge cannot be negative") }
        return Zone(surcharge: surcharge)
    }

    static let rates = TableSpec(
        "rates",
        columns: [
            .reference("zone", to: zones), .input("weight", .integer), .output("price?", .money),
        ]
    ) { row in
        let zone = try row.lookUp("zone", in: zones)
        return ["price?": .money(500 + zone.surcharge + 10 * (try row.integer("weight")))]
    }

    static let suite = TableSuite("shipping", tables: [zones.spec, rates])

    /// Writes `zones` and `rates` under `folder/shipping/` and returns the rates table, loaded.
    static func load(zones: String?, rates: String, in folder: String) -> LoadedTable {
        let spec = folder + "/shipping"
        try? FileManager.default.createDirectory(atPath: spec, withIntermediateDirectories: true)
        if let zones { _ = FileManager.default.createFile(atPath: spec + "/zones.csv", contents: Data(zones.utf8)) }
        _ = FileManager.default.createFile(atPath: spec + "/rates.csv", contents: Data(rates.utf8))
        return LoadedTable.load(path: spec + "/rates.csv", suites: [suite])
    }

    static func run(_ table: LoadedTable) async -> [RowResult] {
        var results: [RowResult] = []
        for row in table.testRows { results.append(await row.run()) }
        return results
    }
}

@Suite struct SetupTableTests {
    static let zones = "zone,surcharge\nEurope,$2.00\nAsia,$4.00\n"

    @Test func rowsNamingAThingRunWithIt() async {
        await withTemporaryFolder { folder in
            let table = Shipping.load(
                zones: Self.zones, rates: "zone,weight,price?\nEurope,3,$7.30\nasia,1,$9.10\n", in: folder)
            #expect(table.problems.isEmpty)
            #expect(await Shipping.run(table).map(\.verdict) == [.passed, .passed])
        }
    }

    @Test func addingAThingIsOneRowOfTheSetupTable() async {
        await withTemporaryFolder { folder in
            let rates = "zone,weight,price?\nOceania,2,$11.20\n"
            #expect(Shipping.load(zones: Self.zones, rates: rates, in: folder).problems.count == 1)
            let table = Shipping.load(zones: Self.zones + "Oceania,$6.00\n", rates: rates, in: folder)
            #expect(table.problems.isEmpty)
            #expect(await Shipping.run(table).map(\.verdict) == [.passed])
        }
    }

    @Test func aMisspelledNameIsAProblemOfItsCellWithTheNearestName() async {
        await withTemporaryFolder { folder in
            let table = Shipping.load(zones: Self.zones, rates: "weight,zone,price?\n3,Europ,$7.30\n", in: folder)
            #expect(
                table.problems.map(\.description) == [
                    "\(folder)/shipping/rates.csv:2:3: column \"zone\" (cell B2): "
                        + "no zone named \"Europ\" in \(folder)/shipping/zones.csv (did you mean "
                        + "\"Europe\"?); known: Asia, Europe"
                ])
            #expect(await Shipping.run(table).map(\.verdict) == [.invalid])
        }
    }

    /// Below a cell that spans lines, the problem names the spreadsheet row too, as every cell's does.
    @Test func aMisspelledNameBelowACellSpanningLinesNamesItsSpreadsheetRow() {
        withTemporaryFolder { folder in
            let rates = "zone,weight,price?,note\nEurope,3,$7.30,\"two\nlines\"\nEurop,1,$9.10,\n"
            #expect(
                Shipping.load(zones: Self.zones, rates: rates, in: folder).problems.map(\.description) == [
                    "\(folder)/shipping/rates.csv:4:1: column \"zone\" (cell A3): "
                        + "no zone named \"Europ\" in \(folder)/shipping/zones.csv (did you mean \"Europe\"?); known: "
                        + "Asia, Europe (spreadsheet row 3)"
                ])
        }
    }

    /// One problem of the table's header, saying where the setup table was looked for: before, one
    /// problem per row naming it (36 for a copy of plan-years.csv).
    @Test func aMissingSetupTableIsOneProblemSayingWhereItWasLookedFor() {
        withTemporaryFolder { folder in
            let table = Shipping.load(
                zones: nil, rates: "zone,weight,price?\nEurope,3,$7.30\nAsia,1,$9.10\n", in: folder)
            #expect(
                table.problems.map(\.description) == [
                    "\(folder)/shipping/rates.csv:1:1: column \"zone\": cannot read the zones it names: "
                        + "there is no \(folder)/shipping/zones.csv, "
                        + "beside the table, nor Tables/shipping/zones.csv, in its spec's folder"
                ])
        }
    }

    @Test func aThingThatCannotBeBuiltFailsAtItsOwnLineAndWhereItIsNamed() async {
        await withTemporaryFolder { folder in
            let rates = Shipping.load(
                zones: "zone,surcharge\nEurope,-$1.00\nAsia,x\n",
                rates: "zone,weight,price?\nEurope,3,$7.30\nAsia,1,$9.10\n", in: folder)
            let results = await Shipping.run(rates)
            #expect(results.map(\.verdict) == [.failed, .failed])
            #expect(
                results[0].error
                    == "\(folder)/shipping/rates.csv:2: column \"zone\": "
                    + "zone \"Europe\" (\(folder)/shipping/zones.csv:2) cannot be built: "
                    + "a surcharge cannot be negative"
            )
            #expect(
                results[1].error?.contains(
                    "zone \"Asia\" is defined at \(folder)/shipping/zones.csv:3, which has a problem: "
                        + "column \"surcharge\" (cell B3): \"x\" is not valid"
                ) == true)

            let zones = LoadedTable.load(path: folder + "/shipping/zones.csv", suites: [Shipping.suite])
            let own = await Shipping.run(zones)
            #expect(own.map(\.verdict) == [.failed, .invalid])
            #expect(own[0].error == "a surcharge cannot be negative")
        }
    }

    @Test func rowsSharingANameFormOneThing() async {
        await withTemporaryFolder { folder in
            _ = Shipping.load(
                zones: "zone,surcharge\nEurope,$2.00\neurope,$3.00\n", rates: "zone,weight,price?\nAsia,1,$1.00\n",
                in: folder)
            let zones = LoadedTable.load(path: folder + "/shipping/zones.csv", suites: [Shipping.suite])
            let results = await Shipping.run(zones)
            #expect(results.map(\.verdict) == [.passed, .failed])
            #expect(results[1].error == "\(folder)/shipping/zones.csv:3: zone defined twice")
        }
    }

    @Test func anEditedSetupTableIsReadAgain() async {
        await withTemporaryFolder { folder in
            let rates = "zone,weight,price?\nEurope,3,$7.30\n"
            #expect(
                await Shipping.run(Shipping.load(zones: Self.zones, rates: rates, in: folder)).map(\.verdict) == [
                    .passed
                ])
            let edited = Shipping.load(zones: "zone,surcharge\nEurope,$3.00\n", rates: rates, in: folder)
            let results = await Shipping.run(edited)
            #expect(results.map(\.verdict) == [.failed])
            #expect(results.first?.mismatches.map(\.description) == ["price?: expected $7.30, actual $8.30"])
        }
    }
}
