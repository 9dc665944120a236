import Foundation
import Tally

/// The supervisor's side of one worker's ``FlightRecorder``: a file with no name, which the worker opens
/// by ``childPath`` and which disappears with the last process that holds it, even one killed with
/// SIGKILL.
final class FlightMemory: @unchecked Sendable {
    /// The path the worker opens: `/proc/<supervisor>/fd/<descriptor>`.
    let childPath: String
    private let descriptor: Int32
    /// Where no anonymous file can be made (not Linux): a named file removed at the end.
    private let namedPath: String?

    /// A new, empty recorder file; `nil` when none can be made.
    init?() {
        #if os(Linux)
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        if let symbol = dlsym(nil, "memfd_create") {
            let memfdCloexec: UInt32 = 1  // MFD_CLOEXEC: no other child inherits it
            let descriptor = unsafeBitCast(symbol, to: MemfdCreate.self)("tally-flight", memfdCloexec)
            guard descriptor >= 0 else { return nil }
            self.descriptor = descriptor
            childPath = "/proc/\(getpid())/fd/\(descriptor)"
            namedPath = nil
            return
        }
        #endif
        let path = NSTemporaryDirectory() + "tally-flight-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return nil }
        childPath = path
        namedPath = path
    }

    deinit {
        close(descriptor)
        if let namedPath { unlink(namedPath) }
    }

    /// Cases the worker has started, drawn or replayed (``FlightRecorder/activity(descriptor:)``).
    func activity() -> UInt64? {
        FlightRecorder.activity(descriptor: descriptor)
    }

    /// What the worker recorded last; `nil` before its first case.
    func read() -> (propertyIndex: Int, casesStarted: UInt64, start: RandomSource)? {
        FlightRecorder.read(descriptor: descriptor)
    }
}
