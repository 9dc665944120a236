import Foundation
import TallyTestSupport
import Testing

@testable import Tally

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

    /// A quiet limit kills a child whose file stops growing, however long it has run, and leaves one
    /// that keeps adding to it running past the limit.
    @Test func aChildIsKilledWhenItsProgressStopsForTheQuietLimit() throws {
        try withTemporaryFolder { folder in
            let file = folder + "/events"
            let progressing = try ChildRun.run(
                ["/bin/sh", "-c", "for i in 1 2 3 4 5 6 7 8; do echo $i >> '\(file)'; sleep 0.2; done"],
                quiet: .growing(file, seconds: 1))
            #expect(progressing.succeeded && !progressing.timedOut, "\(progressing.ending.description)")
            #expect(progressing.seconds > 1, "ran past the quiet limit, making progress")
            let stuck = try ChildRun.run(
                ["/bin/sh", "-c", "echo 1 >> '\(file)'; sleep 0.3; echo 2 >> '\(file)'; exec sleep 30"],
                quiet: .growing(file, seconds: 0.5))
            #expect(stuck.timedOut)
            #expect(stuck.ending == .signal(SIGKILL))
            #expect(
                stuck.seconds > 0.8 && stuck.seconds < 10,
                "killed half a second after its last line, not before: \(stuck.seconds)")
        }
    }

    /// A quiet limit on the output kills a child that stops printing, and leaves one that keeps
    /// printing running past the limit: how an XCTest run, which prints as each case starts and ends, is watched.
    @Test func aChildIsKilledWhenItsOutputStopsForTheQuietLimit() throws {
        let printing = try ChildRun.run(
            ["/bin/sh", "-c", "for i in 1 2 3 4 5 6 7 8; do echo $i; sleep 0.2; done"], quiet: .output(seconds: 1))
        #expect(printing.succeeded && !printing.timedOut, "\(printing.ending.description)")
        #expect(printing.seconds > 1, "ran past the quiet limit, printing")
        let stuck = try ChildRun.run(
            ["/bin/sh", "-c", "echo 1; sleep 0.3; echo 2; exec sleep 30"], quiet: .output(seconds: 0.5))
        #expect(stuck.timedOut && stuck.output == "1\n2\n")
        #expect(
            stuck.seconds > 0.8 && stuck.seconds < 10,
            "killed half a second after its last line, not before: \(stuck.seconds)")
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
