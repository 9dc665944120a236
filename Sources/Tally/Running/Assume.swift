/// Discards the current case unless `condition` holds: the property says nothing about such a case.
///
/// A discarded case counts like one a `filter` rejected; when more than ``RunConfiguration/discardRatio``
/// cases are discarded for each case asked for, the property gives up naming this call. The shrinker treats a
/// discarded case as one that holds. Call it before ``label(_:)`` and ``cover(_:_:_:)``: labels given
/// before a discard still count.
///
/// ```swift
/// try assume(b != 0, "a divisor")
/// ```
@inlinable @inline(__always)
public func assume(
    _ condition: Bool, _ reason: @autoclosure () -> String = "", fileID: String = #fileID, line: Int = #line
) throws(CaseDiscarded) {
    if _slowPath(!condition) { throw CaseDiscarded(reason(), fileID: fileID, line: line) }
}

/// What ``assume(_:_:fileID:line:)`` throws: the case is discarded, not failed.
public struct CaseDiscarded: Error, CustomStringConvertible, Sendable {
    /// `assume "a divisor" at Spec.swift:12 discarded the case`.
    public let description: String

    /// A discard with its reason (may be empty) and the place of the `assume` call.
    public init(_ reason: String, fileID: String = #fileID, line: Int = #line) {
        description = "assume\(reason.isEmpty ? "" : " \"\(reason)\"") at \(fileID):\(line) discarded the case"
    }
}
