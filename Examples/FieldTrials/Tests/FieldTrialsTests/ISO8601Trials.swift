import Foundation
import Testing
import TrialSupport

/// `Date.ISO8601FormatStyle`: format → parse round trips, and an oracle for the calendar ISO 8601 fixes.
@Suite struct ISO8601Trials {
    static let withFractions = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Dates on whole milliseconds, the precision the fractional style writes.
    static let milliseconds = Gen.anyDate().map {
        Date(timeIntervalSinceReferenceDate: ($0.timeIntervalSinceReferenceDate * 1000).rounded() / 1000)
    }

    /// Dates in whole seconds, in the years ISO 8601 writes without agreement (1583 to 9999).
    static let agreedYears = Gen.anyDate(
        in: Date(
            timeIntervalSinceReferenceDate: -13_197_600_000)...Date(timeIntervalSinceReferenceDate: 252_423_993_599)
    ).map { Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down)) }

    static let fractionsRoundTrip = Trial(
        "ISO 8601 with fractional seconds: format then parse gives the date back", milliseconds
    ) { date in
        let text = withFractions.format(date)
        let parsed = try withFractions.parse(text)
        try ensureEqual(
            parsed.timeIntervalSinceReferenceDate, date.timeIntervalSinceReferenceDate,
            "seconds since 2001 of parse(\"\(text)\")")
    }

    /// Ten thousand years either side of year 0.
    static let anyYear =
        Date(timeIntervalSinceReferenceDate: -378_000_000_000)...Date(timeIntervalSinceReferenceDate: 252_423_993_599)

    static let wholeSecondsRoundTrip = Trial(
        "ISO 8601: format then parse gives any whole-second date back",
        Gen.anyDate(in: anyYear).map {
            Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate.rounded(.down))
        }
    ) { date in
        let text = Date.ISO8601FormatStyle().format(date)
        try ensureEqual(
            (try? Date.ISO8601FormatStyle().parse(text))?.timeIntervalSinceReferenceDate,
            date.timeIntervalSinceReferenceDate, "seconds since 2001 of parse(\"\(text)\")")
    }

    static let agreedYearsRoundTrip = Trial("ISO 8601: format then parse, years 1583 to 9999", agreedYears) { date in
        let text = Date.ISO8601FormatStyle().format(date)
        try ensureEqual(try Date.ISO8601FormatStyle().parse(text), date, "parse(\"\(text)\")")
    }

    static let prolepticGregorian = Trial("ISO 8601 writes the proleptic Gregorian date", Gen.anyDate()) { date in
        let text = Date.ISO8601FormatStyle().year().month().day().format(date)
        try ensureEqual(text, ProlepticGregorian.isoDate(of: date), "the proleptic Gregorian date ISO 8601 requires")
    }

    @Test func fractionalSecondsLoseAMillisecond() async {
        await Self.fractionsRoundTrip.expectKnownDefect(
            cases: 1000, shrinksTo: Date(timeIntervalSinceReferenceDate: 1.001),
            """
            2001-01-01T00:00:01.001Z formats as …01.000Z: \
            milliseconds are truncated (swift-foundation#1997, fixed after 6.3)
            """
        )
    }

    @Test func yearsBeforeOneBCDoNotParse() async {
        await Self.wholeSecondsRoundTrip.expectKnownDefect(
            cases: 1000, shrinksTo: Date(timeIntervalSinceReferenceDate: -63_145_699_201),
            "-0001-12-31T23:59:59Z is formatted but not parsed")
    }

    @Test func datesBeforeTheGregorianReformAreWrittenInTheJulianCalendar() async {
        await Self.prolepticGregorian.expectKnownDefect(
            cases: 1000, shrinksTo: Date(timeIntervalSinceReferenceDate: -13_221_532_800),
            "1582-01-11 (proleptic Gregorian) is written 1582-01-01, its Julian date")
    }

    @Test func agreedYearsRoundTrip() async {
        await Self.agreedYearsRoundTrip.expectHolds(cases: 500)
    }
}
