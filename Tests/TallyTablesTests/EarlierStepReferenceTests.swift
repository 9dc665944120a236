import Foundation
import TallyTestSupport
import Testing

@testable import TallyTables

/// A scenario step naming what an earlier step brought: a misspelled name is one located problem of
/// its cell, with the nearest names, and the scenario's later steps do not run.
@Suite struct EarlierStepReferenceTests {
    static let spec = TableSpec(
        "orders",
        columns: [
            .input("scenario", .text), .input("order", .text.optional), .earlierStep("cancels", naming: "order"),
            .output("ok?", .boolean),
        ], scenarioColumn: "scenario"
    ) { _ in ["ok?": .boolean(true)] }

    static func problems(_ text: String) -> [String] {
        withTemporaryFolder { root in
            try? FileManager.default.createDirectory(atPath: root + "/shop", withIntermediateDirectories: true)
            let path = root + "/shop/orders.csv"
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return LoadedTable.load(path: path, suites: [TableSuite("shop", tables: [spec])]).problems.map {
                $0.description.replacingOccurrences(of: path, with: "orders.csv")
            }
        }
    }

    @Test func aNameAnEarlierStepGaveIsFine() {
        #expect(Self.problems("scenario,order,cancels,ok?\na,o1,,yes\na,o2,,yes\na,,o2,yes\n").isEmpty)
    }

    @Test func aMisspelledNameIsOneProblemAtItsCellWithTheNearestNames() {
        #expect(
            Self.problems("scenario,order,cancels,ok?\na,o1,,yes\na,o12,,yes\nb,o3,,yes\na,,o13,yes\na,o4,,yes\n") == [
                "orders.csv:5:4: column \"cancels\" (cell C5): scenario \"a\" has no order \"o13\" before this step; "
                    + "expected the order of an earlier step; nearest: o1, o12",
                "orders.csv:6: scenario \"a\" cannot continue: its step at line 5 has a problem",
            ])
    }

    @Test func aNameOnlyALaterStepGivesIsNotBeforeThisStep() {
        #expect(
            Self.problems("scenario,order,cancels,ok?\na,,o1,yes\na,o1,,yes\n").first
                == "orders.csv:2:4: column \"cancels\" (cell C2): scenario \"a\" has no order \"o1\" before this step; "
                + "no earlier step of the scenario has any order yet"
        )
    }
}
