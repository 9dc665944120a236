/// The error a property body throws to say that the case breaks the property.
///
/// Property bodies that must also run outside Swift Testing (in `tally check` and the nightly fuzz) use
/// ``ensure(_:_:fileID:line:)`` and ``ensureEqual(_:_:_:fileID:line:)``, which throw it. Inside
/// Swift Testing, `#expect` and `#require` work as well.
public struct PropertyFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in words.
    public var message: String
    /// The file of the failed check, as `#fileID` gives it.
    public var fileID: String
    /// The line of the failed check.
    public var line: Int

    /// Creates a failure with a message and the place of the failed check.
    public init(_ message: String, fileID: String = #fileID, line: Int = #line) {
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// The failure of ``ensureEqual(_:_:_:fileID:line:)``, built out of line.
    @usableFromInline
    static func unequal<T>(_ actual: T, _ expected: T, _ what: String, fileID: String, line: Int) -> PropertyFailure {
        PropertyFailure(
            "\(what): got \(prettyDescription(of: actual)), expected \(prettyDescription(of: expected))",
            fileID: fileID, line: line)
    }

    /// The message followed by the place of the failed check.
    public var description: String { "\(message) (\(fileID):\(line))" }

    /// An error a body threw, as a counterexample shows it: a failure's message and place, else `threw …`.
    static func describe(_ error: any Error) -> String {
        (error as? PropertyFailure)?.description ?? "threw \(prettyDescription(of: error))"
    }
}

/// Fails the current case with `message` unless `condition` holds.
///
/// ```swift
/// try ensure(eob.costSharing <= eob.line.allowed, "cost sharing never exceeds the allowed amount")
/// ```
@inlinable @inline(__always)
public func ensure(
    _ condition: Bool, _ message: @autoclosure () -> String,
    fileID: String = #fileID, line: Int = #line
) throws(PropertyFailure) {
    // Inlined into the property body: a passing check is one branch, in the hot loop of a search.
    if _slowPath(!condition) { throw PropertyFailure(message(), fileID: fileID, line: line) }
}

/// Fails the current case unless `actual == expected`, showing both values.
///
/// ```swift
/// try ensureEqual(
///     eob.costSharing.cents + eob.planPays.cents, eob.line.allowed.cents, "cost sharing + plan pays == allowed")
/// // cost sharing + plan pays == allowed: got 10000, expected 10001
/// ```
@inlinable @inline(__always)
public func ensureEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: @autoclosure () -> String = "values differ",
    fileID: String = #fileID, line: Int = #line
) throws(PropertyFailure) {
    if _slowPath(actual != expected) {
        throw PropertyFailure.unequal(actual, expected, what(), fileID: fileID, line: line)
    }
}
