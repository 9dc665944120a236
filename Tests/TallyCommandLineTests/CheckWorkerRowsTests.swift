import Testing

@testable import TallyCommandLine

/// The check worker's side of running table rows (``CheckWorkerRows``).
@Suite struct CheckWorkerRowsTests {
    /// A request the worker cannot read is answered with why, then the end of the table. Before, it was
    /// answered with the end alone, which the supervisor reported as "the file changed while it ran".
    @Test func anUnreadableRequestIsAnsweredWithWhy() async {
        var sent: [String] = []
        await CheckWorkerRows.run("{\"path\": 7}", suites: []) { sent.append($0) }
        #expect(sent.count == 2 && sent.last == CheckWorkerRows.endLine, "\(sent)")
        #expect(sent.first?.hasPrefix(CheckWorkerRows.refusedPrefix) == true, "\(sent)")
        #expect(sent.first.map { !$0.contains("\n") } == true)
    }
}
