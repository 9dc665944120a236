#if os(Linux)
import Foundation
import Glibc

/// What a fatal-signal handler needs to save and announce the case one property has in flight, kept in
/// memory that the handler reads without allocating, locking or calling into the Swift runtime.
///
/// Everything is formatted when the property starts: the folders to create, the file names, the
/// message. The case in flight is either a search case (the random state it started from, in the
/// ``FlightRecorder``) or the text of a choice token (a replay, a saved failure, a shrink candidate).
/// When the process dies, ``save(_:signal:suspect:)`` writes the token with `open`/`write`/`rename`
/// and prints the message with `writev`: all async-signal-safe calls.
struct TrapRecord {
    /// The `pthread_t` of the thread that runs the property's cases.
    var thread: UInt = 0
    /// 0 before any case, 1 for a search case (in `recorder`), 2 for a choice token (in `caseText`).
    var mode = 0
    var recorder: UnsafeMutablePointer<UInt64>
    var caseText = Bytes()
    var caseTextCapacity = 0
    /// `<hash>~` then room for the state's and the checksum's hexadecimal digits.
    var stateToken: Bytes
    /// NUL-terminated folder paths to create, outermost first; a count of -1 when nothing is saved.
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
    /// 1 while an asynchronous case runs: it holds no thread of its own (it may wait, suspended, on
    /// any), so ``CaseWatchdog`` times it only while Swift's pool has room.
    var asyncCase = 0
    /// The case timeout in nanoseconds; 0 when no watchdog watches this record.
    var caseTimeout: UInt64 = 0
    /// The message's middle when the watchdog ends a hung case, saved or not.
    var hangSaved = Bytes()
    var hangUnsaved = Bytes()

    /// Bytes the record owns.
    struct Bytes {
        var start: UnsafeMutablePointer<UInt8>?
        var count = 0
    }

    /// A record for `propertyID`, saving to `folder` (absolute; `nil` when failures are not saved),
    /// printing `replay`'s command for the case, and reading search cases from `recorder`. With a
    /// `caseTimeout`, it holds ``CaseWatchdog``'s messages too.
    static func make(
        propertyID: String, folder: String?, replay: ReplayLine, recorder: FlightRecorder, caseTimeout: Duration?
    ) -> UnsafeMutablePointer<TrapRecord> {
        let name = "trap-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let trapPath = (folder ?? "") + "/" + name + ".trap"
        // The replay command around its token, which the handler writes between the two halves.
        let placeholder = ReplayToken(propertyID: propertyID, randomStart: RandomSource(seed: 0))
        let command = replay.command(for: placeholder).components(separatedBy: placeholder.description)
        var prefixes: [String] = []
        for component in folder?.split(separator: "/") ?? [] {
            prefixes.append((prefixes.last ?? "") + "/" + component)
        }
        let notSaved = folder.map { "The case could not be saved in \($0)" } ?? "Saving failures is off"
        // The message's middle for `cause`, when the case was saved and when it was not.
        func middles(_ cause: String, shrinking: String) -> (saved: Bytes, unsaved: Bytes) {
            (
                copy(
                    cause + "\n  Saved the case to \(trapPath): the next `swift test` shrinks it in a child process"
                        + shrinking + " reports it.\n  Replay it: " + command[0]),
                copy(cause + "\n  \(notSaved), so the next run will not recheck it.\n  Replay it: " + command[0])
            )
        }
        let killed = middles(" killed the process.", shrinking: " and")
        let record = UnsafeMutablePointer<TrapRecord>.allocate(capacity: 1)
        record.initialize(
            to: TrapRecord(
                recorder: recorder.memory,
                stateToken: copy(
                    ReplayToken.hash(of: propertyID) + "~"
                        + String(repeating: "0", count: ReplayToken.stateDigits + ReplayToken.checksumDigits)),
                folders: copy(prefixes.map { $0 + "\0" }.joined()),
                temporaryPath: copy((folder ?? "") + "/." + name + ".tmp\0"), finalPath: copy(trapPath + "\0"),
                head: copy("\nTally: the property \"\(propertyID)\" was running a case when "),
                saved: killed.saved, unsaved: killed.unsaved,
                tail: copy(command.dropFirst().joined(separator: placeholder.description) + "\n"),
                parts: .allocate(capacity: 6)))
        if folder == nil { record.pointee.folders.count = -1 }
        if let caseTimeout {
            let (seconds, attoseconds) = caseTimeout.components
            record.pointee.caseTimeout = max(1, UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000))
            let hung = middles(
                "it ran longer than the \(caseTimeout.secondsText) case timeout (TALLY_CASE_TIMEOUT):"
                    + " a hung case cannot be stopped inside the process, so Tally ended it (exit status 1).",
                shrinking: ", under the case timeout, and")
            (record.pointee.hangSaved, record.pointee.hangUnsaved) = hung
        }
        return record
    }

    /// Frees `record` and every byte it owns.
    static func free(_ record: UnsafeMutablePointer<TrapRecord>) {
        let r = record.pointee
        let owned = [
            r.caseText, r.stateToken, r.folders, r.temporaryPath, r.finalPath, r.head, r.saved, r.unsaved,
            r.tail, r.hangSaved, r.hangUnsaved,
        ]
        for bytes in owned { bytes.start?.deallocate() }
        r.parts.deallocate()
        record.deallocate()
    }

    private static func copy(_ text: String) -> Bytes {
        let utf8 = Array(text.utf8)
        let start = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, utf8.count))
        start.initialize(from: utf8, count: utf8.count)
        return Bytes(start: start, count: utf8.count)
    }

    /// The `signal` of ``save(_:signal:suspect:)`` for a case the watchdog found hung.
    static let hang: Int32 = 0

    /// Saves and announces the case in flight of `record`, from a fatal-signal handler or, for a `signal`
    /// of ``hang``, from ``CaseWatchdog``; a `suspect` was running on another thread than the one that died.
    static func save(_ record: UnsafeMutablePointer<TrapRecord>, signal: Int32, suspect: Bool) {
        let r = record.pointee
        var token = r.caseText
        if r.mode == 1 {
            // No case of this search has started yet. (Not the count of cases: it counts every
            // property of the process, and the size probe's draws are not counted, yet can trap.)
            guard r.recorder[3] | r.recorder[4] | r.recorder[5] | r.recorder[6] != 0 else { return }
            ReplayToken.sealRandomStart(r.stateToken.start!, count: r.stateToken.count) { r.recorder[3 + $0] }
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
                saved =
                    writeAll(file, token) && writeAll(file, bytes(newline))
                    && (!suspect || writeAll(file, bytes(TrapFlight.suspectMark)) && writeAll(file, bytes(newline)))
                close(file)
                saved =
                    saved
                    && rename(temporary, UnsafeRawPointer(r.finalPath.start!).assumingMemoryBound(to: CChar.self)) == 0
            }
        }
        // No array here: a handler must not allocate.
        r.parts[0] = part(r.head)
        r.parts[1] = signal == hang ? part(Bytes()) : part(bytes(signalName(signal)))
        r.parts[2] = signal == hang ? part(saved ? r.hangSaved : r.hangUnsaved) : part(saved ? r.saved : r.unsaved)
        r.parts[3] = part(token)
        r.parts[4] = part(r.tail)
        r.parts[5] = part(bytes(suspectNote))
        _ = writev(2, r.parts, suspect ? 6 : 5)
    }

    /// The line after the message of a case or row that was running on another thread (computed: a
    /// handler must not run a lazy initializer).
    static var suspectNote: StaticString {
        "  (It was running on another thread than the one that died: it may not be the cause.)\n"
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
