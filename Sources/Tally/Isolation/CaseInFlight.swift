/// How a worker process names the case that is killing it, on its standard error as it dies, and how
/// its supervisor reads that name: the line `case in flight: <token>`. Written by the crash guard
/// (``Property/guarded(recorder:replay:_:)``) of `tally check-worker` and `tally fuzz-worker`.
package enum CaseInFlight {
    package static let prefix = "case in flight: "

    /// The announcement a worker's crash guard prints for a case that kills it.
    package static let announcement = ReplayLine { prefix + $0.description }

    /// The token of the case a worker announced as it died, read from its standard error; `nil` when it
    /// announced none (it hung, or died outside a case).
    package static func token(in errors: String) -> ReplayToken? {
        let line = errors.split(separator: "\n").last { $0.contains(prefix) }
        guard let line, let start = line.range(of: prefix)?.upperBound else { return nil }
        return try? ReplayToken(parsing: line[start...].trimmingCharacters(in: .whitespaces))
    }
}
