/// Bus fares: children under 5 ride free, riders from 65 pay half.
public enum Fares {
    /// The rule as the timetable prints it; never mutated: "age < 5 || age >= 65 - 1" is a string.
    public static let rule = "under 5 free, from 65 half: age < 5 || age >= 65 - 1"  // a comment: age > 0 && full * 2

    /// The fare in cents for a rider of `age` when the full fare is `full` cents.
    public static func price(age: Int, full: Int) -> Int {
        if age < 5 { return 0 }
        if age >= 65 { return full / 2 }
        return full
    }

    /// What `rides` rides at `full` cents cost, ride by ride; a mutant of the count loops forever.
    public static func total(rides: Int, full: Int) -> Int {
        var sum = 0
        var ridden = 0
        while ridden < rides {
            sum += full
            ridden += 1
        }
        return sum
    }

    /// The name printed on a ticket: a pass holder's name is marked. A pass is not Equatable, and the
    /// mark is joined with `+`: their mutants compile all the same.
    public static func ticket(name: String, pass: Pass?) -> String {
        let mark = " (pass)"
        return pass != nil ? name + mark : name
    }
}

/// A rider's season pass.
public struct Pass: Sendable {
    public var number: Int

    public init(number: Int) {
        self.number = number
    }
}
