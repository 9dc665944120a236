import Foundation
import Tally

/// Which process fuzzes a property, and which evaluates its cases when one kills or hangs the worker:
/// `tally fuzz-worker` for a catalog's property, the package's test binary for a property its tests hold.
/// Everything else about a fuzz job — its budget, its watch, its recovery — is the same.
enum FuzzWorkerKind: Sendable {
    /// The catalog's property at `propertyIndex`, in the tool `executable`.
    case tally(executable: String, propertyIndex: Int)
    /// A property of the test `testID` (a `Test.ID`), in `binary`, with `environment` added.
    case test(binary: TestBinary, testID: String, environment: [String: String])

    /// Starts the worker on `order`.
    func start(_ order: FuzzWorkerOrder) throws -> ChildProcess {
        switch self {
        case .tally(let executable, let index):
            return try ChildProcess(
                tally: executable,
                [
                    "fuzz-worker", "--property", String(index), "--seed", String(order.seed), "--cases",
                    String(order.cases),
                    "--flight", order.flight, "--until", String(order.until), "--shrink-ms",
                    String(order.shrinkMilliseconds),
                    "--deadline", String(order.deadline),
                ])
        case .test(let binary, let testID, let environment):
            let json = String(decoding: try JSONEncoder().encode(order), as: UTF8.self)
            return try ChildProcess(
                standardStreams: binary.path, arguments: binary.arguments(runningTest: testID),
                environment: environment.merging([TestBinaryWorker.variable: json, "SWIFT_BACKTRACE": "enable=no"]) {
                    $1
                })
        }
    }

    /// The recovery of a case that killed or hung the worker of `propertyID`, in fresh evaluators.
    func recovery(propertyID: String, caseTimeout: Double) -> CaseRecovery {
        switch self {
        case .tally(let executable, let index):
            return CaseRecovery.tally(
                executable, propertyIndex: index, propertyID: propertyID, caseTimeout: caseTimeout)
        case .test(let binary, let testID, let environment):
            return CaseRecovery(propertyID: propertyID, caseTimeout: .milliseconds(Int64(caseTimeout * 1000))) {
                backtraces, timeout in
                TestProcessEvaluator.evaluator(
                    propertyID: propertyID, testID: testID, backtraces: backtraces, caseTimeout: timeout,
                    executable: binary.path, environment: environment)
            }
        }
    }
}
