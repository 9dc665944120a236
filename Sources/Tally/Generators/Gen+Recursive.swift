extension Gen {
    /// A generator of recursive values, such as trees or nested expressions, at most `depth` levels deep.
    ///
    /// `extend` receives the generator one level shallower and builds one level on top of it. Each
    /// level picks between `base` (listed first, so values shrink toward leaves) and a deeper value.
    ///
    /// ```swift
    /// indirect enum Tree { case leaf(Int), node(Tree, Tree) }
    /// let trees = Gen.recursive(depth: 4, base: Gen.int(in: 0...9).map(Tree.leaf)) { smaller in
    ///     Gen.zip(smaller, smaller).map { Tree.node($0, $1) }
    /// }
    /// ```
    public static func recursive<Base: Generator, Deeper: Generator>(
        depth: Int, base: Base, extend: (Gen<Value>) -> Deeper
    ) -> Gen<Value> where Base.Value == Value, Deeper.Value == Value {
        precondition(depth >= 0, "a recursion depth cannot be negative")
        let base = Gen(base)
        var generator = base
        for _ in 0..<depth {
            generator = oneOf(base, extend(generator))
        }
        return generator
    }
}

extension Gen {
    /// A recursive generator whose every level receives a parameter — a depth, a size, a bound the
    /// values below must respect — and passes a new one to the levels it draws.
    ///
    /// `level` receives its parameter and `recurse`, which gives the generator of a deeper level for the
    /// parameter you pass it. The recursion stops where `level` stops calling `recurse`: make sure the
    /// parameter gets there, as a depth that counts down does. A recursion that goes deeper than
    /// ``Gen/recursionLimit`` levels stops the program with a message naming this call, rather than
    /// overflowing the stack. Each level is one span of choices, so the shrinker can replace a value with
    /// one of its parts, swap parts, and simplify a level at once.
    ///
    /// ```swift
    /// indirect enum Heap { case empty, node(Int, Heap, Heap) }
    /// // Heaps of at most `size` levels whose keys never go below their parent's.
    /// let heaps = Gen<Heap>.recursive((bound: 0, size: 4)) { parameter, heap in
    ///     guard parameter.size > 0 else { return Gen.constant(Heap.empty) }
    ///     let node = Gen.int(in: parameter.bound...1000).flatMap { key in
    ///         Gen.zip(heap((key, parameter.size - 1)), heap((key, parameter.size - 1))).map { Heap.node(key, $0, $1) }
    ///     }
    ///     return Gen.oneOf(Gen.constant(Heap.empty), node)
    /// }
    /// ```
    public static func recursive<Parameter: Sendable>(
        _ parameter: Parameter, fileID: StaticString = #fileID, line: UInt = #line,
        _ level: @escaping @Sendable (_ parameter: Parameter, _ recurse: @escaping @Sendable (Parameter) -> Gen<Value>) -> any Generator<Value>
    ) -> Gen<Value> {
        @Sendable func recurse(_ parameter: Parameter) -> Gen<Value> {
            Gen { source in
                source.recursionDepth += 1
                defer { source.recursionDepth -= 1 }
                precondition(
                    source.recursionDepth <= recursionLimit,
                    "Gen.recursive went \(recursionLimit) levels deep: a level must stop calling recurse once its parameter says so",
                    file: fileID, line: line)
                source.beginSpan(label: SpanLabel.recursion)
                defer { source.endSpan() }
                return level(parameter, recurse).generate(&source)
            }
        }
        return recurse(parameter)
    }

    /// How many levels deep ``recursive(_:fileID:line:_:)`` may go: deeper is a recursion that never
    /// stops.
    public static var recursionLimit: Int { 200 }
}
