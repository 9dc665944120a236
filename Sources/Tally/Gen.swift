/// A generator of values of type `Value`, driven by a ``ChoiceSource``.
///
/// Generators are plain values: build them from the static constructors (``Gen/int(in:)``,
/// ``Gen/bool``, ``Gen/element(of:)`` …) and combine them with ``map(_:)``, ``flatMap(_:)``,
/// ``filter(_:_:fileID:line:)`` and ``zip(_:)``. Because every generator draws its decisions from a
/// recorded choice sequence, every value a generator makes — of any type, through any combination —
/// can be replayed and shrunk with no shrinking code of your own.
///
/// ```swift
/// struct Visit { var allowedCents: Int; var copayCents: Int }
///
/// let visits = Gen.zip(Gen.int(in: 0...50_000), Gen.int(in: 0...5_000))
///     .map { Visit(allowedCents: $0, copayCents: $1) }
/// ```
public struct Gen<Value>: Sendable {
    @usableFromInline let body: @Sendable (inout ChoiceSource) -> Value

    /// Creates a generator from a function that draws its decisions from the source.
    ///
    /// Draw every decision from `source`, never from another random generator: that is what makes the
    /// value replayable and shrinkable.
    @inlinable
    public init(_ body: @escaping @Sendable (inout ChoiceSource) -> Value) {
        self.body = body
    }

    /// Makes one value, drawing from `source`.
    @inlinable @inline(__always)
    public func generate(_ source: inout ChoiceSource) -> Value {
        body(&source)
    }

    /// A generator that always produces `value` and makes no choices.
    public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
        Gen { _ in value }
    }

    /// A generator of `transform` applied to this generator's values; shrinks as the original does.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
        let body = self.body
        return Gen<Other> { source in transform(body(&source)) }
    }

    /// A generator whose second stage depends on the first value, such as a length and then that many
    /// elements. Shrinking works through it: both stages are choices in one sequence.
    @inlinable
    public func flatMap<Other>(_ transform: @escaping @Sendable (Value) -> Gen<Other>) -> Gen<Other> {
        let body = self.body
        return Gen<Other> { source in
            let first = body(&source)
            source.beginSpan()
            defer { source.endSpan() }
            return transform(first).body(&source)
        }
    }

    /// The number of consecutive rejections after which ``filter(_:_:fileID:line:)`` gives up on a case.
    public static var filterRetryLimit: Int { 100 }

    /// A generator of only the values that satisfy `isIncluded`, retrying up to
    /// ``filterRetryLimit`` times per case.
    ///
    /// When the predicate rejects that many values in a row, the case is discarded; when too many cases
    /// are discarded, the property fails with an error naming this filter by `name` and call site.
    /// Prefer building valid values directly: a filter that rejects most values wastes the budget.
    public func filter(
        _ name: String? = nil,
        _ isIncluded: @escaping @Sendable (Value) -> Bool,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Gen<Value> {
        let body = self.body
        let label = "filter \(name.map { "\"\($0)\" " } ?? "")at \(fileID):\(line)"
        return Gen { source in
            var value = body(&source)
            var attempts = 1
            while !isIncluded(value) {
                if attempts == Self.filterRetryLimit {
                    source.reject("\(label) rejected \(attempts) values in a row")
                    return value
                }
                value = body(&source)
                attempts += 1
            }
            return value
        }
    }
}
