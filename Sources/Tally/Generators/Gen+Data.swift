import Foundation

extension Gen where Value == Data {
    /// A generator of byte buffers with a count in `count`, or of any count growing with the case's size
    /// as ``Generator/array(length:)`` does; shrinking toward fewer bytes, then toward zero bytes.
    ///
    /// Each byte is any `UInt8`, with `0x00`, `0xFF`, `0x01` and `0xFE` favored in boundary cases.
    ///
    /// ```swift
    /// Gen.data()                 // any length
    /// Gen.data(count: 16...16)   // a key
    /// ```
    public static func data(count: ClosedRange<Int>? = nil) -> Gen<Data> {
        Gen(Gen<UInt8>.anyInt.array(length: count).map { Data($0) })
    }
}
