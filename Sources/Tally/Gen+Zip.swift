extension Gen {
    /// A generator of tuples, one value from each generator, for any number of generators.
    ///
    /// ```swift
    /// Gen.zip(Gen.int(in: 0...1000), Gen.bool, Gen.string())   // Gen<(Int, Bool, String)>
    /// ```
    @inlinable
    public static func zip<each Part>(_ parts: repeat Gen<each Part>) -> Gen<(repeat each Part)>
    where Value == (repeat each Part) {
        Gen { source in (repeat (each parts).body(&source)) }
    }
}
