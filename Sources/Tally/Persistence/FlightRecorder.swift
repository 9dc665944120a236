#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small shared-memory file in which a worker keeps the case in flight, so that its supervisor can
/// recover a case that killed or hung the worker. `tally fuzz` makes the file anonymous (`memfd_create`),
/// so nothing is left in /tmp, even after SIGKILL.
///
/// A case is kept as the random state it started from: generation is deterministic, so its choices are
/// regenerated from it after a crash. Layout (`UInt64`s): magic, cases started, property index, the
/// state (four words), replays started (saved failures, shrink candidates). A case costs four stores.
public final class FlightRecorder: @unchecked Sendable {
    static let magic: UInt64 = 0x5441_4C4C_5946_4C56  // "TALLYFLV", layout 3
    static let words = 8

    @usableFromInline let memory: UnsafeMutablePointer<UInt64>
    let byteCount: Int

    /// Maps `path` (created or truncated to the recorder's size) for writing.
    public init(path: String) throws(FlightRecorderError) {
        byteCount = Self.words * 8
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw FlightRecorderError(path: path, reason: "cannot open") }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(byteCount)) == 0 else {
            throw FlightRecorderError(path: path, reason: "cannot size")
        }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
        else {
            throw FlightRecorderError(path: path, reason: "cannot map")
        }
        memory = mapped.bindMemory(to: UInt64.self, capacity: Self.words)
        memory[0] = Self.magic
        memory[1] = 0
    }

    /// A recorder in this process's own memory, for its fatal-signal handler; `nil` if it cannot be mapped.
    init?() {
        byteCount = Self.words * 8
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else {
            return nil
        }
        memory = mapped.bindMemory(to: UInt64.self, capacity: Self.words)
        memory[0] = Self.magic
    }

    deinit {
        munmap(memory, byteCount)
    }

    /// The property being run, as an index into the worker's list.
    public var propertyIndex: Int {
        get { Int(memory[2]) }
        set { memory[2] = UInt64(newValue) }
    }

    /// Records the case about to run, by the random state it started from.
    @inlinable @inline(__always)
    public func record(start: RandomSource) {
        recordUncounted(start: start)
        memory[1] &+= 1
    }

    /// Records a draw that is not one of the run's cases (the search's size probe): kept for crash
    /// recovery, but not counted in ``casesStarted``.
    @inlinable @inline(__always)
    public func recordUncounted(start: RandomSource) {
        memory[3] = start.s0
        memory[4] = start.s1
        memory[5] = start.s2
        memory[6] = start.s3
    }

    /// Forgets the last case's random state, which an earlier property of this process wrote.
    func clearStart() {
        for word in 3...6 { memory[word] = 0 }
    }

    /// Cases started so far; a supervisor watches it to tell a hung case from a slow run.
    public var casesStarted: UInt64 { memory[1] }

    /// Counts a case run from a token rather than drawn: a supervisor watching
    /// ``activity(descriptor:)`` sees a shrink progress, not hang.
    @inline(__always)
    func recordReplay() {
        memory[7] &+= 1
    }

    /// Cases started, drawn or replayed, in the recorder open at `descriptor`: a number that grows as
    /// long as the worker is not stuck in one case; `nil` when it was never written.
    public static func activity(descriptor: Int32) -> UInt64? {
        contents(descriptor: descriptor).map { $0[1] &+ $0[7] }
    }

    /// Reads a recorder file written by a worker that may have died: the property index, cases started,
    /// and the random state the case in flight started from; `nil` when it is missing or was never written.
    public static func read(path: String) -> (propertyIndex: Int, casesStarted: UInt64, start: RandomSource)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// Reads a recorder through an open file descriptor, as ``read(path:)`` does: how a supervisor
    /// reads a recorder that has no name in the file system (see <doc:NightlyFuzz>).
    public static func read(descriptor: Int32) -> (propertyIndex: Int, casesStarted: UInt64, start: RandomSource)? {
        guard let contents = contents(descriptor: descriptor),
            let start = RandomSource(state: Array(contents[3...6]))
        else { return nil }
        return (Int(contents[2]), contents[1], start)
    }

    private static func contents(descriptor: Int32) -> [UInt64]? {
        var contents = [UInt64](repeating: 0, count: words)
        guard pread(descriptor, &contents, words * 8, 0) == words * 8, contents[0] == magic else { return nil }
        return contents
    }
}

/// A flight recorder file that could not be set up.
public struct FlightRecorderError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public var path: String
    /// What failed.
    public var reason: String
    /// `path: reason`.
    public var description: String { "flight recorder \(path): \(reason)" }
}
