import Synchronization

#if os(Linux)
import Glibc
#endif

/// The crash guard of one property run: while it is armed, a case that kills the process is saved and
/// announced before the process dies, so that the next run can shrink and report it (<doc:CrashRecovery>).
///
/// The search keeps each case's starting random state in ``recorder``; the engine names the other cases
/// it runs through ``begin(_:onThisThread:)``. Linux only: elsewhere `arm` returns `nil`. Unchecked
/// `Sendable`: the property's thread writes the record that the signal handler reads.
final class TrapFlight: @unchecked Sendable {
    /// The second line of a saved case that was in flight on another thread than the one that died.
    static let suspectMark: StaticString = "suspect: running on another thread when the process died"

    /// The flight of the property running in this task, if it is guarded.
    @TaskLocal static var current: TrapFlight?

    #if os(Linux)
    /// The recorder the search writes each case's starting state to.
    let recorder: FlightRecorder?
    private let record: UnsafeMutablePointer<TrapRecord>
    private let index: Int
    private let armed = Atomic<Bool>(true)
    /// Case-text buffers outgrown while armed: the handler may be reading one on another thread, so they
    /// are freed only with the record.
    private var outgrown: [UnsafeMutablePointer<UInt8>] = []
    /// The token whose text the record holds: a shrink candidate begins twice (generating, then running),
    /// and its text is made and copied once.
    private var tokenInRecord: ReplayToken?

    private init(recorder: FlightRecorder, record: UnsafeMutablePointer<TrapRecord>, index: Int) {
        self.recorder = recorder
        self.record = record
        self.index = index
    }

    deinit {
        disarm()
        TrapRecord.free(record)
        outgrown.forEach { $0.deallocate() }
    }
    #else
    let recorder: FlightRecorder? = nil
    #endif

