import Tally
import Testing

/// An empty `element(of:)`, `oneOf` or `frequency` has no value to draw: it stops where it is written,
/// naming that file and line.
@Suite struct GenEmptyInputTests {
    @Test func elementOfAnEmptyCollectionNamesItsCallSite() async throws {
        let line = #line + 1  // an exit test's call names the line its #require starts on
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen<Int>.element(of: [Int]())
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "TallyTests/GenEmptyInputTests.swift:\(line): Precondition failed: Gen.element(of:) "
                    + "was given no elements to draw from"
            ))
    }

    @Test func oneOfNothingNamesItsCallSite() async throws {
        let line = #line + 1  // an exit test's call names the line its #require starts on
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen<Int>.oneOf([])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "TallyTests/GenEmptyInputTests.swift:\(line): Precondition failed: "
                    + "Gen.oneOf was given no generators to pick from"
            ))
    }

    @Test func frequencyWithNoWeightNamesItsCallSite() async throws {
        let line = #line + 1  // an exit test's call names the line its #require starts on
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen<Int>.frequency([(0, Gen.int(in: 0...9))])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "TallyTests/GenEmptyInputTests.swift:\(line): Precondition failed: "
                    + "Gen.frequency needs a weight above zero"))
    }
}
