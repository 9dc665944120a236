import Foundation

/// The moments of a calendar that ``Gen/anyDate(in:calendar:)`` draws: a second near the start of a
/// year or a month, a leap day, or a daylight-saving transition of the calendar's time zone.
public struct CalendarMoments: Sendable {
    /// The Gregorian calendar in UTC: the default calendar of ``Gen/anyDate(in:calendar:)``.
    public static var gregorianUTC: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    let calendar: Calendar
    /// The start of the year the simplest instant lies in.
    let originYear: Date
    /// Years before and after the origin's that lie in the range.
    let years: IntegerChoiceMapping<Int64>
    /// Seconds before or after a moment: up to two hours, which covers every daylight-saving shift.
    let offset = IntegerChoiceMapping<Int64>(-7200...7200)

    init(calendar: Calendar, range: ClosedRange<Date>) {
        self.calendar = calendar
        let origin = min(max(Date(timeIntervalSinceReferenceDate: 0), range.lowerBound), range.upperBound)
        originYear = calendar.dateInterval(of: .year, for: origin)?.start ?? origin
        let before = calendar.dateComponents([.year], from: originYear, to: range.lowerBound).year ?? 0
        let after = calendar.dateComponents([.year], from: originYear, to: range.upperBound).year ?? 0
        years = IntegerChoiceMapping(Int64(min(before, 0))...Int64(max(after, 0)))
    }

    /// A second near a moment of the calendar, as seconds since 2001-01-01 00:00:00 UTC: a year, then a
    /// kind of moment in it (its start, a month's start, a leap day, a daylight-saving transition),
    /// then seconds before or after it.
    func moment(_ source: inout ChoiceSource) -> Double {
        let year = calendar.date(byAdding: .year, value: Int(source.draw(scaled: years)), to: originYear) ?? originYear
        let moment: Date
        switch source.draw(upTo: 3) {
        case 0: moment = year
        case 1: moment = calendar.date(byAdding: .month, value: 1 + Int(source.draw(upTo: 10)), to: year) ?? year
        case 2: moment = leapDay(from: year)
        default:
            let first = calendar.timeZone.nextDaylightSavingTimeTransition(after: year.addingTimeInterval(-1))
            let second = first.flatMap { calendar.timeZone.nextDaylightSavingTimeTransition(after: $0) }
            moment = (source.draw(upTo: 1) == 0 ? first : second) ?? year
        }
        return (moment.timeIntervalSinceReferenceDate + Double(source.draw(offset))).rounded(.down)
    }

    /// The 60th day of the first year from `year` on whose length is 366 days: February 29 in the
    /// Gregorian and Julian calendars. The 60th day of `year` when no year of the next eight is long.
    private func leapDay(from year: Date) -> Date {
        var start = year
        for _ in 0..<8 {
            if let days = calendar.range(of: .day, in: .year, for: start), days.count == 366 { break }
            guard let next = calendar.date(byAdding: .year, value: 1, to: start) else { break }
            start = next
        }
        return calendar.date(byAdding: .day, value: 59, to: start) ?? start
    }
}
