#if os(Linux)
import Glibc
import Synchronization
#endif

/// The crash note of one requirement-table row while it runs under `swift test`: if a fatal signal kills
/// the process meanwhile, the handler (``FatalSignalGuard``) prints which row was running and how to run
/// it alone. The note is formatted when the row starts, into memory the handler reads without allocating
/// or locking. Linux only: elsewhere ``arm(before:after:)`` returns `nil`.
package final class RowFlight: Sendable {
    #if os(Linux)
    private let index: Int
    private let armed = Atomic<Bool>(true)

    private init(index: Int) { self.index = index }

    deinit { disarm() }
    #endif

    /// Arms a note for the row about to run on the calling thread: the handler writes `before`, the
    /// signal's name (`a trap (SIGILL)`), then `after`. `nil` when the process cannot be guarded.
    package static func arm(before: String, after: String) -> RowFlight? {
        #if os(Linux)
        guard FatalSignalGuard.installed, let index = FatalSignalGuard.claim(RowNotes.claimed) else { return nil }
        RowNotes.fill(index, before: before, after: after, thread: UInt(bitPattern: Int(bitPattern: pthread_self())))
        return RowFlight(index: index)
        #else
        return nil
        #endif
    }

    /// The row has ended: its note is no longer printed. Once; the flight is not used again.
    package func disarm() {
        #if os(Linux)
        if armed.exchange(false, ordering: .acquiringAndReleasing) { RowNotes.release(index) }
        #endif
    }
}

#if os(Linux)
/// The handler's table of row notes: a fixed slot per row running, its bytes allocated once and
/// reused, never freed, so that a handler reading a slot while a row ends reads stale text at worst.
enum RowNotes {
    static let bytesPerNote = 4_096

    struct Note {
        /// The `pthread_t` of the thread running the row; 0 when the slot is free.
        var thread: UInt = 0
        var before: UnsafeMutablePointer<UInt8>
        var beforeCount = 0
        var after: UnsafeMutablePointer<UInt8>
        var afterCount = 0
        var parts: UnsafeMutablePointer<iovec>
    }

    /// The notes; `nil` until a slot is first used.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UnsafeMutablePointer<Note>?> =
        FatalSignalGuard.makeTable()
    static let claimed = Mutex<[Bool]>(Array(repeating: false, count: FatalSignalGuard.capacity))

    static func fill(_ index: Int, before: String, after: String, thread: UInt) {
        let note =
            table[index]
            ?? {
                let note = UnsafeMutablePointer<Note>.allocate(capacity: 1)
                note.initialize(
                    to: Note(
                        before: .allocate(capacity: bytesPerNote), after: .allocate(capacity: bytesPerNote),
                        parts: .allocate(capacity: 4)))
                return note
            }()
        note.pointee.thread = 0
        note.pointee.beforeCount = copy(before, to: note.pointee.before)
        note.pointee.afterCount = copy(after, to: note.pointee.after)
        table[index] = note
        note.pointee.thread = thread
    }

    /// Copies `text` (at most ``bytesPerNote`` bytes of it) to `buffer`; the bytes copied.
    private static func copy(_ text: String, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        for byte in text.utf8 where count < bytesPerNote {
            buffer[count] = byte
            count += 1
        }
        return count
    }

    static func release(_ index: Int) {
        table[index]?.pointee.thread = 0
        claimed.withLock { $0[index] = false }
    }

    /// From the handler: prints the note of each row running on `thread`, or, with `thread` 0, of
    /// every row running, as suspects; whether it printed any.
    static func announce(thread: UInt, signal: Int32) -> Bool {
        var printed = false
        for index in 0..<FatalSignalGuard.capacity {
            guard let note = table[index] else { continue }
            let n = note.pointee
            guard n.thread != 0, thread == 0 || n.thread == thread else { continue }
            let name = TrapRecord.signalName(signal)
            let suspect = TrapRecord.suspectNote
            n.parts[0] = iovec(iov_base: UnsafeMutableRawPointer(n.before), iov_len: n.beforeCount)
            n.parts[1] = iovec(
                iov_base: UnsafeMutableRawPointer(mutating: name.utf8Start), iov_len: name.utf8CodeUnitCount)
            n.parts[2] = iovec(iov_base: UnsafeMutableRawPointer(n.after), iov_len: n.afterCount)
            n.parts[3] = iovec(
                iov_base: UnsafeMutableRawPointer(mutating: suspect.utf8Start), iov_len: suspect.utf8CodeUnitCount)
            _ = writev(2, n.parts, thread == 0 ? 4 : 3)
            printed = true
        }
        return printed
    }
}
#endif
