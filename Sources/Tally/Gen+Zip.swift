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

// Fixed-arity overloads for the common cases: calling parts captured one by one avoids retaining each
// part's closure on every draw, which the parameter-pack version pays (measured with tally-bench).
extension Gen {
    /// A generator of pairs; see ``zip(_:)``.
    @inlinable
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        let a = a.body, b = b.body
        return Gen { source in (a(&source), b(&source)) }
    }

    /// A generator of triples; see ``zip(_:)``.
    @inlinable
    public static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> where Value == (A, B, C) {
        let a = a.body, b = b.body, c = c.body
        return Gen { source in (a(&source), b(&source), c(&source)) }
    }

    /// A generator of 4-tuples; see ``zip(_:)``.
    @inlinable
    public static func zip<A, B, C, D>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>) -> Gen<(A, B, C, D)> where Value == (A, B, C, D) {
        let a = a.body, b = b.body, c = c.body, d = d.body
        return Gen { source in (a(&source), b(&source), c(&source), d(&source)) }
    }

    /// A generator of 5-tuples; see ``zip(_:)``.
    @inlinable
    public static func zip<A, B, C, D, E>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>, _ e: Gen<E>) -> Gen<(A, B, C, D, E)> where Value == (A, B, C, D, E) {
        let a = a.body, b = b.body, c = c.body, d = d.body, e = e.body
        return Gen { source in (a(&source), b(&source), c(&source), d(&source), e(&source)) }
    }

    /// A generator of 6-tuples; see ``zip(_:)``.
    @inlinable
    public static func zip<A, B, C, D, E, F>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>, _ e: Gen<E>, _ f: Gen<F>) -> Gen<(A, B, C, D, E, F)> where Value == (A, B, C, D, E, F) {
        let a = a.body, b = b.body, c = c.body, d = d.body, e = e.body, f = f.body
        return Gen { source in (a(&source), b(&source), c(&source), d(&source), e(&source), f(&source)) }
    }
}
