import Testing

@testable import Tally

/// A `forAll` around a zip takes the parts as parameters, as a newcomer writes it. Before, it did not
/// compile: "pack expansion requires that 'Generators.Zip2<…>' and '_, _' have the same shape".
@Suite(.propertySettings(savesFailures: false)) struct ForAllTuplesTests {
    @Test(.propertiesUnchosen) func aZipsPartsAreParametersAndTheDiscountBugShrinksToOneCentAtHalf() async throws {
        let issues = await issuesRecorded {
            await forAll(Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...100))) { cents, percent in
                let pay = (cents * (100 - percent) + 50) / 100, discount = (cents * percent + 50) / 100
                #expect(pay + discount == cents)
            }
        }
        try #require(issues.count == 1)
        #expect(issues[0].text.contains("\n  (1, 50)\n"), "\(issues[0].text)")
    }

    @Test func triplesAndAsynchronousBodiesToo() async {
        let issues = await issuesRecorded {
            await forAll(Gen.zip(Gen.int(in: 0...9), Gen.int(in: 0...9), Gen.bool)) { a, b, flag in
                #expect(a + b == b + a || flag)
            }
            await forAll(Gen.zip(Gen.int(in: 0...9), Gen.int(in: 0...9))) { a, b in
                await Task.yield()
                #expect(a * b == b * a)
            }
            await forAll(Gen.zip(Gen.int(in: 0...9), Gen.int(in: 0...9))) { pair in
                #expect(pair.0 + pair.1 == pair.1 + pair.0)
            }
        }
        #expect(issues.isEmpty)
    }
}
