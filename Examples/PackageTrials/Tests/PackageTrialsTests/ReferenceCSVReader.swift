/// A CSV reader written from RFC 4180 alone, the oracle the CSV packages' parsers are compared with.
///
/// It reads the text's Unicode scalars (RFC 4180's characters are ASCII bytes; a scalar is the same unit
/// for them, and splits nothing a UTF-8 reader would keep together). Where the RFC's grammar is ambiguous it
/// takes the reading every CSV reader takes: a line break ends a record, and the text after the last line
/// break, if there is any, is the last record. So `""` (no text) holds no record, `"\n"` one record of one
/// empty field, and `"a\n"` and `"a"` the same one record.
enum ReferenceCSVReader {
    /// Text this reader rejects: what the grammar of `CSVDocuments` never writes.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The records of `text`, each a list of fields, quotes removed and doubled quotes made single; a line
    /// break is CRLF or LF.
    static func records(_ text: String) throws -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var records: [[String]] = []
        while index < scalars.count {
            var record = [try field(scalars, &index)]
            while index < scalars.count, scalars[index] == "," {
                index += 1
                record.append(try field(scalars, &index))
            }
            records.append(record)
            if index < scalars.count { try lineBreak(scalars, &index) }
        }
        return records
    }

    /// `field = escaped / non-escaped`, from `index` to the comma, line break or end after it.
    private static func field(_ scalars: [Unicode.Scalar], _ index: inout Int) throws -> String {
        var field = String.UnicodeScalarView()
        guard index < scalars.count, scalars[index] == "\"" else {
            while index < scalars.count, !"\",\r\n".unicodeScalars.contains(scalars[index]) {
                field.append(scalars[index])
                index += 1
            }
            if index < scalars.count, scalars[index] == "\"" {
                throw Malformed(description: "a quote in an unquoted field at scalar \(index)")
            }
            return String(field)
        }
        index += 1
        while true {
            guard index < scalars.count else { throw Malformed(description: "a quoted field not closed") }
            if scalars[index] == "\"" {
                guard index + 1 < scalars.count, scalars[index + 1] == "\"" else { break }
                index += 1
            }
            field.append(scalars[index])
            index += 1
        }
        index += 1
        if index < scalars.count, !",\r\n".unicodeScalars.contains(scalars[index]) {
            throw Malformed(description: "\(scalars[index]) after a closing quote at scalar \(index)")
        }
        return String(field)
    }

    /// CRLF or LF.
    private static func lineBreak(_ scalars: [Unicode.Scalar], _ index: inout Int) throws {
        if scalars[index] == "\n" {
            index += 1
        } else if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
            index += 2
        } else {
            throw Malformed(description: "no line break at scalar \(index)")
        }
    }
}
