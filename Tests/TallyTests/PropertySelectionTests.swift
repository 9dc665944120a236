import Testing

@testable import Tally

@Suite struct PropertySelectionTests {
    static let known = [
        SelectableProperty(id: "insurer plus patient equals allowed", spec: "claims"),
        SelectableProperty(id: "no amount is ever negative", spec: "claims"),
        SelectableProperty(id: "a hold never exceeds the balance", spec: "card"),
        SelectableProperty(id: "Tests/X.swift/sumsAreSmall()", aliases: ["sumsAreSmall"]),
    ]

    static func name(_ text: String) -> PropertySelector { PropertySelector(.name(text), from: "TALLY_PROPERTY") }

    @Test func namesSpecsAndTokensSelect() {
        let byName = PropertySelection([Self.name("claims/no amount is ever negative")])
        #expect(Self.known.filter(byName.selects).map(\.id) == ["no amount is ever negative"])
        #expect(
            PropertySelection([Self.name("no amount is ever negative")]).selects(Self.known[1]),
            "the bare name works too")
        #expect(PropertySelection([Self.name("sumsAreSmall")]).selects(Self.known[3]), "a forAll by its test function")
        let bySpec = PropertySelection([PropertySelector(.spec("claims"), from: "--spec")])
        #expect(Self.known.filter(bySpec.selects).count == 2)
        let token = ReplayToken(propertyID: "a hold never exceeds the balance", choices: [1])
        #expect(
            Self.known.filter(PropertySelection([PropertySelector(.token(token), from: "TALLY_REPLAY")]).selects).map(
                \.spec) == ["card"])
        #expect(Self.known.allSatisfy(PropertySelection().selects), "an empty selection selects all")
    }

    @Test func kindsNarrowEachOtherAndNamesAddUp() {
        let two = PropertySelection([Self.name("claims/no amount is ever negative"), Self.name("sumsAreSmall")])
        #expect(Self.known.filter(two.selects).count == 2)
        let narrowed = PropertySelection([
            PropertySelector(.spec("card"), from: "--spec"), Self.name("no amount is ever negative"),
        ])
        #expect(Self.known.filter(narrowed.selects).isEmpty)
        let matched = Set(narrowed.selectors)
        #expect(
            narrowed.problems(known: Self.known, matched: matched, selectedAny: false, scope: "here") == [
                "--spec \"card\" and TALLY_PROPERTY=\"no amount is ever negative\" select no property together: "
                    + "each matches a property, but never the same one"
            ])
    }

    @Test func aSelectorThatMatchesNothingNamesTheNearest() {
        let typo = PropertySelection([Self.name("insurer plus patiant")])
        #expect(
            typo.problems(known: Self.known, matched: [], selectedAny: false, scope: "in the catalog") == [
                "TALLY_PROPERTY=\"insurer plus patiant\" names no property in the catalog. "
                    + "Did you mean \"claims/insurer plus patient equals allowed\"? Names match exactly, "
                    + "as \"name\" or \"spec/name\"."
            ])
        let far = PropertySelection([PropertySelector(.spec("zzzzzz"), from: "--spec")])
        #expect(
            far.problems(known: Self.known, matched: [], selectedAny: false, scope: "in the catalog") == [
                "--spec \"zzzzzz\" names no spec in the catalog. Those there include \"card\" and \"claims\"."
            ])
    }

    @Test func nearestNamesPreferContainmentThenFewEdits() {
        let names = [
            "insurer plus patient equals allowed", "no amount is ever negative",
            "a copay never exceeds the allowed amount",
        ]
        #expect(nearestNames(to: "insurer plus patiant", among: names) == ["insurer plus patient equals allowed"])
        #expect(nearestNames(to: "NEGATIVE", among: names) == ["no amount is ever negative"])
        #expect(nearestNames(to: "no amount is evr negative", among: names) == ["no amount is ever negative"])
        #expect(nearestNames(to: "something else entirely", among: names).isEmpty)
        #expect(editDistance("kitten", "sitting") == 3)
    }

    @Test func theLedgerRecordsWhatMatchedAcrossTheRun() {
        let ledger = SelectionLedger(checksAtExit: false)
        let selection = PropertySelection([Self.name("claims/no amount is ever negative"), Self.name("sumsAreSmal")])
        let admitted = Self.known.filter { ledger.admit($0, under: selection) }
        #expect(admitted.map(\.id) == ["no amount is ever negative"])
        let verdict = ledger.verdict()
        #expect(
            verdict.errors == [
                "TALLY_PROPERTY=\"sumsAreSmal\" names no property among the 4 properties of this test run. "
                    + "Did you mean \"sumsAreSmall\"? Names match exactly, as \"name\" or \"spec/name\"."
            ])
        #expect(verdict.summaries.isEmpty, "no summary when the selection is wrong")

        let fine = SelectionLedger(checksAtExit: false)
        let one = PropertySelection([Self.name("sumsAreSmall")])
        _ = Self.known.map { fine.admit($0, under: one) }
        #expect(fine.verdict().errors.isEmpty)
        #expect(fine.verdict().summaries == ["Tally: TALLY_PROPERTY=\"sumsAreSmall\" ran 1 property and skipped 3."])
        #expect(fine.admit(Self.known[0], under: PropertySelection()), "no selection admits everything")
    }

    /// A shell that kept `TALLY_ITERATIONS=7` made every property weaker, and the run said nothing.
    @Test func theRunEndsNamingTheSettingsItsPropertiesRanUnder() {
        let ledger = SelectionLedger(checksAtExit: false)
        ledger.noteRunSettings(environment: ["TALLY_PROPERTY": "x"])
        #expect(ledger.verdict().summaries.isEmpty)
        for _ in 0..<2 { ledger.noteRunSettings(environment: ["TALLY_ITERATIONS": "7", "TALLY_SEED": "3"]) }
        #expect(
            ledger.verdict().summaries == [
                "Tally: 2 properties ran with TALLY_ITERATIONS=7 (7 cases each; 100 by default) "
                    + "and TALLY_SEED=3 (one seed for all; by default each property's own)."
            ])
    }

    @Test func tallyPropertyIsReadFromTheEnvironment() throws {
        let configuration = try RunConfiguration.fromEnvironment([
            "TALLY_PROPERTY": "claims/a | after the maximum, lines cost nothing "
        ])
        #expect(configuration.propertyNames == ["claims/a", "after the maximum, lines cost nothing"])
        #expect(configuration.selection.selectors.count == 2)
        #expect(throws: ConfigurationError.self) { try RunConfiguration.fromEnvironment(["TALLY_PROPERTY": " | "]) }
    }

    @Test func suitesListTheirPropertiesUnderTheSpecName() {
        let suite = PropertySuite("probe", properties: [Property("p", Gen.bool) { _ in }])
        #expect(suite.properties.map(\.spec) == ["probe"])
    }
}
