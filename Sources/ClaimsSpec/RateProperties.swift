import Claims
import Tally
import TallyTables

/// Coinsurance rates: how they print and order. A counterexample promoted into a table writes the
/// plan's rate as the engine prints it, so it must be the tables' own percentage (`20%`, `12.5%`,
/// `0.05%`), read back as the same rate.
enum RateProperties {
    static var all: [Property] { [printsAsTables] }

    /// Every rate of a hundred consecutive basis points (so every pattern of decimals) prints as a
    /// table's percentage cell, and orders by its basis points.
    static let printsAsTables = Property(
        "a rate prints as a table's percentage and orders by basis points", Gen.int(in: 0...99)
    ) { block in
        for value in (block * 100)...(block * 100 + 100) {
            let rate = try BasisPoints(value)
            try ensureEqual(
                rate.description, CellKind.percent.format(.percent(value)), "the rate of \(value) basis points as text")
            try ensure(!(rate < rate), "\(rate) < \(rate)")
            if value < 10_000 { try ensure(rate < (try BasisPoints(value + 1)), "\(rate) < the next basis point") }
        }
    }
}
