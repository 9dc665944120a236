#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors a child is connected by: close-on-exec, so that no other child inherits them (one
/// that inherited the write end of another's link would keep that link open), and sending raises no SIGPIPE.
enum ChildDescriptors {
    /// A connected pair of stream sockets; the first end is read, the second written when used one way.
    /// Sockets, since Swift does not import `pipe2`, the only way to make a pipe close-on-exec atomically.
    static func socketPair() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #if os(Linux)
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw ChildProcessError(reason: "cannot create a socket pair: \(String(cString: strerror(errno)))")
        }
        #else
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else {
            throw ChildProcessError(reason: "cannot create a socket pair: \(String(cString: strerror(errno)))")
        }
        var on: Int32 = 1
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return (ends[0], ends[1])
    }

    /// Writes all of `bytes` to the socket `descriptor`; gives up when the other end is gone.
    static func send(_ bytes: [UInt8], to descriptor: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            #if os(Linux)
            let sent = rest.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let sent = rest.withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            if sent < 0 { if errno == EINTR { continue } else { return } }
            rest = rest.dropFirst(sent)
        }
    }
}

/// A child process that could not be started.
struct ChildProcessError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
