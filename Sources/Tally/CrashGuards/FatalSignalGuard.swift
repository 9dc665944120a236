#if os(Linux)
import Glibc
import Synchronization

/// The process's handlers for the signals a trap, a bad access or an abort raises, and the table of
/// armed ``TrapRecord``s they save from.
///
/// The handler saves the case in flight of the property whose thread died, or names the table row
/// running on it (``RowFlight``); when the thread ran neither (an asynchronous body that moved threads,
/// a crash elsewhere), every property's case and every row running, since any may be the cause. It then
/// puts back the handler that was there before (the runtime's backtracer, or the default action) and
/// raises the signal again, so the process still prints its backtrace and dies of the same signal.
enum FatalSignalGuard {
    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    static let capacity = 256
    /// Armed records, read by the handler with plain loads; `nil` entries are free.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UnsafeMutablePointer<TrapRecord>?> = makeTable()
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 65)
    static let claimed = Mutex<[Bool]>(Array(repeating: false, count: capacity))
    static let handling = Atomic<Bool>(false)

    /// Installs the handlers, once per process.
    static let installed: Bool = {
        // Initialized here, so that the handler never runs a lazy initializer.
        _ = table
        _ = handling.load(ordering: .relaxed)
        _ = TrapFlight.suspectMark
        _ = RowNotes.table
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = fatalSignalHandler
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigfillset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
        return true
    }()

    /// Arms `record` until ``disarm(_:)``; `nil` when every entry is taken (the run is not guarded).
    static func arm(_ record: UnsafeMutablePointer<TrapRecord>) -> Int? {
        guard installed, let index = claim(claimed) else { return nil }
        table[index] = record
        return index
    }

    static func disarm(_ index: Int) {
        table[index] = nil
        claimed.withLock { $0[index] = false }
    }

    /// A table of ``capacity`` free entries, which a handler reads with plain loads.
    static func makeTable<Entry>() -> UnsafeMutablePointer<UnsafeMutablePointer<Entry>?> {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }

    /// Claims the first free entry of a table whose entries `claimed` marks; `nil` when all are taken.
    static func claim(_ claimed: borrowing Mutex<[Bool]>) -> Int? {
        claimed.withLock { claimed in
            guard let free = claimed.firstIndex(of: false) else { return nil }
            claimed[free] = true
            return free
        }
    }

    /// Runs in the handler: saves the cases in flight, once, then hands the signal back.
    static func handle(_ signal: Int32) {
        if !handling.exchange(true, ordering: .acquiringAndReleasing) {
            let me = UInt(bitPattern: Int(bitPattern: pthread_self()))
            var found = false
            for index in 0..<capacity {
                if let record = table[index], record.pointee.thread == me {
                    TrapRecord.save(record, signal: signal, suspect: false)
                    found = true
                }
            }
            // A requirement-table row running on this thread is the cause; when neither a property
            // nor a row ran here, every one running is a suspect.
            if !found && !RowNotes.announce(thread: me, signal: signal) {
                for index in 0..<capacity {
                    if let record = table[index] { TrapRecord.save(record, signal: signal, suspect: true) }
                }
                _ = RowNotes.announce(thread: 0, signal: signal)
            }
        }
        sigaction(signal, previous + Int(signal), nil)
        raise(signal)
    }
}

private let fatalSignalHandler:
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { signal, _, _ in
        FatalSignalGuard.handle(signal)
    }
#endif
