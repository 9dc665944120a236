import Foundation
import TallyTestSupport
import Testing

/// `tally replay` makes, describes and runs the case in a child process first, so that a case that
/// traps is reported, never the end of the command. Before, it made the case's value in its own
/// process to describe it: the replay line `tally check` printed for a generator that traps, pasted,
/// died of SIGILL with the runtime's backtrace, and the failure found was lost.
@Suite struct ReplayCommandTests {
    /// As a newcomer would: `tally check` finds the planted generator trap and prints its replay line;
    /// pasted as printed (without `TALLY_PLANTED_BUGS`), it says the value could not be made, quotes
    /// the runtime's message and the place, prints the line again, and exits 1.
    @Test func thePastedReplayLineOfAGeneratorThatTrapsReportsIt() async throws {
        try await withTemporaryFolder { folder in
            let line = try await Self.generatorTrapReplayLine(in: folder)
            let replay = try await runTallyExecutable(Self.pasted(line))
            #expect(replay.status == 1, "exit 1, not SIGILL (132): \(replay.err.suffix(2_000))")
            // The place is relative to the package only when run from it; this runs in a folder of its own.
            #expect(
                replay.out.hasPrefix(
                    """
                    Replaying planted/planted generator trap.
                    Counterexample:
                      (not known: the value could not be made: its generator crashed)
                    Failure:
                      crashed with signal 4 (SIGILL) while generating the case:
                      Swift runtime failure: arithmetic overflow

                    """ + "  at "), "\(replay.out)")
            #expect(replay.out.contains("Sources/PlantedBugsSpec/PlantedGeneratorTrap.swift:9:"), "\(replay.out)")
            #expect(replay.out.hasSuffix("\n" + line + "\n"), "\(replay.out)")
        }
    }

    /// The replay line `tally check` prints for the planted generator trap, run in `folder`, trimmed.
    static func generatorTrapReplayLine(in folder: String) async throws -> String {
        let check = try await WatchedProcess.run(["check", "--property", "planted generator trap"], in: folder)
        #expect(check.status == 1, "\(check.err.suffix(2_000))")
        let line = try #require(
            check.out.split(separator: "\n").first { $0.contains("Replay: swift run tally replay ") }, "\(check.out)")
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The arguments of a printed `Replay: swift run tally …` line, as a shell would pass them.
    static func pasted(_ line: some StringProtocol) -> [String] {
        (line.components(separatedBy: "swift run tally ").last ?? "").split(separator: " ").map(String.init)
    }
}
