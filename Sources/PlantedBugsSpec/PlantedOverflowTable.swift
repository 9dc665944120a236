import TallyTables

/// A requirement table whose engine traps, for testing that a trapping row is reported as that row's
/// failure: `Tables/planted/overflow.csv`, which only tests write (the `tally` command lists this
/// table shape only when `TALLY_PLANTED_BUGS=1`).
///
/// ```
/// id,units,cents?
/// small order,2,100000
/// big order,50000,2500000000
/// ```
enum PlantedOverflowTable {
    /// Prices units at 50,000 cents in 32 bits: traps (SIGILL) for 42,950 units or more, and hangs
    /// forever for fewer than none.
    static let spec = TableSpec("overflow", columns: [.input("units", .integer), .output("cents?", .integer)]) { row in
        let units = try row.integer("units")
        PlantedBugsSpec.hang(while: units < 0)
        let cents = Int32(truncatingIfNeeded: units) * 50_000
        return ["cents?": .integer(Int(cents))]
    }
}

extension PlantedBugsSpec {
    /// The planted tables.
    public static let tables = TableSuite("planted", tables: [PlantedOverflowTable.spec])
}
