import Foundation
import Testing

@testable import Tally

/// `Gen.anyDate` draws the moments date code gets wrong, anywhere in its span, and shrinks toward 2001.
@Suite struct GenAnyDateTests {
    static let newYork: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar
    }()
    static let utc = CalendarMoments.gregorianUTC

    @Test func theHardMomentsShowUpInAThousandCases() {
        let dates = samples(Gen.anyDate(calendar: Self.newYork)).map(\.value)
        let zone = Self.newYork.timeZone
        #expect(
            dates.contains { date in
                let transition = zone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-3600))
                return transition.map { abs($0.timeIntervalSince(date)) < 3600 } ?? false
            }, "within an hour of a daylight-saving transition")
        let parts = dates.map { Self.newYork.dateComponents([.year, .month, .day, .hour, .minute, .second], from: $0) }
        #expect(parts.contains { $0.month == 2 && $0.day == 29 }, "a leap day")
        #expect(
            parts.contains { $0.month == 12 && $0.day == 31 && $0.hour == 23 && $0.minute == 59 },
            "the last minute of a year")
        #expect(
            parts.contains { $0.month == 1 && $0.day == 1 && $0.hour == 0 && $0.minute == 0 },
            "the first minute of a year")
        #expect(
            parts.contains { ($0.year ?? 2001) < 1000 } && parts.contains { ($0.year ?? 2001) > 3000 }, "far from now")
        let fractions = dates.map {
            $0.timeIntervalSinceReferenceDate - $0.timeIntervalSinceReferenceDate.rounded(.down)
        }
        #expect(fractions.contains(0) && fractions.contains { $0 > 0 }, "whole seconds and fractions")
    }

    @Test func staysInItsRangeAndReplays() {
        let start = Date(timeIntervalSince1970: 1_767_225_600), end = start.addingTimeInterval(86_400 * 365)
        let narrow = Gen.anyDate(in: start...end, calendar: Self.newYork)
        let dates = samples(narrow).map(\.value)
        #expect(dates.allSatisfy { (start...end).contains($0) })
        #expect(
            dates.contains {
                Self.newYork.dateComponents([.month, .day], from: $0) == DateComponents(month: 3, day: 8)
            }, "the 2026 spring-forward day")
        #expect(replay(narrow, []) == start, "shrinks toward the end nearest 2001")
        #expect(replaysExactly(Gen.anyDate(calendar: Self.newYork)))
        #expect(replay(Gen.anyDate(), []) == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func shrinksTowardTheStartOf2001() async throws {
        let dates = Gen.anyDate()
        func shrunk(_ fails: @escaping (Date) -> Bool) async throws -> Date {
            let start = try #require(samples(dates, count: 2000).first { fails($0.value) }).choices
            return await shrink(dates, from: start, fails).value
        }
        let reference = Date(timeIntervalSinceReferenceDate: 0)
        #expect(try await shrunk { $0 < reference } == reference.addingTimeInterval(-1))
        #expect(
            try await shrunk { $0.timeIntervalSinceReferenceDate.rounded() != $0.timeIntervalSinceReferenceDate }
                == reference.addingTimeInterval(0.001))
        let leapDay = try await shrunk {
            Self.utc.dateComponents([.month, .day], from: $0) == DateComponents(month: 2, day: 29)
        }
        #expect(leapDay == Self.utc.date(from: DateComponents(year: 2004, month: 2, day: 29)))
        let before1000 = try await shrunk { Self.utc.component(.year, from: $0) < 1000 }
        #expect(
            before1000
                == Self.utc.date(from: DateComponents(year: 999, month: 12, day: 31, hour: 23, minute: 59, second: 59)))
    }
}
