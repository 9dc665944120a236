#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small shared-memory file in which a fuzz worker keeps the choices of the case in flight, so that
/// the supervising process can recover the input of a case that killed the worker (a trap, a signal)
/// or hung it.
///
/// Layout (little-endian `UInt64`s): magic, cases started, property index, choice count, then the
/// choices. Writing a case costs one copy of its choices into mapped memory, and no system call.
public final class FlightRecorder: @unchecked Sendable {
    /// The most choices kept per case; longer cases keep their first choices (the case is then
    /// reported as truncated and still shrinks from what was kept).
    public static let capacity = 1 << 16
    static let magic: UInt64 = 0x5441_4C4C_5946_4C54  // "TALLYFLT"
    static let headerWords = 4

    let words: UnsafeMutablePointer<UInt64>
    let byteCount: Int

    /// Maps `path` (created or truncated to the recorder's size) for writing.
    public init(path: String) throws(FlightRecorderError) {
        byteCount = (Self.headerWords + Self.capacity) * 8
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw FlightRecorderError(path: path, reason: "cannot open") }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(byteCount)) == 0 else { throw FlightRecorderError(path: path, reason: "cannot size") }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            throw FlightRecorderError(path: path, reason: "cannot map")
        }
        words = mapped.bindMemory(to: UInt64.self, capacity: Self.headerWords + Self.capacity)
        words[0] = Self.magic
        words[1] = 0
    }

    deinit {
        munmap(words, byteCount)
    }

    /// The property being run, as an index into the worker's list.
    public var propertyIndex: Int {
        get { Int(words[2]) }
        set { words[2] = UInt64(newValue) }
    }

    /// Records the case about to run.
    @inline(__always)
    public func record(_ choices: [UInt64]) {
        let count = min(choices.count, Self.capacity)
        choices.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { (words + Self.headerWords).update(from: base, count: count) }
        }
        words[3] = UInt64(count)
        words[1] &+= 1
    }

    /// Cases started so far; a supervisor watches it to tell a hung case from a slow run.
    public var casesStarted: UInt64 { words[1] }

    /// Reads a recorder file written by a worker that may have died: the property index, cases started,
    /// and the choices in flight; `nil` when the file is missing or was never written.
    public static func read(path: String) -> (propertyIndex: Int, casesStarted: UInt64, choices: ChoiceSequence)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var header = [UInt64](repeating: 0, count: headerWords)
        guard pread(descriptor, &header, headerWords * 8, 0) == headerWords * 8, header[0] == magic else { return nil }
        let count = Int(min(header[3], UInt64(capacity)))
        var choices = [UInt64](repeating: 0, count: count)
        if count > 0, pread(descriptor, &choices, count * 8, off_t(headerWords * 8)) != count * 8 { return nil }
        return (Int(header[2]), header[1], ChoiceSequence(choices))
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
