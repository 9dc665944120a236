import Foundation
import Testing

@testable import Tally

/// A worker names the case killing it on its standard error; its supervisor reads that name back, the
/// last announcement winning, and nothing from a line that only looks like one.
@Suite struct CaseInFlightTests {
    @Test func theAnnouncedTokenIsReadBackFromAmongTheRuntimesLastWords() {
        let token = ReplayToken(propertyID: "planted product traps", choices: [3, 70_000, 40_000])
        let older = ReplayToken(propertyID: "planted product traps", choices: [1])
        let errors = """
            \(CaseInFlight.announcement.command(for: older))
            Fatal error: arithmetic overflow
            \(CaseInFlight.announcement.command(for: token))
            💣 Program crashed: Illegal instruction at 0x00005555
            """
        #expect(CaseInFlight.token(in: errors) == token)
        #expect(CaseInFlight.token(in: "Fatal error: arithmetic overflow\n") == nil)
        #expect(CaseInFlight.token(in: CaseInFlight.prefix + "not-a-token\n") == nil)
    }
}
