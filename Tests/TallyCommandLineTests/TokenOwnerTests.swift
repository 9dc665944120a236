import Synchronization
import Testing

@testable import Tally
@testable import TallyCommandLine

/// Finding a token's owner runs nothing of its property: `tally replay` makes the case in a child,
/// where a generator that traps cannot end the command. Before, the owner regenerated a token of a
/// random state in its own process as it was found, and such a token's replay died of SIGILL there.
@Suite struct TokenOwnerTests {
    @Test func findingTheOwnerOfATokenRunsNotItsGenerator() throws {
        let made = Mutex(0)
        let property = Property(
            "counted (token owner)",
            Gen.int(in: 0...9).map { n in
                made.withLock { $0 += 1 }
                return n
            }
        ) { _ in }
        let catalog = TallyCatalog(propertySuites: [PropertySuite("s", properties: [property])], tableSuites: [])
        let token = ReplayToken(propertyID: property.id, randomStart: RandomSource(seed: 5))
        let owner = try #require(TokenOwner(of: token, in: catalog))
        #expect(owner.property.id == property.id && owner.index == 0 && owner.token == token)
        #expect(made.withLock { $0 } == 0, "the generator did not run")
        // In process, where no child makes the case, the choices are made here, when asked for.
        _ = owner.choices
        #expect(made.withLock { $0 } == 1)
    }
}
