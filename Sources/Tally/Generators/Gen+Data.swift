import Foundation

extension Gen where Value == Data {
    /// A generator of byte buffers with a count in `count`, or of any count growing with the case's size
    /// as ``Generator/array(length:)`` does; each byte is any `UInt8`, shrinking toward zero.
    public static func data(count: ClosedRange<Int>? = nil) -> Gen<Data> {
        Gen(Gen<UInt8>.anyInt.array(length: count).map { Data($0) })
    }
}
