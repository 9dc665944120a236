import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// "One of these column sets is required": a header holding none in full is one problem of the table,
/// and no row runs.
@Suite struct ColumnSetsTests {
    /// The example of ``TableSpec/requiringOne(of:)``'s documentation.
    static let visits = TableSpec(
        "visits",
        columns: [
            .input("plan", .text.optional, required: false),
            .input("deductible", .money.optional, required: false),
            .input("coinsurance", .percent.optional, required: false),
            .input("allowed", .money), .output("patient pays?", .money),
        ]
    ) { row in ["patient pays?": .money(try row.money("allowed"))] }
    .requiringOne(of: [["plan"], ["deductible", "coinsurance"]])

    static func load(_ text: String) -> LoadedTable {
        withTemporaryFolder { folder in
            try? FileManager.default.createDirectory(atPath: folder + "/spec", withIntermediateDirectories: true)
            let path = folder + "/spec/visits.csv"
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return LoadedTable.load(path: path, suites: [TableSuite("spec", tables: [visits])])
        }
    }

    @Test func eitherSetInFullIsEnough() {
        #expect(Self.load("plan,allowed,patient pays?\nsilver,$5,$5\n").problems.isEmpty)
        #expect(Self.load("Deductible,coinsurance,allowed,patient pays?\n$1,20%,$5,$5\n").problems.isEmpty)
        #expect(Self.load("plan,deductible,allowed,patient pays?\nsilver,,$5,$5\n").problems.isEmpty)
    }

    @Test func neitherIsOneProblemNamingWhatTheNearestSetLacks() {
        let table = Self.load("deductible,allowed,patient pays?\n$1,$5,$5\n$2,$6,$6\n")
        #expect(
            table.problems.map { "\($0.line):\($0.column) \($0.message)" } == [
                "1:0 missing column \"coinsurance\": the table must have the column \"plan\", "
                    + "or all of \"deductible\" and \"coinsurance\""
            ])
        #expect(table.rows.isEmpty, "a row cannot run without its plan")
        let none = Self.load("allowed,patient pays?\n$5,$5\n")
        #expect(
            none.problems.map(\.message) == [
                "missing column \"plan\": the table must have the column \"plan\", "
                    + "or all of \"deductible\" and \"coinsurance\""
            ])
    }
}
