import Fares
import Tally
import TallyTables

/// The fare rules as requirements: a table of riders and a few invariants.
public enum FaresSpec {
    /// `Tables/fares/riders.csv`.
    public static let riders = TableSpec(
        "riders",
        columns: [
            .input("age", .integer), .input("full", .money), .output("price?", .money),
        ]
    ) { row in
        ["price?": .money(Fares.price(age: try row.integer("age"), full: try row.money("full")))]
    }

    /// The table shapes.
    public static let tables = TableSuite("fares", tables: [riders])

    /// No rider pays more than the full fare; rides add up; a pass shows on the ticket.
    public static let suite = PropertySuite(
        "fares",
        properties: [
            Property("no fare above the full fare", Gen.zip(Gen.int(in: 0...120), Gen.int(in: 0...10_000))) {
                age, full in
                try ensure(Fares.price(age: age, full: full) <= full, "price ≤ full")
            },
            Property("rides add up", Gen.zip(Gen.int(in: 0...20), Gen.int(in: 1...1_000))) { rides, full in
                try ensure(Fares.total(rides: rides, full: full) == rides * full, "total = rides × full")
            },
            Property("a pass holder's ticket is marked", Gen.zip(Gen.int(in: 0...1), Gen.int(in: 1...99))) {
                holds, number in
                let ticket = Fares.ticket(name: "Ann", pass: holds == 1 ? Pass(number: number) : nil)
                try ensure(ticket == (holds == 1 ? "Ann (pass)" : "Ann"), "marked only with a pass")
            },
        ])
}
