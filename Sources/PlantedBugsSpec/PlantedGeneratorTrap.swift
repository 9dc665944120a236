import Tally

extension PlantedBugsSpec {
    /// A generator that traps (SIGILL) for any `n` of 429,497 or more: it scales `n` by 5,000 in 32 bits
    /// while it makes the value, so that such a case never reaches the body. Its failure has no value to
    /// show or shrink, only the token of the random state it was drawn from, which must still replay it
    /// when pasted; promoted (as `n` units of the planted overflow table), it has no row to write.
    static let generatorTrap = Property(
        "planted generator trap", Gen.int(in: 0...1_000_000).map { n in Int32(truncatingIfNeeded: n) * 5_000 },
        promotion: RowPromotion(table: "planted/overflow") { scaled in ["units": "\(scaled / 5_000)"] }
    ) { scaled in
        try ensure(scaled >= 0, "never negative")
    }
}
