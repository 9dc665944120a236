extension Shrinker {
    /// **Keep the last digits**: replaces an integer by its last digit, its last two, and so on, fewest
    /// first, for as long as none fails (see <doc:HowTallyShrinks>).
    ///
    /// An amount may fail for its cents alone — $270.15 at 30% coinsurance lands a share on half a cent,
    /// as $0.05 does — while every amount near it passes, so no descent reaches them. A last resort: it
    /// runs only where every other pass is stuck.
    func keepLastDigits() async {
        var index = 0
        while index < best.choices.count, !isExhausted {
            let base = best
            let offset = base.offset(at: index)
            if base.bound(at: index) > 10, offset.magnitude > 10, !governsLength(at: index) {
                for kept in Self.lastDigits(of: offset.magnitude) where !isExhausted {
                    guard let choice = base.shape(at: index).choice(for: offset < 0 ? -Int128(kept) : Int128(kept)) else { continue }
                    var candidate = base.choices
                    candidate[index] = choice
                    if await consider(candidate) { break }
                }
            }
            index += 1
        }
    }

    /// The last digits of `magnitude` short of all of them, up to six (a share of an amount in cents at a
    /// rate in millionths), fewest first, none zero or repeated: 37 and 537 for 4,537; 5 for 305.
    static func lastDigits(of magnitude: UInt128) -> [UInt128] {
        var digits: [UInt128] = []
        var modulus: UInt128 = 10
        while modulus < magnitude, modulus <= 1_000_000 {
            let kept = magnitude % modulus
            if kept != 0, kept != digits.last { digits.append(kept) }
            modulus *= 10
        }
        return digits
    }
}
