import Foundation
import Tally
import Testing

/// `JSONEncoder` then `JSONDecoder` give back any `Codable` value: nested, optional, keyed by strings and
/// integers, with floating-point edge values and any text.
@Suite struct JSONTrials {
    struct Reading: Codable, Equatable, Sendable {
        var label: String
        var value: Double
        var ratio: Float?
        var taken: Date
    }

    struct Station: Codable, Equatable, Sendable {
        var id: UUID
        var name: String
        var readings: [Reading]
        var tags: [String: Int]
        var byChannel: [Int: String?]
        var firmware: Data
    }

    static let text = Gen.string(of: .grapheme, length: 0...8)

    static let readings = Gen.zip(
        text, Gen.anyDouble(includingNonFinite: false), Gen<Float>.anyFloat(includingNonFinite: false).optional, Gen.anyDate()
    ).map(Reading.init)

    static let stations = Gen.zip(
        Gen.uuid, text, readings.array(length: 0...4),
        Gen<[String: Int]>.dictionary(keys: text, values: Gen<Int>.anyInt, count: 0...3),
        Gen<[Int: String?]>.dictionary(keys: Gen<Int>.anyInt, values: text.optional, count: 0...3),
        Gen.data(count: 0...8)
    ).map(Station.init)

    static let roundTrip = Trial("JSONEncoder then JSONDecoder gives the value back", stations) { station in
        let json = try JSONEncoder().encode(station)
        try ensureEqual(try JSONDecoder().decode(Station.self, from: json), station, String(decoding: json, as: UTF8.self))
    }

    @Test func codableValuesRoundTrip() async {
        await Self.roundTrip.expectHolds(cases: 300)
    }
}
