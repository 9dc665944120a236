import Fares
import Tally
import TallyTables

/// The fare rules as requirements: a table of riders and one invariant.
public enum FaresSpec {
    /// `Tables/fares/riders.csv`.
    public static let riders = TableSpec("riders", columns: [
        .input("age", .integer), .input("full", .money), .output("price?", .money),
    ]) { row in
        ["price?": .money(Fares.price(age: try row.integer("age"), full: try row.money("full")))]
    }

    /// The table shapes.
    public static let tables = TableSuite("fares", tables: [riders])

    /// No rider pays more than the full fare.
    public static let suite = PropertySuite("fares", properties: [
        Property("no fare above the full fare", Gen.zip(Gen.int(in: 0...120), Gen.int(in: 0...10_000))) { age, full in
            try ensure(Fares.price(age: age, full: full) <= full, "price ≤ full")
        },
    ])
}
