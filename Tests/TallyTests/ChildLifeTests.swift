import Foundation
import Testing

@testable import Tally

/// ``ChildLife``: how every child of Tally starts and ends.
@Suite struct ChildLifeTests {
    /// A child gets only the descriptors it is given. A pipe this process holds open, as a test's
    /// `Process` does while it starts its own child, must not live on in an unrelated child: a `swiftc`
    /// that inherited one kept a test from seeing its child end until the compiler did.
    @Test func aChildInheritsNoDescriptorItWasNotGiven() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let run = try ChildRun.run(["/bin/ls", "/proc/self/fd"])
        // ls's own descriptors: the three it was given, and the folder it lists.
        #expect(run.output.split(separator: "\n") == ["0", "1", "2", "3"], "\(run.output)")
    }
}
