import Foundation

extension Gen where Value == Date {
    /// A generator of dates in `range`, in whole seconds, shrinking toward the range's start.
    public static func date(in range: ClosedRange<Date>) -> Gen<Date> {
        let start = range.lowerBound
        let seconds = Int64(range.upperBound.timeIntervalSince(start).rounded(.down))
        return Gen(Gen<Int64>.int(in: 0...max(seconds, 0)).map { start.addingTimeInterval(TimeInterval($0)) })
    }
}
