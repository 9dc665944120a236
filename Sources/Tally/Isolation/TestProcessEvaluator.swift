import Foundation

#if os(Linux)
import Glibc
#endif

/// The test binary re-executed, as `swift test` runs it, on the one test that holds a property, with
/// `TALLY_EVALUATE` telling that property to answer the ``EvaluationProtocol`` on a socket instead of
/// searching (and every other property to stay idle).
package enum TestProcessEvaluator {
    /// The environment variable that makes a process an evaluator: `<property hash> <descriptor> <parent pid>`.
    static let variable = "TALLY_EVALUATE"

    /// What this process was started to evaluate, if it is an evaluator (a grandchild inheriting the
    /// variable is not one).
    static let request: (propertyHash: String, descriptor: Int32)? = {
        #if os(Linux)
        let parts = ProcessInfo.processInfo.environment[variable]?.split(separator: " ") ?? []
        guard parts.count == 3, let descriptor = Int32(parts[1]), let parent = Int32(parts[2]), getppid() == parent
        else { return nil }
        // Die with the parent even in the middle of a hung case, and close the race where it died first.
        dieWithParent()
        guard getppid() == parent else { exit(0) }
        return (String(parts[0]), descriptor)
        #else
        return nil
        #endif
    }()

    /// Serves `engine`'s evaluations when this process is an evaluator for `propertyID`; whether it is
    /// an evaluator at all.
    static func serveIfAsked(_ engine: AnyPropertyEngine, propertyID: String) async -> Bool {
        guard let request else { return false }
        guard request.propertyHash == ReplayToken.hash(of: propertyID) else { return true }
        #if os(Linux)
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        await EvaluationProtocol.serve(
            engine, propertyID: propertyID,
            readLine: {
                while true {
                    if let newline = pending.firstIndex(of: 10) {
                        defer { pending.removeSubrange(...newline) }
                        return String(decoding: pending[..<newline], as: UTF8.self)
                    }
                    let count = read(request.descriptor, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return nil }
                    pending += chunk[..<count]
                }
            }, send: { line in ChildDescriptors.send(Array((line + "\n").utf8), to: request.descriptor) })
        #endif
        return true
    }

    /// An evaluator of `propertyID`'s cases that re-executes this test binary on the test `testID` (a
    /// `Test.ID` description), with the runtime's `backtraces` or without. A child that takes longer than
    /// `caseTimeout` over one case (60 seconds to start) is killed, and the case counts as hung.
    /// `executable` is this test binary unless given, run with `environment` added.
    package static func evaluator(
        propertyID: String, testID: String, backtraces: Bool, caseTimeout: Duration = .seconds(10),
        executable: String? = nil, environment: [String: String] = [:]
    ) -> ChildEvaluator {
        ChildEvaluator(propertyID: propertyID, timeout: caseTimeout, startupTimeout: .seconds(60)) {
            #if os(Linux)
            let executable =
                executable ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? "/proc/self/exe"
            let filter = ReplayLine.swiftTestFilter(exactly: testID)
            return try ChildProcess(
                executable: executable,
                arguments: [executable, "--testing-library", "swift-testing", "--filter", filter]
            ) { descriptor in
                environment.merging([
                    variable: "\(ReplayToken.hash(of: propertyID)) \(descriptor) \(getpid())",
                    "SWIFT_BACKTRACE": ChildProcess.backtraceSetting(backtraces),
                ]) { $1 }
            }
            #else
            throw ChildProcessError(reason: "re-executing the test binary is supported on Linux only")
            #endif
        }
    }
}

/// Runs blocking `work` on a thread of its own, so that waiting for a child does not hold a thread of
/// Swift's cooperative pool (as many threads as cores; Swift Testing runs tests on them too).
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
