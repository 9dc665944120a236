#if os(Linux)
import Foundation
import Glibc

/// What a fatal-signal handler needs to save and announce the case one property has in flight, kept in
/// memory that the handler reads without allocating, locking or calling into the Swift runtime.
///
/// Everything is formatted when the property starts: the folders to create, the file names, the
/// message. The case in flight is either a search case — the random state it started from, in the
/// record's ``FlightRecorder``, four stores per case — or the text of a choice token (a replay, a
/// saved failure, a shrink candidate). When the process dies, ``save(_:signal:)`` copies the four
/// words as hexadecimal into a ready buffer, writes the token with `open`/`write`/`rename`, and prints
/// the message with `write(2)`: all async-signal-safe calls.
final class TrapRecord: @unchecked Sendable {
    /// The record as the handler reads it: pointers and integers only.
    struct Layout {
        /// The `pthread_t` of the thread that runs the property's cases.
        var thread: UInt = 0
        /// 0 before any case, 1 for a search case (in `recorder`), 2 for a choice token (in `caseText`).
        var mode = 0
        var recorder: UnsafeMutablePointer<UInt64>
        var caseText = Bytes()
        var caseTextCapacity = 0
        /// `<hash>~` then room for 64 hexadecimal digits.
        var stateToken: Bytes
        /// NUL-terminated folder paths to create, outermost first.
        var folders: Bytes
        var temporaryPath: Bytes
        var finalPath: Bytes
        var head: Bytes
        var saved: Bytes
        var unsaved: Bytes
        var tail: Bytes
        /// Room for the message's parts, written with one `writev` so that no other output splits it.
        var parts: UnsafeMutablePointer<iovec>
        /// 1 while a case may be running (from `begin…` to `endCase`): what ``CaseWatchdog`` watches.
        var inCase = 0
        /// 1 while an asynchronous case has begun and not ended: it holds no thread of its own (it may
        /// wait, suspended, on any), so ``CaseWatchdog`` times it only while Swift's pool has room.
        var asyncCase = 0
        /// The case timeout in nanoseconds; 0 when no watchdog watches this record.
        var caseTimeout: UInt64 = 0
        /// The message's middle when the watchdog ends a hung case, saved or not.
        var hangSaved = Bytes()
        var hangUnsaved = Bytes()
    }

    /// Bytes the record owns.
    struct Bytes {
        var start: UnsafeMutablePointer<UInt8>?
        var count = 0
    }

    let layout: UnsafeMutablePointer<Layout>
    /// The recorder the search writes each case's starting state to.
    let recorder: FlightRecorder

