import Foundation

/// A JSON report Tally writes and reads back (``FuzzReportJSON``, ``MutationReportJSON``): one Codable
/// type for the writer and the reader. Its fields marked ``Lenient`` may be missing or of another type
/// in a file read back; the others are what the report cannot do without.
protocol JSONReport: Codable {}

extension JSONReport {
    /// The report as text: pretty-printed, keys sorted, a final line break. Throws rather than write
    /// an empty report when a value cannot be JSON (a number that is not finite).
    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Reads the report at `path`; what cannot be read is an error that names `what` the file holds
    /// (`fuzz results`), with `expected` when it is not a report of this shape, or `entryProblem`
    /// for the entry of a list that lacks what it needs (by its index from 0).
    static func read(_ path: String, what: String, expected: String, entryProblem: (Int) -> String)
        throws(ResultsFileError) -> Self
    {
        func fail(_ problem: String) -> ResultsFileError {
            ResultsFileError(message: "cannot read the \(what) \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw fail((error as? DecodingError)?.entryIndex.map(entryProblem) ?? expected)
        }
    }
}

extension DecodingError {
    /// The index of the entry of a report's list whose field is missing or unreadable (the error is at
    /// `list[index].field`); `nil` when the report as a whole is not of the shape.
    fileprivate var entryIndex: Int? {
        let path: [any CodingKey]
        switch self {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: return nil
        }
        return path.count >= 3 ? path[1].intValue : nil
    }
}

/// Why a results file beside a report (the fuzz's, `tally mutate`'s) could not be read.
struct ResultsFileError: Error {
    var message: String
}

/// A field of a JSON report that a file read back may lack: missing, `null` or of another type, it
/// reads as empty (``LenientDefault``), as a hand-written file wants. An empty optional is not written.
@propertyWrapper
struct Lenient<Value: Codable & LenientDefault>: Codable {
    var wrappedValue: Value

    init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        wrappedValue = (try? decoder.singleValueContainer().decode(Value.self)) ?? .lenientDefault
    }

    func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    func decode<Value>(_: Lenient<Value>.Type, forKey key: Key) throws -> Lenient<Value> {
        try decodeIfPresent(Lenient<Value>.self, forKey: key) ?? Lenient(wrappedValue: .lenientDefault)
    }
}

extension KeyedEncodingContainer {
    mutating func encode<Wrapped>(_ value: Lenient<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

/// What a ``Lenient`` field reads as when the file does not hold it.
protocol LenientDefault {
    static var lenientDefault: Self { get }
}

extension String: LenientDefault { static var lenientDefault: String { "" } }
extension Int: LenientDefault { static var lenientDefault: Int { 0 } }
extension Double: LenientDefault { static var lenientDefault: Double { 0 } }
extension Bool: LenientDefault { static var lenientDefault: Bool { false } }
extension Array: LenientDefault { static var lenientDefault: Array { [] } }
extension Dictionary: LenientDefault { static var lenientDefault: Dictionary { [:] } }
extension Optional: LenientDefault { static var lenientDefault: Optional { nil } }
