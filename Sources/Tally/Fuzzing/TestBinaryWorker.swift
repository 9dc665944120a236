import Foundation
import Synchronization

#if os(Linux)
import Glibc
#endif

/// A test binary started by `tally fuzz` as the fuzz worker of one of its properties: `swift test`'s own
/// binary, filtered to the test that holds the property, with ``variable`` giving the worker's
/// ``FuzzWorkerOrder``. That property runs ``FuzzWorker`` in place of its search, and the process ends
/// with the worker's status; every other property of the test stays idle.
package enum TestBinaryWorker {
    /// The environment variable that makes a test process a fuzz worker: the order, as JSON.
    package static let variable = "TALLY_FUZZ_WORKER"

    /// The order this process was started with, if it was started as a worker by its parent (a
    /// grandchild inheriting the variable is not one: the variable is removed once read).
    static let order: FuzzWorkerOrder? = {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment[variable] else { return nil }
        unsetenv(variable)
        guard let parent = environment[ChildLife.parentVariable].flatMap({ Int32($0) }), getppid() == parent else {
            return nil
        }
        return try? JSONDecoder().decode(FuzzWorkerOrder.self, from: Data(text.utf8))
    }()

    /// Fuzzes `property` when this process is a worker for it, then exits with the worker's status;
    /// whether this process is a worker at all (then a property it is not for does not run).
    static func serveIfAsked(
        _ property: @autoclosure () -> Property, inScope scope: (@Sendable () async -> Void) async -> Void
    ) async -> Bool {
        guard let order else { return false }
        let property = property()
        guard order.property == ReplayToken.hash(of: property.id) else { return true }
        let status = Mutex<Int32>(0)
        await scope {
            let link = SupervisorLink()
            let ended = await FuzzWorker.run(property, order: order, link: link)
            status.withLock { $0 = ended }
        }
        exit(status.withLock { $0 })
    }
}
