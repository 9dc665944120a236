extension Gen {
    /// A generator of tuples, one value from each generator, for any number of generators; each part is
    /// its own run of choices, so a counterexample shrinks part by part.
    ///
    /// For two to six generators the result is a concrete ``Generators/Zip2`` … ``Generators/Zip6``,
    /// which compiles together with its parts; past six, it is erased.
    @inlinable
    public static func zip<each Part: Generator>(_ parts: repeat each Part) -> Gen<(repeat (each Part).Value)>
    where Value == (repeat (each Part).Value) {
        Gen { source in (repeat (each parts).generate(&source)) }
    }
}

// Fixed arities are concrete types with one stored property per part: a parameter-pack struct is not
// specialized as well, and reading one element of a stored generic tuple copied the whole tuple
// (both measured with tally-bench).

extension Generators {
    /// A generator of pairs, one value from each part in order; see ``Gen/zip(_:_:)``.
    public struct Zip2<A: Generator, B: Generator>: Generator {
        @usableFromInline let a: A
        @usableFromInline let b: B

        @inlinable
        init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Makes one value of each part, in order.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> (A.Value, B.Value) {
            (a.generate(&source), b.generate(&source))
        }
    }
}

extension Generators {
    /// A generator of triples, one value from each part in order; see ``Gen/zip(_:_:)``.
    public struct Zip3<A: Generator, B: Generator, C: Generator>: Generator {
        @usableFromInline let a: A
        @usableFromInline let b: B
        @usableFromInline let c: C

        @inlinable
        init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Makes one value of each part, in order.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> (A.Value, B.Value, C.Value) {
            (a.generate(&source), b.generate(&source), c.generate(&source))
        }
    }
}

extension Generators {
    /// A generator of 4-tuples, one value from each part in order; see ``Gen/zip(_:_:)``.
    public struct Zip4<A: Generator, B: Generator, C: Generator, D: Generator>: Generator {
        @usableFromInline let a: A
        @usableFromInline let b: B
        @usableFromInline let c: C
        @usableFromInline let d: D

        @inlinable
        init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Makes one value of each part, in order.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> (A.Value, B.Value, C.Value, D.Value) {
            (a.generate(&source), b.generate(&source), c.generate(&source), d.generate(&source))
        }
    }
}

extension Generators {
    /// A generator of 5-tuples, one value from each part in order; see ``Gen/zip(_:_:)``.
    public struct Zip5<A: Generator, B: Generator, C: Generator, D: Generator, E: Generator>: Generator {
        @usableFromInline let a: A
        @usableFromInline let b: B
        @usableFromInline let c: C
        @usableFromInline let d: D
        @usableFromInline let e: E

        @inlinable
        init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        /// Makes one value of each part, in order.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> (A.Value, B.Value, C.Value, D.Value, E.Value) {
            (a.generate(&source), b.generate(&source), c.generate(&source), d.generate(&source), e.generate(&source))
        }
    }
}

extension Generators {
    /// A generator of 6-tuples, one value from each part in order; see ``Gen/zip(_:_:)``.
    public struct Zip6<A: Generator, B: Generator, C: Generator, D: Generator, E: Generator, F: Generator>: Generator {
        @usableFromInline let a: A
        @usableFromInline let b: B
        @usableFromInline let c: C
        @usableFromInline let d: D
        @usableFromInline let e: E
        @usableFromInline let f: F

        @inlinable
        init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        /// Makes one value of each part, in order.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value) {
            (
                a.generate(&source), b.generate(&source), c.generate(&source), d.generate(&source), e.generate(&source),
                f.generate(&source)
            )
        }
    }
}

extension Gen {
    /// A generator of pairs, one value from each generator; shrinking works part by part.
    @inlinable
    public static func zip<A: Generator, B: Generator>(_ a: A, _ b: B) -> Generators.Zip2<A, B>
    where Value == (A.Value, B.Value) {
        Generators.Zip2(a, b)
    }

    /// A generator of triples; see ``zip(_:_:)``.
    @inlinable
    public static func zip<A: Generator, B: Generator, C: Generator>(_ a: A, _ b: B, _ c: C) -> Generators.Zip3<A, B, C>
    where Value == (A.Value, B.Value, C.Value) {
        Generators.Zip3(a, b, c)
    }

    /// A generator of 4-tuples; see ``zip(_:_:)``.
    @inlinable
    public static func zip<A: Generator, B: Generator, C: Generator, D: Generator>(_ a: A, _ b: B, _ c: C, _ d: D)
        -> Generators.Zip4<A, B, C, D>
    where Value == (A.Value, B.Value, C.Value, D.Value) {
        Generators.Zip4(a, b, c, d)
    }

    /// A generator of 5-tuples; see ``zip(_:_:)``.
    @inlinable
    public static func zip<A: Generator, B: Generator, C: Generator, D: Generator, E: Generator>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> Generators.Zip5<A, B, C, D, E>
    where Value == (A.Value, B.Value, C.Value, D.Value, E.Value) {
        Generators.Zip5(a, b, c, d, e)
    }

    /// A generator of 6-tuples; see ``zip(_:_:)``.
    @inlinable
    public static func zip<A: Generator, B: Generator, C: Generator, D: Generator, E: Generator, F: Generator>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Generators.Zip6<A, B, C, D, E, F>
    where Value == (A.Value, B.Value, C.Value, D.Value, E.Value, F.Value) {
        Generators.Zip6(a, b, c, d, e, f)
    }
}
