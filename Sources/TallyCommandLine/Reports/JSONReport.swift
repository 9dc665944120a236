import Foundation

/// A JSON report Tally writes and reads back (``FuzzReportJSON``, ``MutationReportJSON``): its text,
/// and how reading a file of it fails.
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
    /// for the entry that lacks what it needs (by its index from 0).
    static func read(_ path: String, what: String, expected: String, entryProblem: (Int) -> String) throws(ResultsFileError) -> Self {
        func fail(_ problem: String) -> ResultsFileError {
            ResultsFileError(message: "cannot read the \(what) \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch let error as UnreadableEntry {
            throw fail(entryProblem(error.index))
        } catch {
            throw fail(expected)
        }
    }
}

/// An entry of a JSON report's list that lacks what the report needs of it.
struct UnreadableEntry: Error {
    /// Its index in the list, from 0.
    var index: Int

    /// The entry `decoder` is decoding.
    init(_ decoder: any Decoder) {
        index = decoder.codingPath.last?.intValue ?? 0
    }
}

/// Why a results file beside a report (the fuzz's, `tally mutate`'s) could not be read.
struct ResultsFileError: Error {
    var message: String
}

extension KeyedDecodingContainer {
    /// The value at `key`, or `nil` when it is missing or of another type: for the fields a results
    /// file read back may lack.
    func lenient<Value: Decodable>(_ key: Key) -> Value? {
        (try? decodeIfPresent(Value.self, forKey: key)) ?? nil
    }
}
