/// The checksum that makes a replay token exact or refused: `<8 hex digits>.<base64url of payload ‖
/// checksum>`. Three bytes cover the property hash and every payload byte, so a token cut anywhere (even
/// between two choices) or edited is refused; they cost four characters and let a damaged token through
/// once in 16.7 million.
extension ReplayToken {
    /// Bytes of checksum at the end of every token's payload.
    static let checksumLength = 3

    /// The text of a token: `propertyHash`, a dot, then `payload` and its checksum as base64url.
    static func seal(propertyHash: String, payload: [UInt8]) -> String {
        propertyHash + "." + Base64URL.encode(payload + checksum(propertyHash: propertyHash, payload: payload))
    }

    /// The property hash and payload of a sealed token, or the error saying it is damaged.
    static func unseal(_ text: String) throws(ReplayTokenError) -> (propertyHash: String, payload: [UInt8]) {
        let token = text.trimmingWhitespace()
        func damaged(_ reason: String) -> ReplayTokenError { ReplayTokenError(token: token, reason: reason) }
        let parts = token.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit) else {
            throw damaged("it does not start with 8 hexadecimal digits and a \".\"")
        }
        guard Base64URL.isInAlphabet(String(parts[1])) else {
            throw damaged("after the \".\" it holds characters other than A–Z a–z 0–9 - _")
        }
        guard let bytes = Base64URL.decode(String(parts[1])) else {
            throw damaged("it ends where no token can end")
        }
        guard bytes.count >= checksumLength else { throw damaged("it is too short to hold its checksum") }
        let hash = parts[0].lowercased()
        let payload = Array(bytes.dropLast(checksumLength))
        guard Array(bytes.suffix(checksumLength)) == checksum(propertyHash: hash, payload: payload) else {
            throw damaged("its checksum does not match")
        }
        return (hash, payload)
    }

    /// Three bytes of a mixed FNV-1a hash of the property hash's text and the payload.
    static func checksum(propertyHash: String, payload: [UInt8]) -> [UInt8] {
        let mixed = spread(StableHash.of(Array(propertyHash.utf8) + [0x2E] + payload))
        return (0..<checksumLength).map { UInt8(truncatingIfNeeded: mixed >> (8 * UInt64($0))) }
    }

    /// Bit i of an FNV-1a hash depends only on bits 0...i of its input bytes: a finalizer spreads them.
    /// Plain arithmetic, so that a fatal-signal handler can seal a token with it too.
    @inline(__always)
    static func spread(_ hash: UInt64) -> UInt64 {
        var mixed = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        mixed = (mixed ^ (mixed >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return mixed ^ (mixed >> 33)
    }
}
