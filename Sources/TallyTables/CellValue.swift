/// The value of one table cell, once its column's ``CellKind`` has read it.
public enum CellValue: Hashable, Sendable {
    /// Free text.
    case text(String)
    /// A whole number.
    case integer(Int)
    /// Money in minor units (cents).
    case money(Int)
    /// A percentage in basis points: `20%` is `2000`.
    case percent(Int)
    /// Yes or no.
    case boolean(Bool)
    /// A calendar date.
    case date(CalendarDate)
    /// An empty cell.
    case empty
}

/// A date without time or time zone, as ISO 8601 writes it: `2026-03-15`.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, such as 2026.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// A date, or `nil` when the day does not exist (such as February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CalendarDate.days(inMonth: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso8601 text: String) {
        guard let (year, month, day) = Self.numbers(iso8601: text) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month and day `text` writes as `YYYY-MM-DD`, whether or not they make a date.
    private static func numbers(iso8601 text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return (year, month, day)
    }

    /// Why `text`, written as `YYYY-MM-DD`, is not a date: its month or its day does not exist; `nil`
    /// when it is a date or not of that form.
    @Sendable static func whyNotADate(_ text: String) -> String? {
        guard let (year, month, day) = numbers(iso8601: text), CalendarDate(year: year, month: month, day: day) == nil
        else { return nil }
        guard (1...9999).contains(year) else {
            return "does not exist: years run from 0001 to 9999; expected a date as YYYY-MM-DD"
        }
        guard (1...12).contains(month) else {
            return "does not exist: there is no month \(month); expected a date as YYYY-MM-DD"
        }
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let days = days(inMonth: month, year: year)
        return "does not exist: \(names[month - 1]) \(year) has no day \(day), it has \(days) days"
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Orders dates in time.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
