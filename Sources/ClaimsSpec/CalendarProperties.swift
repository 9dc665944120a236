import Claims
import Tally
import TallyTables

/// Dates of service: which days exist, how they order, and how they print. The requirement tables
/// write dates in their own calendar (``CalendarDate``); the engine must agree with it day for day.
enum CalendarProperties {
    static var all: [Property] { [daysOfTheCalendar, orderAndText] }

    /// Years where the leap-year rule and the engine's range are decided: every fourth year, not a
    /// century, but every fourth century; and the first and last years the engine accepts.
    static let decisiveYears = [0, 1, 4, 100, 400, 404, 1900, 2000, 2024, 2025, 2026, 2100, 9996, 9999, 10_000]

    /// A date of service exists exactly when the tables' calendar has that day: every month and day of
    /// a year (and one past each end), and February of the years that decide the leap-year rule.
    static let daysOfTheCalendar = Property("a date of service is a day of the calendar", Gen.int(in: 1...9999)) {
        year in
        func check(_ year: Int, _ month: Int, _ day: Int) throws {
            let expected = CalendarDate(year: year, month: month, day: day) != nil
            guard (ServiceDate(year: year, month: month, day: day) != nil) != expected else { return }
            throw PropertyFailure(
                "\(year)-\(month)-\(day) is \(expected ? "" : "not ")a day of the calendar, "
                    + "but the engine \(expected ? "refuses" : "accepts") it"
            )
        }
        for month in 0...13 {
            for day in 0...32 { try check(year, month, day) }
        }
        for decisive in decisiveYears {
            for day in 0...30 { try check(decisive, 2, day) }
        }
    }

    /// Dates order by year, then month, then day — the days of a month one after another, the last
    /// day of a month before the first of the next, every day of a year before New Year's Day of the
    /// next — and print as the tables write dates, `YYYY-MM-DD`.
    static let orderAndText = Property(
        "dates of service order by year, month and day and print as YYYY-MM-DD",
        Gen.zip(Gen.int(in: 1000...9998), Gen.int(in: 1...12))
    ) { year, month in
        func comesBefore(_ earlier: ServiceDate, _ later: ServiceDate) throws {
            try ensure(earlier < later && !(later < earlier), "\(earlier) comes before \(later)")
        }
        let newYear = try ServiceDate.known(year: year + 1, month: 1, day: 1)
        var previous: ServiceDate?
        for day in 1...31 {
            guard let date = ServiceDate(year: year, month: month, day: day),
                let table = CalendarDate(year: year, month: month, day: day)
            else { break }
            try ensureEqual(date.description, table.description, "a date of service as text")
            try ensure(!(date < date), "\(date) < \(date)")
            if let previous { try comesBefore(previous, date) }
            try comesBefore(date, newYear)
            previous = date
        }
        if let previous {
            try comesBefore(
                previous, month == 12 ? newYear : try ServiceDate.known(year: year, month: month + 1, day: 1))
        }
    }
}
