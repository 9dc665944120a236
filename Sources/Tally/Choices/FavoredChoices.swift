/// The choices a boundary case draws: a generator's range ends, their neighbours, zero and ±1.
///
/// Kept as exactly eight entries (the distinct choices, repeated to fill), so a draw picks one with
/// three random bits and no count check, and read in place (a tuple here was copied to the stack on
/// every draw).
@usableFromInline
struct FavoredChoices: Sendable {
    @usableFromInline let values: ContiguousArray<UInt64>

    /// The first eight distinct choices of `choices`, repeated in order to fill eight entries; `[0]`
    /// when `choices` is empty.
    @usableFromInline
    init(_ choices: [UInt64]) {
        var distinct: [UInt64] = []
        for choice in choices where distinct.count < 8 && !distinct.contains(choice) { distinct.append(choice) }
        if distinct.isEmpty { distinct = [0] }
        values = ContiguousArray((0..<8).map { distinct[$0 % distinct.count] })
    }

    /// The entry picked by the low three bits of `bits`.
    @inlinable @inline(__always)
    func pick(_ bits: UInt64) -> UInt64 {
        values.withUnsafeBufferPointer { $0[Int(truncatingIfNeeded: bits & 7)] }
    }
}