    /// A record for the property `propertyID`, saving to `folder` (absolute; `nil` when failures are
    /// not saved) and printing `replay`'s command for the case in its message. The search writes to
    /// `recorder` (one shared with a supervisor) or, without one, to a recorder of its own.
    /// With a `caseTimeout`, ``CaseWatchdog`` ends the process when one case runs longer.
    init?(propertyID: String, folder: String?, replay: ReplayLine, recorder shared: FlightRecorder? = nil, caseTimeout: Duration? = nil) {
        guard let recorder = shared ?? FlightRecorder() else { return nil }
        // A shared recorder still holds the last case of the property before this one.
        recorder.clearStart()
        self.recorder = recorder
        let name = "trap-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let prefix = ReplayToken.hash(of: propertyID) + "~"
        // The replay command around its token, which the handler writes between the two halves.
        let placeholder = ReplayToken(propertyID: propertyID, randomStart: RandomSource(seed: 0))
        let command = replay.command(for: placeholder).components(separatedBy: placeholder.description)
        var prefixes: [String] = []
        if let folder {
            var path = ""
            for component in folder.split(separator: "/") {
                path += "/" + component
                prefixes.append(path)
            }
        }
        layout = .allocate(capacity: 1)
        layout.initialize(to: Layout(
            recorder: recorder.memory,
            stateToken: Self.copy(prefix + String(repeating: "0", count: ReplayToken.stateDigits + ReplayToken.checksumDigits)),
            folders: Self.copy(prefixes.map { $0 + "\0" }.joined()),
            temporaryPath: Self.copy((folder ?? "") + "/." + name + ".tmp\0"),
            finalPath: Self.copy((folder ?? "") + "/" + name + ".trap\0"),
            head: Self.copy("\nTally: the property \"\(propertyID)\" was running a case when "),
            saved: Self.copy(" killed the process.\n  Saved the case to \((folder ?? "") + "/" + name + ".trap"): the next `swift test` shrinks it in a child process and reports it.\n  Replay it: " + command[0]),
            unsaved: Self.copy(" killed the process.\n  \(folder == nil ? "Saving failures is off" : "The case could not be saved in \(folder!)"), so the next run will not recheck it.\n  Replay it: " + command[0]),
            tail: Self.copy(command.dropFirst().joined(separator: placeholder.description) + "\n"),
            parts: .allocate(capacity: 6)))
        if folder == nil { layout.pointee.folders.count = -1 }
        if let caseTimeout {
            let (seconds, attoseconds) = caseTimeout.components
            layout.pointee.caseTimeout = max(1, UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000))
            let limit = "it ran longer than the \(caseTimeout.secondsText) case timeout (TALLY_CASE_TIMEOUT):"
                + " a hung case cannot be stopped inside the process, so Tally ended it (exit status 1)."
            layout.pointee.hangSaved = Self.copy(limit + "\n  Saved the case to \((folder ?? "") + "/" + name + ".trap"): the next `swift test` shrinks it in a child process, under the case timeout, and reports it.\n  Replay it: " + command[0])
            layout.pointee.hangUnsaved = Self.copy(limit + "\n  \(folder == nil ? "Saving failures is off" : "The case could not be saved in \(folder!)"), so the next run will not recheck it.\n  Replay it: " + command[0])
        }
    }

    deinit {
        let record = layout.pointee
        for bytes in [record.caseText, record.stateToken, record.folders, record.temporaryPath, record.finalPath, record.head, record.saved, record.unsaved, record.tail, record.hangSaved, record.hangUnsaved] {
            bytes.start?.deallocate()
        }
        record.parts.deallocate()
        layout.deallocate()
    }

    private static func copy(_ text: String) -> Bytes {
        let utf8 = Array(text.utf8)
        let start = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, utf8.count))
        start.initialize(from: utf8, count: utf8.count)
        return Bytes(start: start, count: utf8.count)
    }

    /// The property's next cases come from its search, on the calling thread if `onThisThread`.
    func beginSearch(onThisThread: Bool) {
        claimThread(onThisThread)
        layout.pointee.mode = 1
        layout.pointee.inCase = 1
    }

    private func claimThread(_ onThisThread: Bool) {
        Self.ensureAlternateStack()
        layout.pointee.thread = onThisThread ? UInt(bitPattern: Int(bitPattern: pthread_self())) : 0
    }

    /// Gives the calling thread a stack for signal handlers if it has none, so that the handler can run
    /// when a case overflows the thread's own stack. It stays with the thread (a pool thread, reused).
    private static func ensureAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        if sigaltstack(&stack, nil) != 0 { munmap(memory, size) }
    }

    /// The case about to run is the one `token` replays, on the calling thread if `onThisThread`.
    func begin(_ token: ReplayToken, onThisThread: Bool) {
        recorder.recordReplay()
        let text = Array(token.description.utf8)
        var record = layout.pointee
        if text.count > record.caseTextCapacity {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count * 2)
            let old = record.caseText.start
            layout.pointee.caseText = Bytes(start: grown, count: 0)
            old?.deallocate()
            layout.pointee.caseTextCapacity = text.count * 2
            record = layout.pointee
        }
        layout.pointee.caseText.count = 0
        record.caseText.start!.update(from: text, count: text.count)
        layout.pointee.caseText.count = text.count
        claimThread(onThisThread)
        layout.pointee.mode = 2
        layout.pointee.asyncCase = onThisThread ? 0 : 1
        layout.pointee.inCase = 1
    }

    /// The `signal` of ``save(_:signal:suspect:)`` for a case the watchdog found hung.
    static let hang: Int32 = 0

    /// Saves and announces the case in flight of `record`, from a fatal-signal handler (or, for a
    /// `signal` of ``hang``, from ``CaseWatchdog``); a `suspect` was running on another thread than
    /// the one that died.
    static func save(_ record: UnsafeMutablePointer<Layout>, signal: Int32, suspect: Bool) {
        let r = record.pointee
        var token = r.caseText
        if r.mode == 1 {
            // No case of this search has started yet. (Not the count of cases: it counts every
            // property of the process, and the size probe's draws are not counted, yet can trap.)
            guard r.recorder[3] | r.recorder[4] | r.recorder[5] | r.recorder[6] != 0 else { return }
            let text = r.stateToken.start!, sealed = r.stateToken.count - ReplayToken.checksumDigits
            for word in 0..<4 {
                ReplayToken.writeHex(r.recorder[3 + word], count: 16, to: text + (sealed - ReplayToken.stateDigits) + 16 * word)
            }
            ReplayToken.writeRandomStartChecksum(of: text, count: sealed, to: text + sealed)
            token = r.stateToken
        } else if r.mode != 2 {
            return
        }
        var saved = false
        if r.folders.count >= 0 {
            var folder = r.folders.start!
            let end = folder + r.folders.count
            while folder < end {
                _ = folder.withMemoryRebound(to: CChar.self, capacity: 1) { mkdir($0, 0o755) }
                while folder.pointee != 0 { folder += 1 }
                folder += 1
            }
            let temporary = UnsafeRawPointer(r.temporaryPath.start!).assumingMemoryBound(to: CChar.self)
            let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if file >= 0 {
                let newline: StaticString = "\n"
                saved = writeAll(file, token) && writeAll(file, bytes(newline))
                    && (!suspect || writeAll(file, bytes(TrapFlight.suspectMark)) && writeAll(file, bytes(newline)))
                close(file)
                saved = saved && rename(temporary, UnsafeRawPointer(r.finalPath.start!).assumingMemoryBound(to: CChar.self)) == 0
            }
        }
        // No array here: a handler must not allocate.
        r.parts[0] = part(r.head)
        r.parts[1] = signal == hang ? part(Bytes()) : part(bytes(signalName(signal)))
        r.parts[2] = signal == hang ? part(saved ? r.hangSaved : r.hangUnsaved) : part(saved ? r.saved : r.unsaved)
        r.parts[3] = part(token)
        r.parts[4] = part(r.tail)
        r.parts[5] = part(bytes("  (It was running on another thread than the one that died: it may not be the cause.)\n"))
        _ = writev(2, r.parts, suspect ? 6 : 5)
    }

    private static func part(_ bytes: Bytes) -> iovec {
        iovec(iov_base: UnsafeMutableRawPointer(bytes.start), iov_len: bytes.count)
    }

    private static func bytes(_ text: StaticString) -> Bytes {
        Bytes(start: UnsafeMutablePointer(mutating: text.utf8Start), count: text.utf8CodeUnitCount)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: Bytes) -> Bool {
        guard var next = bytes.start else { return bytes.count == 0 }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            next += written
            left -= written
        }
        return true
    }

    /// `a trap (SIGILL)`: how a handler's message names `signal`.
    static func signalName(_ signal: Int32) -> StaticString {
        switch signal {
        case SIGILL: "a trap (SIGILL)"
        case SIGTRAP: "a trap (SIGTRAP)"
        case SIGABRT: "an abort (SIGABRT)"
        case SIGSEGV: "a bad memory access (SIGSEGV)"
        case SIGBUS: "a bad memory access (SIGBUS)"
        case SIGFPE: "an arithmetic error (SIGFPE)"
        default: "a fatal signal"
        }
    }
}
#endif
