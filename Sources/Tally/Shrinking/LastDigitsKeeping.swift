extension Shrinker {
    /// **Keep the last digits**: replaces an integer by one of its last digits (its last digit, its last
    /// two, and so on) or its remainders by 2 to 6 and by the integers near it, least first, until one
    /// fails; an amount tries ten lower, then twenty lower, keeping its last digit, right after its least
    /// candidate, and lowers its last digit when that brought it down (see <doc:HowTallyShrinks>).
    ///
    /// An amount may fail for its cents alone — $270.15 at 30% coinsurance lands a share on half a cent,
    /// as $0.05 does — while every amount near it passes, so no descent reaches them. Over amounts it runs
    /// every round, right after **move a product**: waiting until every other pass was stuck let the
    /// lowerings spend most of a shrink stepping through amounts that this pass skips.
    ///
    /// When it brings an amount down, **move a product** runs again at once: the amount's product with a
    /// rate is what that pass moves, and it changed. Waiting for the next round let **redistribute** and
    /// the lowerings step the pair down value by value first.
    ///
    /// `wide` picks the integers whose range spans more than ``amountLimit`` (a 64-bit value, an
    /// `Int.max` range), tried only as a last resort, where every other pass is stuck: there the candidates
    /// cost many evaluations for failures that rarely hang on decimal digits.
    func keepLastDigits(wide: Bool) async {
        let before = best.choices
        var index = 0
        while index < best.choices.count, !isExhausted {
            let base = best
            let offset = base.offset(at: index)
            if base.bound(at: index) > 2, (base.bound(at: index) > Self.amountLimit) == wide, offset.magnitude > 2,
                !governsLength(at: index)
            {
                // A percentage's remainders are values the lowerings reach in a few steps anyway:
                // tried every round, they cost more than they find (invoice 74 -> 63 evaluations, vat 37 -> 28).
                let small = Self.lastDigitsOnly.contains(base.bound(at: index))
                let digitsKept =
                    small
                    ? Self.decimalTails(of: offset.magnitude)
                    : Self.lastDigits(of: offset.magnitude, residuesBy: neighbours(of: index, in: base))
                let candidates = digitsKept.lazy.compactMap { digits -> [UInt64]? in
                    guard let choice = base.shape(at: index).choice(for: offset < 0 ? -Int128(digits) : Int128(digits))
                    else { return nil }
                    var candidate = base.choices
                    candidate[index] = choice
                    return candidate
                }
                var kept = false
                // An amount that fails for its size as well as its last digits fails one stride lower, and every
                // candidate below its size passes: after the least candidate, one stride down comes first. Where
                // a half-to-even rounding decides, every other stride fails (the quotient's parity), so two
                // strides down comes next.
                var rest = candidates.makeIterator()
                var strode = false
                if !small, let least = rest.next() {
                    kept = await consider(least)
                    if !kept {
                        kept = await lowerKeepingLastDigits(at: index, moduli: [10, 20])
                        strode = kept
                    }
                }
                while !kept, !isExhausted, let candidate = rest.next() { kept = await consider(candidate) }
                if !kept { strode = await lowerKeepingLastDigits(at: index) }
                if strode, !small { await lowerLastDigit(at: index) }
            }
            index += 1
        }
        if !wide, best.choices != before, !isExhausted { await moveProducts() }
    }

    /// The widest range, in choices, of an integer whose last digits are kept every round: ten million
    /// dollars in cents.
    static let amountLimit: UInt64 = 1_000_000_000

    /// The bounds of the ranges whose integers keep only their last digits, not their remainders: a
    /// percentage, a day of the month, a pick among a few tasks. Their remainders are values the lowerings
    /// reach in a few steps anyway (a rate of 1 to 10% tried at 2, 4 and 5% before **lower choices** tried
    /// 1, 9 and 8%: late fee 51 -> 49 evaluations); above, the range holds amounts that fail every few
    /// cents.
    static let lastDigitsOnly: PartialRangeThrough<UInt64> = ...100

    /// Lowers integer `index` over the values that end in its last digit, or else its last two, as far as
    /// still fails: a balance of $250.41 whose minimum payment rounds down below the exact one fails at
    /// every balance above $250.00 that ends in 1 to 4 cents, and at none between, so the least, $250.01,
    /// lies 40 cents and many passing values away. Tried only when one step of the stride still fails;
    /// whether it was.
    @discardableResult
    private func lowerKeepingLastDigits(at index: Int, moduli: [UInt64] = [10, 100]) async -> Bool {
        // In 64 bits: a 128-bit integer held across a suspension in a closure's context crashed (misaligned).
        for modulus: UInt64 in moduli where !isExhausted {
            let base = best
            let negative = base.isNegative(at: index), magnitude = base.magnitude(at: index)
            guard magnitude > modulus else { return false }
            let kept = magnitude % modulus
            let lower = { (steps: UInt64) in
                base.choices(setting: [index], toMagnitude: kept + modulus * steps, negative: negative)
            }
            let steps = magnitude / modulus
            guard let once = lower(steps - 1), await consider(once) else { continue }
            // The search from the value first asks whether one step lower fails, where it tells a threshold
            // from a failure at some values only: that step is `once`, which just failed. Asked from `once`,
            // it spent an evaluation two steps lower (late fee 52 -> 51 evaluations).
            _ = await IntegerSearch.lowest(failingAt: steps) { lowered in
                guard lowered != steps - 1 else { return true }
                guard let candidate = lower(lowered) else { return false }
                return await consider(candidate)
            }
            return true
        }
        return false
    }

    /// Lowers integer `index`'s last digit, the digits above it kept, as far as it still fails; tried when
    /// a stride search brought the integer down. The search keeps the last digit, and a balance of $250.03
    /// whose minimum payment rounds down fails at $250.01 too: lowered here, every pass after this one meets
    /// the least case in this round, where the lowerings found it one round later and each pass tried its
    /// candidates at both (late fee 66 -> 57 evaluations).
    private func lowerLastDigit(at index: Int) async {
        let base = best
        let negative = base.isNegative(at: index), magnitude = base.magnitude(at: index)
        let digit = magnitude % 10
        guard magnitude > 10, digit > 0 else { return }
        let fails = { (lowered: UInt64) async -> Bool in
            guard
                let candidate = base.choices(
                    setting: [index], toMagnitude: magnitude - digit + lowered, negative: negative)
            else { return false }
            return await self.consider(candidate)
        }
        // One below first: where the last digit is what fails, this is the one evaluation spent.
        guard await fails(digit - 1) else { return }
        _ = await IntegerSearch.lowest(failingAt: digit - 1, fails)
    }

    /// The values of the integers near `index` (four either side) above 6: what an amount's remainder by
    /// a count in the same case may hang on.
    private func neighbours(of index: Int, in base: FailingCase) -> [UInt128] {
        let near = max(0, index - 4)..<min(base.choices.count, index + 5)
        return near.compactMap { other in
            let value = base.value(at: other).magnitude
            return other != index && base.bound(at: other) > 2 && value > 6 ? UInt128(value) : nil
        }
    }

    /// The last digits of `magnitude` short of all of them, up to six (a share of an amount in cents at a
    /// rate in millionths), then its remainders by 2 to 6 (a failure that comes back every few cents: an
    /// odd amount, every fourth cent) and by `residuesBy` (a pack price rounded per item fails by its
    /// remainder by the count: $124.63 for 22 as 11 cents for 22, $2.00 for 16 as 8 cents), least first,
    /// none zero or repeated: 1, 2, 7, 37, … for 4,537. Remainders by 7 to 16 for every amount cost every
    /// round more than they found once the counts beside it were tried (over `tally-bench money`, late
    /// fee 57 -> 52 evaluations, basis points 41 -> 37; over the shrinking challenge, bound5_triples
    /// 153 -> 141, bound3 84 -> 77).
    static func lastDigits(of magnitude: UInt128, residuesBy divisors: [UInt128] = []) -> [UInt128] {
        var kept = Set(decimalTails(of: magnitude, upTo: 1_000_000))
        for divisor in Array(2...6) + divisors where divisor < magnitude { kept.insert(magnitude % divisor) }
        kept.remove(0)
        return kept.sorted()
    }

    /// The remainders of `magnitude` by 10, 100, 1000 and on, while the modulus is below `magnitude` and
    /// at most `limit`: its last digit, its last two, and so on, fewest first, none zero or the same as the
    /// one before. The digits that **keep the last digits** and **move a product** keep.
    static func decimalTails(of magnitude: UInt128, upTo limit: UInt128 = .max) -> [UInt128] {
        var tails: [UInt128] = []
        var modulus: UInt128 = 10
        while modulus < magnitude, modulus <= limit {
            let kept = magnitude % modulus
            if kept != 0, kept != tails.last { tails.append(kept) }
            let (next, overflow) = modulus.multipliedReportingOverflow(by: 10)
            if overflow { break }
            modulus = next
        }
        return tails
    }
}
