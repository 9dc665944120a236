import Testing

@testable import Tally

/// How the shrinker finds a small integer that still fails.
@Suite struct IntegerSearchTests {
    /// Runs the search, counting its evaluations.
    func lowest(from current: UInt64, _ fails: @escaping (UInt64) -> Bool) async -> (value: UInt64, evaluations: Int) {
        var evaluations = 0
        let value = await IntegerSearch.lowest(failingAt: current) { candidate in
            evaluations += 1
            return fails(candidate)
        }
        return (value, evaluations)
    }

    @Test func aThresholdIsFoundByBisection() async {
        let found = await lowest(from: 1_000_000) { $0 >= 137 }
        #expect(found.value == 137)
        #expect(found.evaluations <= 45, "\(found.evaluations) evaluations")
    }

    /// A value that fails at some digits only — a decimal whose aligned digits overflow its mantissa, a
    /// bit pattern — passes one below; halving still gets it down. Before, the search gave up at once.
    @Test func aValueThatFailsOnlyAtSomeDigitsIsHalved() async {
        let found = await lowest(from: 1024) { $0 % 8 == 0 && $0 >= 64 }
        #expect(found.value == 64)
        let odd = await lowest(from: 999) { $0 == 999 }
        #expect(odd.value == 999)
        #expect(odd.evaluations == 4, "0, 998, 997 and 499: \(odd.evaluations)")
    }

    /// A failure that comes back every other value — an odd amount of cents — passes one below and
    /// fails two below: the search goes on over every other value. Before, it stepped down two at a
    /// time, an evaluation a step, and $3,961.87 used up the 20,000 attempts.
    @Test func aFailureOfEveryOtherValueComesDownByHalves() async {
        let odd = await lowest(from: 396_187) { $0 % 2 == 1 }
        #expect(odd.value == 1)
        #expect(odd.evaluations <= 8, "\(odd.evaluations) evaluations")
        let even = await lowest(from: 1_000_000) { $0 % 2 == 0 && $0 >= 500 }
        #expect(even.value == 500)
        #expect(even.evaluations <= 50, "\(even.evaluations) evaluations")
    }
}
