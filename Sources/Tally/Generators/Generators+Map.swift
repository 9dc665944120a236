extension Generators {
    /// A generator of a transform applied to another generator's values; see ``Generator/map(_:)``.
    public struct Map<Base: Generator, Value>: Generator {
        @usableFromInline let base: Base
        @usableFromInline let transform: @Sendable (Base.Value) -> Value

        @inlinable
        init(_ base: Base, _ transform: @escaping @Sendable (Base.Value) -> Value) {
            self.base = base
            self.transform = transform
        }

        /// Makes one value of the base generator and transforms it.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> Value {
            transform(base.generate(&source))
        }
    }
}

extension Generator {
    /// A generator of `transform` applied to this generator's values; it shrinks as this one does.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Generators.Map<Self, Other> {
        Generators.Map(self, transform)
    }
}
