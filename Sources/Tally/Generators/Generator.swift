/// Something that makes values of type `Value` from the choices of a ``ChoiceSource``.
///
/// Every generator draws its decisions from the source and from nothing else, so every value replays
/// from its recorded choices and shrinks with no shrinking code of your own. The built-in generators
/// are concrete types so that a composed generator compiles to one specialized function; ``Gen`` is
/// the erased form. Write your own with `Gen { source in … }`.
public protocol Generator<Value>: Sendable {
    /// The type of the values this generator makes.
    associatedtype Value

    /// Makes one value, drawing every decision from `source`.
    func generate(_ source: inout ChoiceSource) -> Value
}

extension Generator {
    /// A generator whose second stage depends on the first value, such as a length and then that many
    /// elements. Shrinking works through it: both stages are choices in one sequence.
    @inlinable
    public func flatMap<Next: Generator>(_ transform: @escaping @Sendable (Value) -> Next) -> Gen<Next.Value> {
        Gen { source in
            let first = generate(&source)
            source.beginSpan(label: SpanLabel.continuation)
            defer { source.endSpan() }
            return transform(first).generate(&source)
        }
    }

    /// A generator of only the values that satisfy `isIncluded`, retrying up to
    /// ``Gen/filterRetryLimit`` times per case.
    ///
    /// When the predicate rejects that many values in a row, the case is discarded; when too many cases
    /// are discarded, the property fails with an error naming this filter by `name` and call site.
    public func filter(
        _ name: String? = nil,
        _ isIncluded: @escaping @Sendable (Value) -> Bool,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Gen<Value> {
        let label = "filter \(name.map { "\"\($0)\" " } ?? "")at \(fileID):\(line)"
        return Gen { source in
            // Every attempt draws at the same place, so a swarm case switches the same alternatives off.
            let parts = source.takeSwarmParts()
            let outer = source.swarmPlace
            defer { source.swarmPlace = outer }
            source.enterSwarmPart(parts)
            var value = generate(&source)
            var attempts = 1
            while !isIncluded(value) {
                if attempts == Gen<Value>.filterRetryLimit {
                    source.reject("\(label) rejected \(attempts) values in a row, as many as it tries for one case")
                    return value
                }
                source.enterSwarmPart(parts)
                value = generate(&source)
                attempts += 1
            }
            return value
        }
    }
}
