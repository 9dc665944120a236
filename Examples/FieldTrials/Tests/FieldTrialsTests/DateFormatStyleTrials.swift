import Foundation
import Testing
import TrialSupport

/// `Date.FormatStyle` with every field, in a fixed locale and zone: format then parse.
@Suite struct DateFormatStyleTrials {
    static let style: Date.FormatStyle = {
        var style = Date.FormatStyle(locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)
            .era().year().month(.twoDigits).day(.twoDigits).hour(.twoDigits(amPM: .abbreviated)).minute(.twoDigits)
            .second(.twoDigits)
        style.calendar = Calendar(identifier: .gregorian)
        return style
    }()

    /// Whole seconds from `range`.
    static func dates(in range: ClosedRange<Date>) -> Gen<Date> {
        Gen(
            Gen.anyDate(in: range).map {
                Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down))
            })
    }

    static func roundTrip(_ dates: Gen<Date>, _ years: String) -> Trial<Date> {
        Trial("Date.FormatStyle: format then parse gives the date back, \(years)", dates) { date in
            let text = style.format(date)
            try ensureEqual(
                try style.parseStrategy.parse(text).timeIntervalSinceReferenceDate, date.timeIntervalSinceReferenceDate,
                "seconds since 2001 of parse(\"\(text)\")")
        }
    }

    /// Years 100 to 4001.
    static let laterYears = Date(timeIntervalSinceReferenceDate: -59_011_459_200)...Date.distantFuture

    @Test func everyFieldRoundTripsFromYear100() async {
        await Self.roundTrip(Self.dates(in: Self.laterYears), "years 100 to 4001").expectHolds(cases: 300)
    }

    static let verbatim = Date.VerbatimFormatStyle(
        format: """
            \(year: .extended(minimumLength: 4))-\(month: .twoDigits)-\(day: .twoDigits) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\
            \(minute: .twoDigits):\(second: .twoDigits)
            """,
        timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian))

    static let verbatimRoundTrip = Trial(
        "Date.VerbatimFormatStyle: format then parse gives the date back",
        dates(in: Date.distantPast...Date.distantFuture)
    ) { date in
        let text = verbatim.format(date)
        try ensureEqual(
            try Date(text, strategy: verbatim.parseStrategy).timeIntervalSinceReferenceDate,
            date.timeIntervalSinceReferenceDate, "seconds since 2001 of parse(\"\(text)\")")
    }

    @Test func verbatimFormatRoundTrips() async { await Self.verbatimRoundTrip.expectHolds(cases: 300) }

    /// Years 1 to 199: the first centuries, where a year has fewer than four digits.
    static let firstCenturies = Date.distantPast...Date(timeIntervalSinceReferenceDate: -55_855_785_600)

    @Test func yearsBelow100ParseAsTwoDigitYears() async {
        await Self.roundTrip(Self.dates(in: Self.firstCenturies), "years 1 to 199").expectKnownDefect(
            cases: 1000, shrinksTo: Date(timeIntervalSinceReferenceDate: -59_989_939_201),
            "the last second of year 99 formats as \"12/31/99 A, 11:59:59 PM\" and parses as 1999")
    }
}
