import Testing

@testable import TallyCommandLine

@Suite struct FuzzJobTests {
    /// A time is printed as it was typed, up to milliseconds: `--case-timeout 0.25s` once read "the 0.2 s
    /// case timeout".
    @Test func secondsKeepWhatWasTyped() {
        #expect(FuzzJob.seconds(10) == "10 s")
        #expect(FuzzJob.seconds(1.5) == "1.5 s")
        #expect(FuzzJob.seconds(0.25) == "0.25 s")
        #expect(FuzzJob.seconds(0.001) == "0.001 s")
    }
}
