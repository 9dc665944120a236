import Foundation
import Tally

/// Properties with bugs planted on purpose, for testing the nightly fuzz itself: one traps on
/// integer overflow, one hangs, one fails normally, one traps at once, one traps only
/// while shrinking, one traps in its generator, before the value is made, and one, the control, holds.
/// A slow one has a spec of its own (`planted-slow`). The `tally` command lists them only when
/// `TALLY_PLANTED_BUGS=1`, so they never run in a real check or nightly job.
public enum PlantedBugsSpec {
    /// Multiplies in 32 bits: traps (SIGILL) for any `n` of 42,950 or more.
    static let overflow = Property("planted overflow", Gen.int(in: 0...1_000_000)) { n in
        let scaled = Int32(truncatingIfNeeded: n) * 50_000
        try ensure(scaled >= 0, "never negative")
    }

    /// Hangs for any `n` above 990,000.
    static let hang = Property("planted hang", Gen.int(in: 0...1_000_000)) { n in
        hang(while: n > 990_000)
    }

    /// Never returns when `condition` holds: a planted hang. It naps rather than spins: a supervisor
    /// sees the same silence either way, the suite's many planted hangs leave the cores to the tests
    /// beside them (spinning, they were a third of the suite's processor time), and a test can tell a
    /// child is in the hang by the nap (no other thread of a worker or evaluator sleeps so).
    static func hang(while condition: Bool) {
        while condition { usleep(1_000) }
    }

    /// Fails, without crashing, for lists whose sum exceeds 100.
    static let ordinary = Property("planted ordinary failure", Gen.int(in: 0...100).array(length: 0...10)) { list in
        try ensure(list.reduce(0, +) <= 100, "sum ≤ 100")
    }

    /// Unwraps the first element of a list that may be empty: traps on the very first case, which is
    /// already as simple as a case gets.
    static let forceUnwrap = Property("planted force unwrap", Gen.int(in: 0...100).array()) { list in
        try ensure(list.first! >= 0, "never negative")
    }

    /// Fails for `n` of 500,000 or more, and divides by zero for 499,999, just below: a case that
    /// shrinking tries when it pins the threshold and a search almost never draws — a smaller case that
    /// kills the worker while it shrinks a failure.
    static let trapWhileShrinking = Property("planted trap while shrinking", Gen.int(in: 0...1_000_000)) { n in
        if n == 499_999 { _ = 100 / (n - 499_999) }
        try ensure(n < 500_000, "n < 500000")
    }

    /// Holds for every case: a run that finds nothing, for testing what stops or ends such a run.
    static let control = Property("planted control", Gen.int(in: 0...1_000_000)) { n in
        try ensure(n >= 0, "never negative")
    }

    /// Fails for `n` of 500,000 or more, each failing case taking five seconds, longer than a worker
    /// has to answer a stop request: for stopping a run while its worker is shrinking a failure.
    static let slowShrink = Property("planted slow shrink", Gen.int(in: 0...1_000_000)) { n in
        if n >= 500_000 { usleep(5_000_000) }
        try ensure(n < 500_000, "n < 500000")
    }

    /// A spec of its own, so that the runs of the planted spec stay quick.
    public static let slowSuite = PropertySuite("planted-slow", properties: [slowShrink])

    /// The planted properties.
    public static let suite = PropertySuite(
        "planted", properties: [overflow, hang, ordinary, forceUnwrap, trapWhileShrinking, control, generatorTrap])
}
