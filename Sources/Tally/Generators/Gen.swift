/// A generator with its concrete type erased: the form to store under a named type, to put generators
/// of different types in one list, or to write by hand.
///
/// ```swift
/// static let visits: Gen<Visit> = Gen(Gen.zip(Gen.int(in: 0...50_000), Gen.int(in: 0...5_000)).map(Visit.init))
/// ```
///
/// Calling an erased generator costs one indirect call per value; the generators inside it stay
/// specialized.
public struct Gen<Value>: Generator {
    @usableFromInline let body: @Sendable (inout ChoiceSource) -> Value

    /// Creates a generator from a function that draws every decision from `source`, never from another
    /// random generator: that is what makes the value replayable and shrinkable.
    @inlinable
    public init(_ body: @escaping @Sendable (inout ChoiceSource) -> Value) {
        self.body = body
    }

    /// Erases `generator`'s type.
    @inlinable
    public init<Base: Generator>(_ generator: Base) where Base.Value == Value {
        if let erased = generator as? Gen<Value> {
            self = erased
        } else {
            body = { source in generator.generate(&source) }
        }
    }

    /// Erases an existential generator, for lists of generators of different types.
    @usableFromInline
    init(erasing generator: any Generator<Value>) {
        self.init(generator)
    }

    /// Makes one value, drawing from `source`, as one span: a hand-written recursive generator's
    /// subtrees are spans the shrinker can swap and lift like ``Gen/recursive(_:fileID:line:_:)``'s.
    @inlinable @inline(__always)
    public func generate(_ source: inout ChoiceSource) -> Value {
        source.beginSpan(label: SpanLabel.generator)
        defer { source.endSpan() }
        return body(&source)
    }

    /// A generator that always produces `value` and makes no choices.
    public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
        Gen { _ in value }
    }

    /// The number of consecutive rejections after which ``Generator/filter(_:_:fileID:line:)`` gives
    /// up on a case.
    public static var filterRetryLimit: Int { 100 }
}
