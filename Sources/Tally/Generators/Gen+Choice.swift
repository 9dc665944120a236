extension Gen where Value == Bool {
    /// A generator of `false` and `true`; shrinks to `false`.
    public static var bool: Gen<Bool> {
        Gen { source in source.draw(upTo: 1) == 1 }
    }
}

extension Gen {
    /// A generator of the elements of `collection`, shrinking toward its first element; an empty
    /// collection stops the program with a message naming the file and line of this call.
    public static func element<C: Collection & Sendable>(
        of collection: C, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> where C.Element == Value, Value: Sendable {
        precondition(!collection.isEmpty, "Gen.element(of:) was given no elements to draw from", file: fileID, line: line)
        let elements = Array(collection)
        let last = UInt64(elements.count - 1)
        let ends = FavoredChoices([0, last])
        return Gen { source in elements[Int(source.draw(upTo: last, favoring: ends))] }
    }

    /// A generator that picks one of `generators` with equal weight, shrinking toward the first: list
    /// the simplest alternative first.
    public static func oneOf(
        _ generators: any Generator<Value>..., fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        oneOf(generators, fileID: fileID, line: line)
    }

    /// A generator that picks one of `generators` with equal weight, shrinking toward the first; an
    /// empty list stops the program, naming the file and line of this call.
    public static func oneOf(
        _ generators: [any Generator<Value>], fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf was given no generators to pick from", file: fileID, line: line)
        let alternatives = generators.map(Gen.init(erasing:))
        let last = UInt64(alternatives.count - 1)
        let label = SpanLabel.alternative(of: alternatives.count)
        return Gen { source in
            source.beginSpan(label: label)
            defer { source.endSpan() }
            // Drawn as `frequency` draws equal weights, so a seed picks the same alternatives as it did.
            let forced = source.isRandom ? source.random.next(upTo: last) : 0
            return alternatives[Int(source.draw(upTo: last, forcing: forced))].generate(&source)
        }
    }

    /// A generator that picks among `weighted` generators in proportion to their weights, shrinking
    /// toward the first. An empty list, a negative weight or weights that are all zero stop the program,
    /// naming the file and line of this call.
    public static func frequency(
        _ weighted: [(weight: Int, generator: any Generator<Value>)], fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        precondition(!weighted.isEmpty, "Gen.frequency was given no generators to pick from", file: fileID, line: line)
        precondition(weighted.allSatisfy { $0.weight >= 0 }, "Gen.frequency was given a negative weight", file: fileID, line: line)
        let total = weighted.reduce(0) { $0 + $1.weight }
        precondition(total > 0, "Gen.frequency needs a weight above zero", file: fileID, line: line)
        let generators = weighted.map { Gen(erasing: $0.generator) }
        let last = UInt64(generators.count - 1)
        let cumulative = weighted.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.weight) }
        let label = SpanLabel.alternative(of: generators.count)
        return Gen { source in
            source.beginSpan(label: label)
            defer { source.endSpan() }
            // While searching, draw by weight; the recorded choice is the alternative's index, so it
            // shrinks toward the first alternative whatever the weights.
            var forced: UInt64 = 0
            if source.isRandom {
                let roll = Int(source.random.next(upTo: UInt64(total - 1)))
                forced = UInt64(cumulative.firstIndex { roll < $0 } ?? 0)
            }
            let index = Int(source.draw(upTo: last, forcing: forced))
            return generators[index].generate(&source)
        }
    }
}

extension Generator {
    /// A generator of `nil` or a value of this generator, shrinking to `nil`; `nil` about one time in four.
    public var optional: Gen<Value?> {
        Gen<Value?>.frequency([(1, Gen<Value?> { _ in nil }), (3, self.map { Optional($0) })])
    }
}

extension Gen where Value: CaseIterable & Sendable, Value.AllCases: Sendable {
    /// A generator of every case of a `CaseIterable` type, shrinking toward its first case.
    public static var anyCase: Gen<Value> { element(of: Value.allCases) }
}

