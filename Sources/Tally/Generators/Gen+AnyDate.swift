import Foundation

extension Gen where Value == Date {
    /// A generator of instants anywhere in `range`, drawn with the calendar in mind: besides any second
    /// it draws the moments date code gets wrong in `calendar` and its time zone — the seconds around a
    /// year's or a month's start, a leap day and a daylight-saving transition — and fractions of a second.
    ///
    /// Values shrink toward 2001-01-01 00:00:00 UTC (or the end of `range` nearest it), then toward whole
    /// seconds. The default span is years 1 to 4001 and the default calendar the Gregorian one in UTC,
    /// which has no daylight-saving transitions: pass your own.
    public static func anyDate(
        in range: ClosedRange<Date> = Date.distantPast...Date.distantFuture,
        calendar: Calendar = CalendarMoments.gregorianUTC
    ) -> Gen<Date> {
        let lower = range.lowerBound.timeIntervalSinceReferenceDate.rounded(.up)
        let upper = range.upperBound.timeIntervalSinceReferenceDate.rounded(.down)
        let seconds = IntegerChoiceMapping<Int64>(Int64(min(lower, upper))...Int64(max(lower, upper)))
        let moments = CalendarMoments(calendar: calendar, range: range)
        // Kinds of whole second, simplest first: any second of the span, a moment of the calendar.
        // Kinds of fraction: none, whole milliseconds, whole microseconds, any.
        let secondKinds = [1, 1], fractionKinds = [2, 2, 1, 1]
        let milliseconds = IntegerChoiceMapping<Int64>(1...999), microseconds = IntegerChoiceMapping<Int64>(1...999_999)
        return Gen { source in
            let whole: Double = source.oneOfKinds(weights: secondKinds) { kind, source in
                kind == 0 ? Double(source.draw(scaled: seconds)) : moments.moment(&source)
            }
            let fraction: Double = source.oneOfKinds(weights: fractionKinds) { kind, source in
                switch kind {
                case 0: 0
                case 1: Double(source.draw(milliseconds)) / 1000
                case 2: Double(source.draw(microseconds)) / 1_000_000
                default: Double(source.draw(upTo: 1 << 52 - 1)) / 0x1p52
                }
            }
            let interval = min(
                max(whole + fraction, range.lowerBound.timeIntervalSinceReferenceDate),
                range.upperBound.timeIntervalSinceReferenceDate)
            return Date(timeIntervalSinceReferenceDate: interval)
        }
    }
}
