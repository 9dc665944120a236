/// Base64 with the URL- and shell-safe alphabet (`-` and `_`) and no padding, as RFC 4648 §5 defines it.
///
/// Decoding is canonical: two different texts never decode to the same bytes (an edited token must not
/// pass as exact).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var bits: UInt32 = 0
            for (offset, byte) in chunk.enumerated() {
                let shift: UInt32 = 16 - 8 * UInt32(offset)
                bits |= UInt32(byte) << shift
            }
            for position in 0...chunk.count {
                let shift: UInt32 = 18 - 6 * UInt32(position)
                let sextet: UInt32 = (bits >> shift) & 63
                output.append(alphabet[Int(sextet)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether every character of `text` is one of the alphabet's.
    static func isInAlphabet(_ text: String) -> Bool {
        text.utf8.allSatisfy { alphabet.contains($0) }
    }

    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(value))
        }
        guard values.count % 4 != 1 else { return nil }
        let unusedBits = [0, 0, 4, 2][values.count % 4]
        if let last = values.last, last & UInt8((1 << unusedBits) - 1) != 0 { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var bits: UInt32 = 0
            for (offset, value) in chunk.enumerated() {
                let shift: UInt32 = 18 - 6 * UInt32(offset)
                bits |= UInt32(value) << shift
            }
            for position in 0..<(chunk.count - 1) {
                let shift: UInt32 = 16 - 8 * UInt32(position)
                let byte: UInt32 = (bits >> shift) & 0xFF
                output.append(UInt8(byte))
            }
            index += 4
        }
        return output
    }
}
