/// How a CSV file separates its fields: an Excel `sep=` first line, or the delimiter its header uses.
enum CSVDialect {
    private static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// The delimiter an Excel `sep=;` line at `start` chooses, and where the next line starts.
    static func excelSeparatorLine(_ bytes: [UInt8], from start: Int) -> (delimiter: UInt8, next: Int)? {
        let prefix = Array("sep=".utf8)
        guard bytes.count >= start + 5, Array(bytes[start..<start + 4]).map({ $0 | 0x20 }) == prefix.map({ $0 | 0x20 })
        else { return nil }
        let delimiter = bytes[start + 4]
        var next = start + 5
        guard next == bytes.count || bytes[next] == lf || bytes[next] == cr else { return nil }
        if next < bytes.count {
            if bytes[next] == cr, next + 1 < bytes.count, bytes[next + 1] == lf { next += 1 }
            next += 1
        }
        return (delimiter, next)
    }

    /// The most frequent of `,` `;` and tab outside quotes on the first line; `,` when none appears.
    static func detectDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var inQuotes = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote { inQuotes.toggle() }
            if !inQuotes, byte == lf || byte == cr { break }
            if !inQuotes, counts[byte] != nil { counts[byte]! += 1 }
            index += 1
        }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!
        return best.value > 0 ? best.key : UInt8(ascii: ",")
    }
}
