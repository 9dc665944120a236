/// How the choices of one integer draw map to distances from its simplest value (its *origin*), as
/// ``IntegerChoiceMapping`` lays them out; every other choice is *plain* (`below == 0`).
///
/// The shrinker works through this shape to move an integer by an amount of *value*, for example to
/// lower two integers by the same amount, which no arithmetic on the choices does for a range around zero.
@usableFromInline
struct IntegerShape: Hashable, Sendable {
    /// How many values lie below the origin.
    let below: UInt64
    /// How many values lie above the origin.
    let above: UInt64

    /// The shape of a draw of `0...bound` with `below` values under the origin.
    @usableFromInline
    init(bound: UInt64, below: UInt64) {
        self.below = min(below, bound)
        self.above = bound - self.below
    }

    /// The signed distance from the origin of the value that `choice` makes.
    func offset(of choice: UInt64) -> Int128 {
        let shared = min(below, above)
        if choice <= shared * 2 {
            let half = Int128((choice + 1) / 2)
            return choice % 2 == 1 ? half : -half
        }
        return above > below ? Int128(choice - below) : -Int128(choice - above)
    }

    /// The choice that makes the value `offset` away from the origin, or `nil` outside the range.
    func choice(for offset: Int128) -> UInt64? {
        let magnitude = offset.magnitude
        if offset > 0 ? magnitude > UInt128(above) : magnitude > UInt128(below) { return nil }
        let value = UInt64(magnitude)
        if value <= min(below, above) { return offset > 0 ? value * 2 - 1 : value * 2 }
        return offset > 0 ? value + below : value + above
    }

    /// How many values of the range lie below the value `choice` makes: choices in the order of their values.
    @usableFromInline
    func rank(of choice: UInt64) -> UInt64 {
        UInt64(Int128(below) + offset(of: choice))
    }

    /// The choice that makes the value with `rank` values of the range below it.
    @usableFromInline
    func choice(forRank rank: UInt64) -> UInt64 {
        choice(for: Int128(rank) - Int128(below)) ?? 0
    }
}
