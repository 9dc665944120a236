/// The searches the passes share: how to find a small value that still fails in few evaluations.
enum IntegerSearch {
    /// The least value in `0...current` for which `fails` holds, given that it holds at `current`,
    /// assuming that failing is monotone (true from some threshold on); <doc:HowTallyShrinks> tells the
    /// order of the tries. A 64-bit value comes down in at most about 70 evaluations from anywhere.
    static func lowest(failingAt current: UInt64, _ fails: (UInt64) async -> Bool) async -> UInt64 {
        guard current > 0 else { return 0 }
        if await fails(0) { return 0 }
        guard current > 1 else { return current }
        guard await fails(current - 1) else {
            // Not monotone after all, perhaps (a difference of exactly one, say): one step further.
            if current > 2, await fails(current - 2) {
                // A failure that comes back every other value (an odd amount of cents, say): the search
                // goes on over those values alone, where stepping down two at a time took one evaluation
                // a step ($3,961.87 took 20,000).
                let parity = current % 2
                return parity + 2 * (await lowest(failingAt: current / 2) { half in await fails(parity + 2 * half) })
            }
            // A value that fails at some digits only (a decimal that overflows its mantissa, a bit pattern)
            // may still fail at half its size: halve while it does; the next round searches from there.
            var failing = current
            while failing > 3, await fails(failing / 2) { failing /= 2 }
            return failing
        }
        if current > 2, await fails(1) { return 1 }
        let high = current - 1
        guard high >= 4 else { return await bisect(passing: 1, failing: high, fails) }
        if await fails(high / 2) {
            // Near zero: halvings, high >> failing fails and high >> passing passes (0 at full width).
            var failing = 1
            var passing = UInt64.bitWidth - high.leadingZeroBitCount
            while passing - failing > 1 {
                let middle = (failing + passing) / 2
                if await fails(high >> middle) { failing = middle } else { passing = middle }
            }
            return await bisect(passing: max(high >> passing, 1), failing: high >> failing, fails)
        }
        // Near the top, as when another value bounds this one: down from it in doubling steps.
        var failing = high, step: UInt64 = 2
        var passing = high / 2
        while failing - passing > step {
            if await fails(failing - step) { failing -= step; step *= 2 } else { passing = failing - step; break }
        }
        return await bisect(passing: passing, failing: failing, fails)
    }

    /// The least failing value in `passing + 1 ... failing`, by binary search.
    private static func bisect(passing: UInt64, failing: UInt64, _ fails: (UInt64) async -> Bool) async -> UInt64 {
        var low = passing, top = failing
        while top - low > 1 {
            let middle = low + (top - low) / 2
            if await fails(middle) { top = middle } else { low = middle }
        }
        return top
    }

    /// The largest `n` for which `holds` is true, given that it is true at 0: a few steps one at a time,
    /// then doubling, then a binary search, so that `n` costs about `2 log₂ n` evaluations.
    static func largest(limit: UInt64 = .max, _ holds: (UInt64) async -> Bool) async -> UInt64 {
        for step in UInt64(1)...4 {
            guard step <= limit, await holds(step) else { return step - 1 }
        }
        var low: UInt64 = 4
        var high: UInt64 = 8
        while high <= limit, await holds(high) {
            low = high
            guard high <= limit / 2 else { return high }
            high *= 2
        }
        high = min(high, limit &+ 1 == 0 ? .max : limit + 1)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if await holds(middle) { low = middle } else { high = middle }
        }
        return low
    }
}
