/// Bus fares: children under 5 ride free, riders from 65 pay half.
public enum Fares {
    /// The rule as the timetable prints it; never mutated: "age < 5 || age >= 65 - 1" is a string.
    public static let rule = "under 5 free, from 65 half: age < 5 || age >= 65 - 1" // and a comment: age > 0 && full * 2

    /// The fare in cents for a rider of `age` when the full fare is `full` cents.
    public static func price(age: Int, full: Int) -> Int {
        if age < 5 { return 0 }
        if age >= 65 { return full / 2 }
        return full
    }
}
