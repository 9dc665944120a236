import Foundation

/// The bytes of a CSV file, read in chunks so that a table of any size is read in constant memory:
/// ``refill(keepingFrom:)`` drops the bytes before the record being read and appends a chunk at least as
/// long as that record, so no record is parsed more than a few times. Reading stops at a NUL byte.
struct CSVInput {
    private(set) var bytes: [UInt8]
    /// The file offset of `bytes[0]`.
    private(set) var offset = 0
    /// Whether bytes beyond `bytes` exist (more to read, or held back after a NUL byte).
    private(set) var hasMore: Bool
    /// Whether reading stopped at a NUL byte, which is the byte just after `bytes`.
    private(set) var stoppedAtNUL = false
    /// Whether the file could not be read to its end.
    private(set) var readFailed = false
    /// What the file is when its first bytes show it is not UTF-8 text (UTF-16, a workbook, binary).
    private(set) var foreignFormat: String?
    private let file: OpenFile?
    private let chunkSize: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        hasMore = false
        file = nil
        chunkSize = bytes.count
        foreignFormat = CSVEncoding.foreignFormat(of: bytes[...])
        stopAtNUL(from: 0)
    }

    /// The file at `path`, opened and its first `chunkSize` bytes read (and more if its first line is
    /// longer); `nil` when it cannot be opened.
    init?(path: String, chunkSize: Int = 1 << 20) {
        guard let file = OpenFile(path: path) else { return nil }
        self.file = file
        self.chunkSize = chunkSize
        bytes = []
        hasMore = true
        // Enough to tell what the file is, and its whole first line, to choose the delimiter.
        while hasMore, bytes.count < 4096 || !bytes.contains(where: { $0 == 10 || $0 == 13 }) {
            append(keepingFrom: 0)
        }
        foreignFormat = CSVEncoding.foreignFormat(of: bytes[...])
        stopAtNUL(from: 0)
    }

    mutating func refill(keepingFrom start: Int) {
        guard hasMore, !stoppedAtNUL else { return }
        let kept = bytes.count - start
        append(keepingFrom: start)
        stopAtNUL(from: kept)
    }

    private mutating func append(keepingFrom start: Int) {
        guard let file else { return }
        let kept = bytes.count - start
        let wanted = max(chunkSize, kept)
        var reachedEnd = false
        let old = bytes
        bytes = [UInt8](unsafeUninitializedCapacity: kept + wanted) { buffer, count in
            old.withUnsafeBufferPointer { source in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<kept]).initialize(from: source[start...])
            }
            var total = kept
            while total < buffer.count {
                let got = read(file.descriptor, buffer.baseAddress! + total, buffer.count - total)
                if got < 0, errno == EINTR { continue }
                if got <= 0 {
                    reachedEnd = true
                    readFailed = got < 0
                    break
                }
                total += got
            }
            count = total
        }
        offset += start
        hasMore = !reachedEnd
    }

    private mutating func stopAtNUL(from start: Int) {
        let nul = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard start < buffer.count, let found = memchr(buffer.baseAddress! + start, 0, buffer.count - start) else {
                return nil
            }
            return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        guard let nul else { return }
        bytes.removeSubrange(nul...)
        stoppedAtNUL = true
        hasMore = true
    }
}

/// An open file descriptor, closed when the last reader holding it goes away.
private final class OpenFile: Sendable {
    let descriptor: Int32

    init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
