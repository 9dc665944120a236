import Synchronization

/// The crash guard of one property run under `swift test`: while it is armed, a case that kills the
/// process (a trap, a bad access, an abort) is saved and announced before the process dies, so that
/// the next run can shrink and report it (see <doc:CrashRecovery>).
///
/// The search keeps each case's starting random state in ``recorder`` (four stores per case); the
/// engine tells the flight about the other cases it runs (replays, saved failures, shrink candidates)
/// through ``begin(_:onThisThread:)``. Linux only: elsewhere ``arm(propertyID:folder:replay:)`` returns `nil`.
final class TrapFlight: Sendable {
    /// The second line of a saved case that was in flight on another thread than the one that died.
    static let suspectMark: StaticString = "suspect: running on another thread when the process died"

    /// The flight of the property running in this task, if it is guarded.
    @TaskLocal static var current: TrapFlight?

    #if os(Linux)
    private let record: TrapRecord
    private let index: Int
    private let armed = Atomic<Bool>(true)

    private init(record: TrapRecord, index: Int) {
        self.record = record
        self.index = index
    }

    deinit { disarm() }
    #endif

    /// Arms a flight for `propertyID`, saving to `folder` (`nil`: announce only) and printing
    /// `replay`'s command, its search writing to `recorder` (or a recorder of its own); `nil` when the
    /// process cannot be guarded. With a `caseTimeout`, ``CaseWatchdog`` also saves a case that runs
    /// longer, and ends the process.
    static func arm(propertyID: String, folder: String?, replay: ReplayLine, recorder: FlightRecorder? = nil, caseTimeout: Duration? = nil) -> TrapFlight? {
        #if os(Linux)
        guard let record = TrapRecord(propertyID: propertyID, folder: folder, replay: replay, recorder: recorder, caseTimeout: caseTimeout),
            let index = FatalSignalGuard.arm(record)
        else { return nil }
        if caseTimeout != nil { _ = CaseWatchdog.started }
        return TrapFlight(record: record, index: index)
        #else
        return nil
        #endif
    }

    /// Stops guarding, once; the flight is not used again.
    func disarm() {
        #if os(Linux)
        if armed.exchange(false, ordering: .acquiringAndReleasing) { FatalSignalGuard.disarm(index) }
        #endif
    }

    /// The recorder the search writes each case's starting state to.
    var recorder: FlightRecorder? {
        #if os(Linux)
        record.recorder
        #else
        nil
        #endif
    }

    /// The next cases come from the search; `onThisThread` when they run on the calling thread
    /// without suspending (a synchronous body), so that a signal on this thread is theirs.
    func beginSearch(onThisThread: Bool) -> TrapFlight {
        #if os(Linux)
        record.beginSearch(onThisThread: onThisThread)
        #endif
        return self
    }

    /// The case about to run is the one `token` replays; see ``beginSearch(onThisThread:)``.
    func begin(_ token: ReplayToken, onThisThread: Bool) -> TrapFlight {
        #if os(Linux)
        record.begin(token, onThisThread: onThisThread)
        #endif
        return self
    }

    /// The case has ended: the thread may run other work, whose crash would not be this property's.
    /// The case is kept, in case the process dies of another thread while this property is running.
    func endCase() {
        #if os(Linux)
        record.layout.pointee.thread = 0
        record.layout.pointee.asyncCase = 0
        record.layout.pointee.inCase = 0
        #endif
    }

    /// An asynchronous search case (the one the recorder holds) begins, or has ended: while it runs,
    /// ``CaseWatchdog`` times it as a case that holds no thread of its own.
    func asyncSearchCase(running: Bool) {
        #if os(Linux)
        record.layout.pointee.asyncCase = running ? 1 : 0
        #endif
    }
}

extension Property {
    /// Runs the property as ``check(_:)`` does, with the same results, but guarded as under `swift
    /// test`: its search writes each case to `recorder`, every case it replays counts there too, and a
    /// case that kills the process is announced on standard error, as `replay`'s command for its token,
    /// before the process dies. How `tally check`'s worker process tells its supervisor which case
    /// killed or hung it (the supervisor watches for hangs: no ``CaseWatchdog`` here).
    package func checkGuarded(_ configuration: RunConfiguration, recorder: FlightRecorder, replay: ReplayLine) async -> PropertyResult {
        var configuration = configuration
        configuration.flightRecorder = recorder
        return await guarded(recorder: recorder, replay: replay) { await self.makeEngine(configuration).run() }
    }

    /// Runs `body`, in which this property checks and shrinks cases, guarded: a case that kills the
    /// process is announced on standard error as `replay`'s command for its token before the process
    /// dies, whether it was a search case (kept in `recorder`), a replay or a shrink candidate. How a
    /// worker process (`tally check-worker`, `tally fuzz-worker`) tells its supervisor which case
    /// killed it.
    package func guarded<Result: Sendable>(recorder: FlightRecorder, replay: ReplayLine, _ body: () async -> Result) async -> Result {
        guard let flight = TrapFlight.arm(propertyID: id, folder: nil, replay: replay, recorder: recorder) else { return await body() }
        defer { flight.disarm() }
        return await TrapFlight.$current.withValue(flight) { await body() }
    }
}

extension PropertyBody {
    /// Whether a case runs on one thread from start to end.
    var isSynchronous: Bool {
        if case .sync = self { return true }
        return false
    }
}
