import Foundation
import Tally
import Testing

let plantedTrapRequested = ProcessInfo.processInfo.environment["TALLY_PLANTED_TRAP"] == "1"

/// Properties for ``TrapRecoveryTests`` to run in a child test process: one whose body traps, so that
/// it kills its process, and one that passes. They are skipped unless `TALLY_PLANTED_TRAP=1`, which
/// only those children have.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of TrapRecoveryTests"))
struct PlantedTrapProperties {
    /// The planted bug: `Int32` arithmetic that overflows — a trap, not an error — from n = 715_828 on
    /// (715_828 × 3_000 > Int32.max), which is the counterexample recovery must shrink to.
    @Test func overflowingProduct() async {
        await forAll(Gen.int(in: 0...1_000_000)) { n in
            let cents = Int32(n) * 3_000
            #expect(cents >= 0)
        }
    }

    /// One part or two, and a number: the minimal failing case switches to the simpler alternative,
    /// which reads fewer choices, so only regenerating the rest of the case after it (a span pass) reaches it.
    enum Shape: Equatable { case one(Int), two(Int, Int) }
    static let percent = Gen.int(in: 0...100)
    static let shapes = Gen.zip(Gen.oneOf(percent.map(Shape.one), Gen.zip(percent, percent).map(Shape.two)), percent)

    /// Whether a case of ``shapes`` fails: a first part of 50 or more, and a number of exactly 5.
    static func breaks(_ parts: (Shape, Int)) -> Bool {
        switch parts.0 {
        case .one(let x), .two(let x, _): x >= 50 && parts.1 == 5
        }
    }

    /// The planted bug of ``ChildShrinkingTests``: the cases ``breaks(_:)`` picks trap, where the
    /// test fails the same cases in the ordinary way. Both must shrink to `(one(50), 5)`.
    @Test func shapeTraps() async {
        await forAll(Self.shapes) { parts in
            precondition(!Self.breaks(parts), "planted: a shape that traps")
        }
    }

    /// A neighbour that must still run and pass in the run that recovers the trap.
    @Test func neighbourPasses() async {
        await forAll(Gen.int(in: -1_000...1_000)) { n in
            #expect(n - n == 0)
        }
    }
}
