import Tally

/// The same bug twice, once as a trap and once as a thrown failure: the product of two prices in cents,
/// computed in 32 bits. Run by `tally check` and `tally fuzz`, a trap, shrunk in child processes, must
/// shrink to the same case as the thrown failure, shrunk in process (see `CaseRecovery`).
enum PlantedTwins {
    static let prices = Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 0...100_000))

    /// Traps (SIGILL) when the product of the two prices leaves `Int32`.
    static let trapping = Property("planted product traps", prices) { a, b in
        let product = Int32(a) * Int32(b)
        try ensure(product >= 0, "never negative")
    }

    /// Fails, without crashing, for the same pairs as ``trapping``.
    static let throwing = Property("planted product throws", prices) { a, b in
        try ensure(Int64(a) * Int64(b) <= Int64(Int32.max), "the product fits in 32 bits")
    }

    /// A spec of its own, so that the runs of the planted spec stay as they are.
    static let suite = PropertySuite("planted-twins", properties: [trapping, throwing])
}

extension PlantedBugsSpec {
    /// The trap and the thrown failure of the same bug (``PlantedTwins``).
    public static var twinsSuite: PropertySuite { PlantedTwins.suite }
}
