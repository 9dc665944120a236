import Foundation

/// The oracle for ISO 8601's calendar: the proleptic Gregorian date of an instant in UTC, from days since
/// 1970 by Howard Hinnant's `civil_from_days`, with no calendar library involved.
enum ProlepticGregorian {
    /// `YYYY-MM-DD`, with a sign and at least four digits for years outside 0000–9999, as ISO 8601
    /// writes an expanded year.
    static func isoDate(of date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let digits = String(abs(year)).leftPadded(to: 4)
        return "\(year < 0 ? "-" : "")\(digits)-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
