import Foundation
import Testing

@testable import Tally

/// A struct built from generators with `Gen.zip(…).map(Type.init)` shrinks field by field: every field
/// is its own run of choices, so each reaches its own simplest failing value.
@Suite struct GeneratorsZipTests {
    struct Member: Equatable, Sendable {
        var name: String
        var age: Int
        var email: String?
        var joined: Date
    }

    static let members = Gen.zip(
        Gen.string(of: .grapheme, length: 0...10), Gen.int(in: 0...120),
        Gen.string(of: .alphanumeric, length: 1...12).optional, Gen.anyDate()
    ).map(Member.init)

    @Test func theInitializerTakesTheTupleAsItsArguments() {
        #expect(
            replay(Self.members, [])
                == Member(name: "", age: 0, email: nil, joined: Date(timeIntervalSinceReferenceDate: 0)))
        #expect(replaysExactly(Self.members))
    }

    @Test func eachFieldShrinksOnItsOwn() async throws {
        let property = Property("older members have ASCII names", Self.members) { member in
            if member.age > 30 && !member.name.allSatisfy(\.isASCII) { throw PropertyFailure("non-ASCII name") }
        }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = 1000
        let example = try #require(await property.check(configuration).counterexample)
        #expect(
            example.value(as: Member.self)
                == Member(name: "À", age: 31, email: nil, joined: Date(timeIntervalSinceReferenceDate: 0)))
    }
}
