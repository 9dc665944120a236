import Foundation
import Tally

/// JSON text that is YAML too, drawn from a grammar: objects and arrays nested up to three deep, strings
/// with every escape JSON has (but a surrogate pair: YAML's `\u` names one code point), integers, decimal
/// fractions ending in 5 (no exponent: YAML 1.1 reads `1e3` as a string; never integral: `JSONDecoder` reads
/// `0.0` as the `Int` 0), `true`, `false`, `null`, and a space after
/// every `:` and `,` (YAML 1.1 needs it). YAML 1.2 is a superset of JSON, so a YAML reader must read each as
/// `JSONDecoder` does.
enum JSONDocuments {
    static let escapes = [
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u0000"#, #"\u001F"#,
        #"\u2028"#, #"\u0085"#, #"\uFEFF"#, #"\u00A0"#,
    ]

    static let characters: [Character] = ["a", "b", ":", "#", "-", "'", "[", "{", ",", "&", "*", "é", "😀", " "]

    /// Documents whose strings hold `escapes`, JSON's all by default.
    static func documents(escapes: [String] = escapes) -> Gen<String> {
        Gen.grammar(
            start: "value", depth: 6,
            rules: [
                "value": [
                    [.rule("scalar")], ["[]"], ["{}"], ["[", .rule("value"), .repeated("more", 0...2), "]"],
                    ["{", .rule("pair"), .repeated("more pairs", 0...2), "}"],
                ],
                "more": [[", ", .rule("value")]],
                "pair": [[.rule("string"), ": ", .rule("value")]],
                "more pairs": [[", ", .rule("pair")]],
                "scalar": [
                    [.generated(Gen.int(in: -999...999).map(String.init))], [.rule("string")], ["true"], ["false"],
                    ["null"], [.generated(Gen.int(in: -9999...9999).map { "\($0 / 100).\(abs($0 % 100))5" })],
                ],
                "string": [["\"", .repeated("string part", 0...3), "\""]],
                "string part": [
                    [.generated(Gen.string(of: Gen.element(of: characters), length: 1...3))],
                    [.generated(Gen.element(of: escapes))],
                ],
            ])
    }
}

/// A JSON value as `JSONDecoder` reads it.
enum JSONValue: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as ``YAMLLoadedValue`` holds what `Yams.load` returns.
    var loaded: YAMLLoadedValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value.bitPattern)
        case .string(let value): .string(value)
        case .array(let values): .sequence(values.map(\.loaded))
        case .object(let pairs):
            .mapping(Dictionary(uniqueKeysWithValues: pairs.map { (.string($0.key), $0.value.loaded) }))
        }
    }
}
