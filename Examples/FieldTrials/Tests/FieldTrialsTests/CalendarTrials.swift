import Foundation
import Testing
import TrialSupport

/// `Calendar` arithmetic in a time zone with daylight-saving time.
@Suite struct CalendarTrials {
    static let newYork: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar
    }()

    /// Whole-second instants from 1900 to 2100, near New York's transitions, leap days and year ends.
    static let dates = Gen.anyDate(
        in: Date(timeIntervalSinceReferenceDate: -3_155_760_000)...Date(timeIntervalSinceReferenceDate: 3_155_760_000),
        calendar: newYork
    ).map { Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down)) }

    static let difference = Trial(
        "date(byAdding: dateComponents(from: a, to: b), to: a) == b", Gen.zip(dates, dates).map { [$0, $1] }
    ) { pair in
        let (start, end) = (pair[0], pair[1])
        let components = newYork.dateComponents([.day, .hour, .minute, .second], from: start, to: end)
        try ensureEqual(newYork.date(byAdding: components, to: start), end, "\(start) + \(components)")
    }

    static let days = Trial("a date lies in its own day: startOfDay ≤ date < the next day's start", dates) { date in
        let start = newYork.startOfDay(for: date)
        let next = try #require(newYork.date(byAdding: .day, value: 1, to: start))
        try ensure(start <= date && date < next, "\(date) is not in [\(start), \(next))")
        try ensure(newYork.isDate(date, inSameDayAs: start), "\(date) and the start of its day")
    }

    static let seconds = Trial(
        "adding n seconds moves the date by n seconds", Gen.zip(dates, Gen.int(in: -10_000_000...10_000_000))
    ) { date, seconds in
        try ensureEqual(
            newYork.date(byAdding: .second, value: seconds, to: date), date.addingTimeInterval(TimeInterval(seconds)),
            "\(date) + \(seconds) s")
    }

    @Test func differencesAddBack() async { await Self.difference.expectHolds(cases: 300) }
    @Test func everyDateLiesInItsDay() async { await Self.days.expectHolds(cases: 300) }
    @Test func secondsAreExact() async { await Self.seconds.expectHolds(cases: 300) }
}
