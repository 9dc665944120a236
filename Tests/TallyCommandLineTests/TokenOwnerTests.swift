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

    /// A token no property owns is refused by replay and promote in the same words, saying where they looked
    /// and what most often happened; promote said only "no property has the hash 832bf8a4".
    @Test func aTokenOfNoPropertyIsRefusedInTheSameWordsByReplayAndPromote() async {
        let token = ReplayToken(propertyID: "halves", choices: [1])
        let refusal =
            "owns the token \(token) (its property hash is \(token.propertyHash)): the property was renamed or "
            + "removed since the token was printed"
        let replay = await CheckSelectionTests.check(
            ["replay", token.description], properties: [CheckSelectionTests.evens])
        let promote = await CheckSelectionTests.check(
            ["promote", token.description, "--table", "toy/rates.csv"], properties: [CheckSelectionTests.evens])
        #expect(replay.status == 2 && promote.status == 2)
        #expect(replay.err.contains(refusal), "\(replay.err)")
        #expect(
            promote.err.hasPrefix("tally promote: error: no property in tally's catalog \(refusal)"), "\(promote.err)")
    }
}
