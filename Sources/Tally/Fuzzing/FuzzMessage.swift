import Foundation

/// One line a fuzz worker writes to its supervisor, as JSON.
package struct FuzzMessage: Codable, Sendable {
    package enum Kind: String, Codable, Sendable {
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

    package var kind: Kind
    package var cases: Int
    package var token: String?
    package var value: String?
    package var original: String?
    package var failure: String?
    package var shrinkSteps: Int?
    /// Why shrinking stopped early (a stop request, the time budget), if it did.
    package var shrinkNote: String?
    package var labels: [String: Int]?

    package var line: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }
}

extension FuzzMessage {
    /// The message a worker wrote as `line`; `nil` for any other line.
    package init?(line: String) {
        guard let message = try? JSONDecoder().decode(FuzzMessage.self, from: Data(line.utf8)) else { return nil }
        self = message
    }
}

/// Writes a line to standard output at once (no buffering), for a supervisor reading it live.
package func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
