/// Recognizes files that are not UTF-8 text, so that a table saved the wrong way gets one message
/// saying what it looks like and how to save it again, instead of a problem on every line.
enum CSVEncoding {
    /// How to fix any of these files, in the words of the apps people use.
    static let resave =
        "re-save it as \"CSV UTF-8 (Comma delimited)\" in Excel, or as CSV with UTF-8 encoding in other apps"

    /// What the start of a file says it is when it is not UTF-8 text, or `nil` when it may be.
    static func foreignFormat(of start: ArraySlice<UInt8>) -> String? {
        func starts(with prefix: [UInt8]) -> Bool { start.starts(with: prefix) }
        if starts(with: [0xFF, 0xFE, 0, 0]) { return "UTF-32 text (little-endian)" }
        if starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32 text (big-endian)" }
        if starts(with: [0xFF, 0xFE]) { return "UTF-16 text (little-endian, as Excel's \"Unicode Text\" saves)" }
        if starts(with: [0xFE, 0xFF]) { return "UTF-16 text (big-endian)" }
        if starts(with: Array("PK".utf8) + [3, 4]) { return "an Excel workbook (.xlsx) or another zip archive" }
        if starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return "an Excel 97–2004 workbook (.xls)" }
        let sample = start.prefix(4096)
        var evenNULs = 0, oddNULs = 0
        for (offset, byte) in sample.enumerated() where byte == 0 {
            if offset % 2 == 0 { evenNULs += 1 } else { oddNULs += 1 }
        }
        guard evenNULs + oddNULs > 0 else { return nil }
        let pairs = sample.count / 2
        if oddNULs * 3 > pairs, evenNULs * 4 < oddNULs {
            return "UTF-16 text (little-endian, without a byte-order mark)"
        }
        if evenNULs * 3 > pairs, oddNULs * 4 < evenNULs { return "UTF-16 text (big-endian, without a byte-order mark)" }
        return "binary data (it holds NUL bytes)"
    }

    /// The problem for a file whose start is `format`.
    static func foreignFileMessage(_ format: String) -> String {
        "the file is \(format), not CSV text in UTF-8: \(resave)"
    }

    /// The problem for a NUL byte inside a file that started as text.
    static let nulMessage = "a NUL byte: the file holds binary data here, not text; \(resave)"

    /// The problem for the first byte that is not UTF-8, naming what it would be in Windows-1252, the
    /// encoding of Excel's plain "CSV (Comma delimited)" format.
    static func notUTF8Message(byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        let shown =
            windows1252(byte).map { " (\"\($0)\" in Windows-1252, the encoding of Excel's plain \"CSV\" format)" } ?? ""
        return "the file is not UTF-8: byte 0x\(hex) here is not valid UTF-8\(shown); \(resave)"
    }

    /// The character `byte` stands for in Windows-1252, when it is printable.
    static func windows1252(_ byte: UInt8) -> Character? {
        switch byte {
        case 0xA1...0xFF: return Character(Unicode.Scalar(byte))
        case 0x80...0x9F:
            let table: [UInt8: Character] = [
                0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
                0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
                0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
            ]
            return table[byte]
        default: return nil
        }
    }

    /// The offset of the first byte of `bytes` that does not begin a valid UTF-8 sequence.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var iterator = bytes.makeIterator(), decoder = Unicode.UTF8(), offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
