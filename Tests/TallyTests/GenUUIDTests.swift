import Foundation
import Testing

@testable import Tally

/// `Gen.uuid` draws any bits and version-4 UUIDs, the nil and all-ones UUIDs among them.
@Suite struct GenUUIDTests {
    @Test func drawsVersion4AndAnyBitsAndTheEnds() {
        let uuids = samples(Gen.uuid, count: 2000).map(\.value)
        #expect(
            uuids.contains {
                $0.uuidString.dropFirst(14).first == "4" && "89AB".contains($0.uuidString.dropFirst(19).first!)
            })
        #expect(uuids.contains { $0.uuidString.dropFirst(14).first != "4" })
        #expect(uuids.contains { $0.uuidString.filter { $0 == "F" }.count >= 12 }, "runs of 0xFF bytes")
        #expect(Set(uuids).count > 1950, "only the favored ends repeat")
        #expect(replaysExactly(Gen.uuid))
        #expect(replay(Gen.uuid, []).uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test func shrinksTowardTheNilUUID() async throws {
        let start = try #require(samples(Gen.uuid).first { $0.value.uuid.15 > 16 }).choices
        let shrunk = await shrink(Gen.uuid, from: start) { $0.uuid.15 > 16 }.value
        #expect(shrunk.uuidString == "00000000-0000-0000-0000-000000000011")
    }
}
