/// FNV-1a, 64 bits: a hash that is the same in every process, unlike `Hasher`, for seeds and file names.
public enum StableHash {
    /// The FNV-1a hash of the UTF-8 bytes of `text`.
    public static func of(_ text: String) -> UInt64 {
        of(Array(text.utf8))
    }

    /// The FNV-1a hash of `bytes`.
    public static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash as 16 lowercase hexadecimal digits.
    public static func hex(_ text: String) -> String {
        let digits = String(of(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
