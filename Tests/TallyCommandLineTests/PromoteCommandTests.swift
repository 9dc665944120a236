import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// `tally promote` of a token of a random state makes the case in a child process first. Before, it
/// made the value in its own process: the planted generator trap's token, pasted from `tally check`'s
/// replay line into a promote, died of SIGILL with the runtime's backtrace.
@Suite struct PromoteCommandTests {
    /// As a tired user would: `tally check` prints the replay line of the planted generator trap, and its
    /// token goes into a promote into the table the property promotes into. The promote refuses in one
    /// message that says why and how to see it, exits 2 as its other refusals do, and writes nothing.
    @Test func aCaseWhoseGeneratorTrapsIsRefusedAndNothingIsWritten() async throws {
        try await withTemporaryFolder { folder in
            let replay = ReplayCommandTests.pasted(try await ReplayCommandTests.generatorTrapReplayLine(in: folder))
            try RowTrapTests.writePlantedTable(in: folder)
            let path = "Tables/planted/overflow.csv"
            // Under TALLY_PLANTED_BUGS=1, as the check ran: only then does the tool know the planted table.
            let promote = try await WatchedProcess.run(["promote", replay[1], "--table", path], in: folder)
            #expect(promote.status == 2, "exit 2, not SIGILL (132): \(promote.err.suffix(2_000))")
            #expect(
                promote.err
                    == "tally promote: error: planted/planted generator trap could not make the value of this case, "
                    + "so there is no row to write (crashed with signal 4 (SIGILL) while generating the case). "
                    + "Fix the generator; the replay shows why: swift run tally replay \(replay[1])\n",
                "\(promote.err.suffix(2_000))")
            #expect(promote.out.isEmpty, "\(promote.out)")
            #expect(try String(contentsOfFile: folder + "/" + path, encoding: .utf8) == RowTrapTests.table)
        }
    }

    /// A token of a random state whose generator makes its value is promoted as before: the row holds
    /// the value the child made (regenerated here from its choices, which cannot trap).
    @Test func aCaseMadeInTheChildIsPromoted() async throws {
        // A random state the planted generator makes a value of, and one its table's engine prices without
        // trapping (under 42,950 units): that engine fills the row's expected cell in this process. Not 0,
        // the value of no choices, which a promote that lost the child's choices would write too.
        let (seed, units) = try #require(Self.seed(making: 1..<42_950))
        let token = ReplayToken(propertyID: "planted generator trap", randomStart: RandomSource(seed: seed))
        try await withTemporaryFolder { folder in
            try RowTrapTests.writePlantedTable("id,units,cents?,status\nsmall order,2,100000,\n", in: folder)
            let path = "Tables/planted/overflow.csv"
            let promote = try await WatchedProcess.run(["promote", token.description, "--table", path], in: folder)
            #expect(promote.status == 0, "\(promote.err.suffix(2_000))")
            #expect(
                promote.out.hasPrefix(
                    "Added \(path):3 with status review:\n  inputs: units \(units)\n"
                        + "  expected (the engine's answer today): cents? \(units * 50_000)\n"), "\(promote.out)")
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            #expect(text.hasSuffix(",\(units),\(units * 50_000),review\n"), "\(text)")
        }
    }

    /// The engine fills the new row's expected cells in this process, before anything is written. Before,
    /// promote wrote the row, then ran the engine: one that trapped on it (the planted overflow table's,
    /// at 42,950 units or more) died of SIGILL with a `review` row with empty expected cells left in the
    /// table. Now the trap still ends promote, but it names the row's inputs, says nothing was written,
    /// and the table is byte for byte as it was.
    @Test func anEngineThatTrapsOnTheNewRowLeavesTheTableAsItWas() async throws {
        // A random state the planted generator makes a value of (under 429,497 units) but whose row the
        // table's engine traps on (42,950 units or more).
        let (seed, units) = try #require(Self.seed(making: 42_950..<429_497))
        let token = ReplayToken(propertyID: "planted generator trap", randomStart: RandomSource(seed: seed))
        try await withTemporaryFolder { folder in
            let table = "id,units,cents?,status\nsmall order,2,100000,\n"
            try RowTrapTests.writePlantedTable(table, in: folder)
            let path = "Tables/planted/overflow.csv"
            let promote = try WatchedProcess(["promote", token.description, "--table", path], in: folder)
            defer { promote.stop() }
            #expect(await promote.waitForEnd(), "tally promote ended")
            #expect(promote.endedBySignal, "\(promote.standardOutput) \(promote.standardError.suffix(2_000))")
            #expect(
                promote.standardError.contains(
                    """
                    Tally: a trap (SIGILL) ended `tally promote` while the engine answered the new row for \
                    \(path) (units \(units)): nothing was written.
                      The engine crashes on these inputs: a row of them in the table, run with \
                    `tally tables run`, shows where.

                    """), "\(promote.standardError.suffix(2_000))")
            #expect(try String(contentsOfFile: folder + "/" + path, encoding: .utf8) == table)
        }
    }

    /// The first seed whose random state the planted generator makes a value of `units` in, and that value.
    private static func seed(making units: Range<Int>) -> (UInt64, Int)? {
        (UInt64(1)...10_000).lazy.compactMap { seed -> (UInt64, Int)? in
            var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
            let value = Gen.int(in: 0...1_000_000).generate(&source)
            return units.contains(value) ? (seed, value) : nil
        }.first
    }
}
