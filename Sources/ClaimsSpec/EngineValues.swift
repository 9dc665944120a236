import Claims
import Tally

/// Engine values made by generators that draw only valid terms: tiers, plans, claim lines.
///
/// The engine decides what it accepts, so a wrong engine may refuse terms the spec knows are valid
/// (a tier whose deductible equals its out-of-pocket maximum, the 28th of February). Such a case is
/// marked invalid with the engine's reason (``ChoiceSource/reject(_:)``) instead of trapping: the
/// property drawing it runs on other cases or gives up saying why, and the rows and properties that
/// state the rule the engine broke fail. The invalid case still needs a value, never used: the first
/// of `standIns` the engine accepts. Only an engine that refuses every stand-in too traps.
enum EngineValues {
    static func built<Terms: Generator, Value>(
        _ what: String, from terms: Terms, standIns: [Terms.Value],
        _ make: @escaping @Sendable (Terms.Value) throws -> Value
    ) -> Gen<Value> where Terms.Value: Sendable {
        Gen { source in
            let drawn = terms.generate(&source)
            do {
                return try make(drawn)
            } catch {
                source.reject("the engine refused a valid \(what), \(drawn): \(error)")
                for standIn in standIns {
                    if let value = try? make(standIn) { return value }
                }
                fatalError("the engine refused a valid \(what), \(drawn): \(error); and every stand-in: \(standIns)")
            }
        }
    }
}

/// What a spec knows is valid and the engine refused, reported by the row or property that met it.
struct EngineRefusal: Error, CustomStringConvertible {
    var description: String
}

extension ServiceDate {
    /// The date of a day the calendar has; throws ``EngineRefusal`` when the engine refuses it.
    static func known(year: Int, month: Int, day: Int) throws -> ServiceDate {
        guard let date = ServiceDate(year: year, month: month, day: day) else {
            throw EngineRefusal(
                description: "the engine refused the date \(year)-\(month)-\(day), a day of the calendar")
        }
        return date
    }
}
