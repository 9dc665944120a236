/// The searches the passes share: how to find a small value that still fails in few evaluations.
enum IntegerSearch {
    /// The least value in `0...current` for which `fails` holds, given that it holds at `current`,
    /// assuming that failing is monotone (true from some threshold on).
    ///
    /// Tries `0`, then `current - 1` and, if that passes, `current - 2` (a value that is already the
    /// least costs three evaluations), then `1` (the answer of "any value but zero"), then
    /// brackets the threshold by halving `current` — a binary search over the number of halvings — and
    /// binary-searches the bracket. A 64-bit value comes down in at most about 70 evaluations from
    /// anywhere, and to a small threshold in about 8 plus its number of bits.
    static func lowest(failingAt current: UInt64, _ fails: (UInt64) async -> Bool) async -> UInt64 {
        guard current > 0 else { return 0 }
        if await fails(0) { return 0 }
        guard current > 1 else { return current }
        guard await fails(current - 1) else {
            // Not monotone after all, perhaps (a difference of exactly one, say): one step further.
            if current > 2, await fails(current - 2) { return current - 2 }
            return current
        }
        if current > 2, await fails(1) { return 1 }
        let high = current - 1
        // Halvings: high >> failing fails, high >> passing passes (it is 0 at the full width).
        var failing = 0
        var passing = UInt64.bitWidth - high.leadingZeroBitCount
        while passing - failing > 1 {
            let middle = (failing + passing) / 2
            if await fails(high >> middle) { failing = middle } else { passing = middle }
        }
        var low = high >> passing
        var top = high >> failing
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
