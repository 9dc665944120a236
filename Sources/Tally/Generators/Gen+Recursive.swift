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