    /// Arms a flight for `propertyID`, saving to `folder` (`nil`: announce only) and printing `replay`'s
    /// command, its search writing to `recorder` (or a recorder of its own). With a `caseTimeout`,
    /// ``CaseWatchdog`` also saves a case that runs longer, and ends the process.
    static func arm(
        propertyID: String, folder: String?, replay: ReplayLine, recorder: FlightRecorder? = nil,
        caseTimeout: Duration? = nil
    ) -> TrapFlight? {
        #if os(Linux)
        guard let recorder = recorder ?? FlightRecorder() else { return nil }
        // A shared recorder still holds the last case of the property before this one.
        recorder.clearStart()
        let record = TrapRecord.make(
            propertyID: propertyID, folder: folder, replay: replay, recorder: recorder, caseTimeout: caseTimeout)
        guard let index = FatalSignalGuard.arm(record) else {
            TrapRecord.free(record)
            return nil
        }
        if caseTimeout != nil { _ = CaseWatchdog.started }
        return TrapFlight(recorder: recorder, record: record, index: index)
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

    /// The next cases come from the search; `onThisThread` when they run on the calling thread
    /// without suspending (a synchronous body), so that a signal on this thread is theirs.
    func beginSearch(onThisThread: Bool) -> TrapFlight {
        #if os(Linux)
        claimThread(onThisThread)
        record.pointee.mode = 1
        record.pointee.inCase = 1
        #endif
        return self
    }

    /// The case about to run is the one `token` replays; see ``beginSearch(onThisThread:)``.
    func begin(_ token: ReplayToken, onThisThread: Bool) -> TrapFlight {
        #if os(Linux)
        recorder?.recordReplay()
        if token != tokenInRecord {
            tokenInRecord = token
            var text = token.description
            text.withUTF8 { copyCaseText($0) }
        }
        claimThread(onThisThread)
        record.pointee.mode = 2
        record.pointee.asyncCase = onThisThread ? 0 : 1
        record.pointee.inCase = 1
        #endif
        return self
    }

    /// The case has ended: the thread may run other work, whose crash would not be this property's.
    /// The case is kept, in case the process dies of another thread meanwhile.
    func endCase() {
        #if os(Linux)
        record.pointee.thread = 0
        record.pointee.asyncCase = 0
        record.pointee.inCase = 0
        #endif
    }

    /// An asynchronous search case (the one the recorder holds) begins, or has ended: while it runs,
    /// ``CaseWatchdog`` times it as a case that holds no thread of its own.
    func asyncSearchCase(running: Bool) {
        #if os(Linux)
        record.pointee.asyncCase = running ? 1 : 0
        #endif
    }

    #if os(Linux)
    /// Copies a case's token text where the handler reads it; the text is emptied first, so that the
    /// handler never reads half of one token and half of another.
    private func copyCaseText(_ text: UnsafeBufferPointer<UInt8>) {
        record.pointee.caseText.count = 0
        if text.count > record.pointee.caseTextCapacity {
            if let old = record.pointee.caseText.start { outgrown.append(old) }
            record.pointee.caseText = TrapRecord.Bytes(start: .allocate(capacity: text.count * 2), count: 0)
            record.pointee.caseTextCapacity = text.count * 2
        }
        record.pointee.caseText.start!.update(from: text.baseAddress!, count: text.count)
        record.pointee.caseText.count = text.count
    }

    private func claimThread(_ onThisThread: Bool) {
        Self.ensureAlternateStack()
        record.pointee.thread = onThisThread ? UInt(bitPattern: Int(bitPattern: pthread_self())) : 0
    }

    /// Marks, per thread, that the thread has a stack for signal handlers: asking the kernel costs a
    /// system call, and a shrink begins a case hundreds of times on the same thread.
    private static let hasAlternateStack: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Gives the calling thread a stack for signal handlers if it has none, so that the handler can run
    /// when a case overflows the thread's own stack. It stays with the thread (a pool thread, reused).
    private static func ensureAlternateStack() {
        guard pthread_getspecific(hasAlternateStack) == nil else { return }
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0 else { return }
        if current.ss_flags & Int32(SS_DISABLE) != 0 {
            let size = 64 * 1024
            let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let memory, memory != MAP_FAILED else { return }
            var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
            guard sigaltstack(&stack, nil) == 0 else {
                munmap(memory, size)
                return
            }
        }
        pthread_setspecific(hasAlternateStack, UnsafeRawPointer(bitPattern: 1))
    }
    #endif
}

extension Property {
    /// Runs the property as ``check(_:)`` does, guarded (``guarded(recorder:replay:_:)``), its search
    /// writing each case to `recorder`: how `tally check`'s worker tells its supervisor which case killed
    /// or hung it (the supervisor watches for hangs: no ``CaseWatchdog`` here).
    package func checkGuarded(_ configuration: RunConfiguration, recorder: FlightRecorder, replay: ReplayLine) async
        -> PropertyResult
    {
        var configuration = configuration
        configuration.flightRecorder = recorder
        return await guarded(recorder: recorder, replay: replay) { await self.makeEngine(configuration).run() }
    }

    /// ``checkGuarded(_:recorder:replay:)`` for `tally-bench crash-guard`, which times it beside an
    /// unguarded run from another package.
    @_spi(Benchmarks) public func checkGuardedForBenchmarks(
        _ configuration: RunConfiguration, recorder: FlightRecorder, replay: ReplayLine
    ) async -> PropertyResult {
        await checkGuarded(configuration, recorder: recorder, replay: replay)
    }

    /// Runs `body`, in which this property checks and shrinks cases, guarded: a case that kills the
    /// process, a search case (kept in `recorder`), a replay or a shrink candidate, is announced on
    /// standard error as `replay`'s command for its token before the process dies.
    package func guarded<Result: Sendable>(recorder: FlightRecorder, replay: ReplayLine, _ body: () async -> Result)
        async -> Result
    {
        guard let flight = TrapFlight.arm(propertyID: id, folder: nil, replay: replay, recorder: recorder) else {
            return await body()
        }
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
