import Foundation
import Testing

@testable import Tally

/// `Gen.data` draws buffers of every length, with the extreme bytes, and shrinks toward fewer zero bytes.
@Suite struct GenDataTests {
    @Test func countsAndBytesCoverTheEdges() {
        let buffers = samples(Gen.data(count: 0...8)).map(\.value)
        #expect(Set(buffers.map(\.count)) == Set(0...8))
        let bytes = Set(buffers.flatMap { $0 })
        #expect([0x00, 0xFF, 0x01, 0xFE, 0x80].allSatisfy(bytes.contains))
        #expect(samples(Gen.data()).contains { $0.value.count > 50 }, "without a count, long buffers later in a run")
        #expect(replaysExactly(Gen.data()))
        #expect(replay(Gen.data(count: 2...4), []) == Data([0, 0]))
    }

    @Test func shrinksTowardFewerAndSmallerBytes() async throws {
        let buffers = Gen.data()
        let start = try #require(samples(buffers).first { $0.value.count > 3 && $0.value.contains { $0 > 200 } })
            .choices
        let shrunk = await shrink(buffers, from: start) { $0.contains { $0 > 200 } }.value
        #expect(shrunk == Data([201]))
    }
}
