import Foundation
import TallyTables

/// A toy spec for the table runner's and the command line's own tests: debit card charges against an available balance.
public enum ToySpec {
    public static let charges = TableSpec(
        "charges",
        columns: [
            .input("available", .money),
            .input("pending", .money.optional, required: false),
            .input("charge", .money),
            .output("approved?", .boolean),
            .output("available after?", .money, required: false),
        ]
    ) { row in
        let spendable = try row.money("available") - (row.isEmpty("pending") ? 0 : row.money("pending"))
        let charge = try row.money("charge")
        let approved = charge <= spendable
        return ["approved?": .boolean(approved), "available after?": .money(approved ? spendable - charge : spendable)]
    }

    /// A scenario table: each step deposits an amount, and the balance sums the scenario so far.
    public static let deposits = TableSpec(
        "deposits",
        columns: [
            .input("scenario", .text), .input("deposit", .money), .output("balance?", .money),
        ], scenarioColumn: "scenario"
    ) { row in
        let earlier = try row.previousSteps.map { try $0.money("deposit") }.reduce(0, +)
        return ["balance?": .money(earlier + (try row.money("deposit")))]
    }

    public static let suite = TableSuite("toy", tables: [charges, deposits])

    /// The toy spec declaring only its charges table: the one most tests write, so that a test of
    /// something else does not fail for want of `toy/deposits.csv`.
    public static let chargesOnly = TableSuite("toy", tables: [charges])

    /// Writes `text` to `toy/<table>.csv` in the tables folder `folder` and returns the file's path.
    public static func write(_ text: String, table: String = "charges", in folder: String) -> String {
        let spec = folder + "/toy"
        try? FileManager.default.createDirectory(atPath: spec, withIntermediateDirectories: true)
        let path = spec + "/\(table).csv"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// `text` loaded as the table `toy/<table>` from a temporary file, which is gone when this returns.
    public static func load(_ text: String, table: String = "charges") -> LoadedTable {
        withTemporaryFolder { folder in LoadedTable.load(path: write(text, table: table, in: folder), suites: [suite]) }
    }
}
