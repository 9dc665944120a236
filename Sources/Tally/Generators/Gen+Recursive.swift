extension Gen {
    /// A generator of recursive values, such as trees or nested expressions, at most `depth` levels deep.
    ///
    /// `extend` receives the generator one level shallower and builds one level on top of it. Each
    /// level picks between `base` (listed first, so values shrink toward leaves) and a deeper value.
    public static func recursive<Base: Generator, Deeper: Generator>(
        depth: Int, base: Base, extend: (Gen<Value>) -> Deeper
    ) -> Gen<Value> where Base.Value == Value, Deeper.Value == Value {
        precondition(depth >= 0, "a recursion depth cannot be negative")
        let base = Gen(base)
        var generator = base
        for _ in 0..<depth {
            let level = oneOf([base, extend(generator)], swarmed: false)
            generator = Gen { source in source.drawingSwarmLevel { level.body(&$0) } }
        }
        let outermost = generator
        return Gen { source in source.drawingSwarmLevels { outermost.body(&$0) } }
    }
}

extension Gen {
    /// A recursive generator whose every level receives a parameter — a depth, a size, a bound the
    /// values below must respect — and passes a new one to the levels it draws (see <doc:Generators>).
    ///
    /// `level` receives its parameter and `recurse`, which gives the generator of a deeper level for the
    /// parameter you pass it; the recursion stops where `level` stops calling `recurse`. One deeper than
    /// ``Gen/recursionLimit`` levels stops the program with a message naming this call, rather than
    /// overflowing the stack. Each level is one span, which the shrinker can replace with one of its parts.
    public static func recursive<Parameter: Sendable>(
        _ parameter: Parameter, fileID: StaticString = #fileID, line: UInt = #line,
        _ level:
            @escaping @Sendable (_ parameter: Parameter, _ recurse: @escaping @Sendable (Parameter) -> Gen<Value>) ->
            any Generator<Value>
    ) -> Gen<Value> {
        @Sendable func recurse(_ parameter: Parameter) -> Gen<Value> {
            Gen { source in source.drawingSwarmLevel { drawLevel(parameter, &$0) } }
        }
        @Sendable func drawLevel(_ parameter: Parameter, _ source: inout ChoiceSource) -> Value {
            source.recursionDepth += 1
            defer { source.recursionDepth -= 1 }
            precondition(
                source.recursionDepth <= recursionLimit,
                "Gen.recursive went \(recursionLimit) levels deep: "
                    + "a level must stop calling recurse once its parameter says so",
                file: fileID, line: line)
            source.beginSpan(label: SpanLabel.recursion)
            defer { source.endSpan() }
            return level(parameter, recurse).generate(&source)
        }
        let outermost = recurse(parameter)
        return Gen { source in source.drawingSwarmLevels { outermost.body(&$0) } }
    }

    /// How many levels deep ``recursive(_:fileID:line:_:)`` may go: deeper is a recursion that never
    /// stops.
    public static var recursionLimit: Int { 200 }
}
