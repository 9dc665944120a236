import Fares
import Testing

/// The fixture's one test: the half fare from 65, which the table does not say until the rows at the
/// limits are added. It kills the mutants of that limit before any row does.
@Test func theHalfFareStartsAt65() {
    #expect(Fares.price(age: 64, full: 200) == 200)
    #expect(Fares.price(age: 65, full: 200) == 100)
}
