import Foundation

/// One line a fuzz worker writes to its supervisor, as JSON.
struct FuzzMessage: Codable {
    enum Kind: String, Codable {
        /// Cases run so far; also sent while shrinking, as a sign of life.
        case progress
        /// A failure the search found, sent before the worker shrinks it: should a smaller case kill
        /// the worker while it shrinks, the supervisor still has the failure.
        case found
        /// A failure, shrunk as far as the budget allowed.
        case failure
        case gaveUp
        case done
    }

    var kind: Kind
    var cases: Int
    var token: String?
    var value: String?
    var original: String?
    var failure: String?
    var shrinkSteps: Int?
    /// Why shrinking stopped early (a stop request, the time budget), if it did.
    var shrinkNote: String?
    var labels: [String: Int]?

    var line: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }
}

extension FuzzMessage {
    /// The message a worker wrote as `line`; `nil` for any other line.
    init?(line: String) {
        guard let message = try? JSONDecoder().decode(FuzzMessage.self, from: Data(line.utf8)) else { return nil }
        self = message
    }
}

/// Writes a line to standard output at once (no buffering), for a supervisor reading it live.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
