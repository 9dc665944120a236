import Foundation
@testable import Tally
import Testing

/// ``ChildRun``: a child run to its end, with its output, a time limit, and a link that it can watch.
@Suite struct ChildRunTests {
    @Test func itsOutputAndErrorsAreCollectedAndItsStatusReported() throws {
        let run = try ChildRun.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"])
        #expect(run.output == "out\nerr\n")
        #expect(run.ending == .status(3))
        #expect(!run.timedOut && !run.stopped && !run.succeeded)
    }

    @Test func aChildPastItsTimeLimitIsKilledAndSaysSo() throws {
        let run = try ChildRun.run(["/bin/sleep", "30"], timeLimit: 0.3)
        #expect(run.timedOut)
        #expect(run.ending == .signal(SIGKILL))
        #expect(run.seconds < 10)
    }

    /// A linked child's standard input stays open while this process lives (a child that watches it
    /// learns this process is gone when it ends); an unlinked one reads the end of /dev/null at once.
    @Test func aLinkedChildsInputEndsOnlyWithThisProcess() throws {
        let unlinked = try ChildRun.run(["/bin/sh", "-c", "read line; echo read $?"], timeLimit: 10)
        #expect(unlinked.output == "read 1\n")
        let linked = try ChildRun.run(["/bin/sh", "-c", "read line; echo read $?"], timeLimit: 0.5, linked: true)
        #expect(linked.timedOut, "\(linked.output)")
    }

    @Test func aChildThatCannotStartIsAnError() {
        #expect(throws: (any Error).self) { try ChildRun.run(["/nonexistent/tally"]) }
    }
}
