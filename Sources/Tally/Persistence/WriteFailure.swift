import Foundation

/// Why a file could not be written, in words a person can act on (`cannot write /repo/x.token: Not a
/// directory`), rather than Foundation's `Error Domain=NSCocoaErrorDomain Code=512 …`.
public struct WriteFailure: Error, CustomStringConvertible, Sendable {
    /// The file that could not be written.
    public let path: String
    /// What the system said: `Permission denied`, `No space left on device`.
    public let reason: String

    /// The failure to write `path` with `error`, its reason read from the system's error within.
    public init(path: String, error: any Error) {
        self.path = path
        reason = Self.reason(of: error)
    }

    /// What the system said in `error`, a Foundation file error: `Not a directory`.
    static func reason(of error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.userInfo[NSLocalizedDescriptionKey] as? String ?? "\(error)"
    }

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
