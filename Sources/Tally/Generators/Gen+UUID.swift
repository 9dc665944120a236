import Foundation

extension Gen where Value == UUID {
    /// A generator of UUIDs: any 128 bits, or a random (version 4) UUID as `UUID()` makes, shrinking
    /// toward the nil UUID `00000000-0000-0000-0000-000000000000`. Boundary cases favor bytes of
    /// `0x00` and `0xFF`, so the all-ones UUID shows up too.
    public static var uuid: Gen<UUID> {
        let byte = Gen<UInt8>.anyInt
        // Kinds, simplest first: any bits, version 4.
        return Gen { source in
            source.oneOfKinds(weights: [1, 2]) { kind, source in
                var bytes = (0..<16).map { _ in byte.generate(&source) }
                if kind == 1 {
                    bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
                    bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 4122 variant
                }
                return UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    ))
            }
        }
    }
}
