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
    static let daysOfTheCalendar = Property("a date of service is a day of the calendar", Gen.int(in: 1...9999)) { year in
        func check(_ year: Int, _ month: Int, _ day: Int) throws {
            let expected = CalendarDate(year: year, month: month, day: day) != nil
            guard (ServiceDate(year: year, month: month, day: day) != nil) != expected else { return }
            throw PropertyFailure("\(year)-\(month)-\(day) is \(expected ? "" : "not ")a day of the calendar, but the engine \(expected ? "refuses" : "accepts") it")
        }
        for month in 0...13 {
            for day in 0...32 { try check(year, month, day) }
        }
        for decisive in decisiveYears {
            for day in 0...30 { try check(decisive, 2, day) }
        }
    }

    /// Dates of a month order day by day and print as the tables write dates, `YYYY-MM-DD`.
    static let orderAndText = Property("dates of service order by day and print as YYYY-MM-DD", Gen.zip(Gen.int(in: 1000...9999), Gen.int(in: 1...12))) { year, month in
        var previous: ServiceDate?
        for day in 1...31 {
            guard let date = ServiceDate(year: year, month: month, day: day), let table = CalendarDate(year: year, month: month, day: day) else { break }
            try ensureEqual(date.description, table.description, "a date of service as text")
            try ensure(!(date < date), "\(date) < \(date)")
            if let previous {
                try ensure(previous < date && !(date < previous), "\(previous) comes before \(date)")
            }
            previous = date
        }
    }
}
