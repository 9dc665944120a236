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
        precondition(
            !collection.isEmpty, "Gen.element(of:) was given no elements to draw from", file: fileID, line: line)
        let elements = Array(collection)
        let last = UInt64(elements.count - 1)
        let ends = FavoredChoices([0, last])
        return Gen { source in elements[Int(source.draw(upTo: last, favoring: ends))] }
    }

    /// A generator that picks one of `generators` with equal weight, shrinking toward the first: list
    /// the simplest alternative first. A swarm case picks among those it leaves on, chosen by the
    /// `oneOf`'s place in the case, not by its file and line (see <doc:HowTallySearches>).
    public static func oneOf(
        _ generators: any Generator<Value>..., fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        oneOf(generators, fileID: fileID, line: line)
    }

    /// A generator that picks one of `generators` with equal weight, shrinking toward the first (a swarm
    /// case picks among those it leaves on); an empty list stops the program, naming the file and line of
    /// this call.
    public static func oneOf(
        _ generators: [any Generator<Value>], fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf was given no generators to pick from", file: fileID, line: line)
        return oneOf(generators, swarmed: true)
    }

    /// `oneOf` whose alternatives a swarm case may switch off (`swarmed`), or, inside one of Tally's own
    /// generators, whose alternatives are kinds of the one value asked for, leaves them all on (see
    /// ``SwarmAlternatives``). Either way it takes a place, and its alternative draws in a scope of its
    /// own (see ``SwarmPlace``).
    static func oneOf(_ generators: [any Generator<Value>], swarmed: Bool) -> Gen<Value> {
        let alternatives = generators.map(Gen.init(erasing:))
        let label = SpanLabel.alternative(of: alternatives.count)
        return Gen { source in
            source.beginSpan(label: label)
            defer { source.endSpan() }
            let site = source.takeSwarmSite()
            let index = source.drawAlternative(count: alternatives.count, site: swarmed ? site : nil)
            let outer = source.enterSwarmScope(ofAlternative: index, at: site)
            defer { source.swarmPlace = outer }
            return alternatives[index].generate(&source)
        }
    }

    /// A generator that picks among `weighted` generators in proportion to their weights (a swarm case,
    /// among those it leaves on; see <doc:HowTallySearches>), shrinking toward the first. An empty list, a negative
    /// weight or weights that are all zero stop the program, naming the file and line of this call.
    public static func frequency(
        _ weighted: [(weight: Int, generator: any Generator<Value>)], fileID: StaticString = #fileID, line: UInt = #line
    ) -> Gen<Value> {
        precondition(!weighted.isEmpty, "Gen.frequency was given no generators to pick from", file: fileID, line: line)
        precondition(
            weighted.allSatisfy { $0.weight >= 0 }, "Gen.frequency was given a negative weight", file: fileID,
            line: line)
        precondition(
            weighted.contains { $0.weight > 0 }, "Gen.frequency needs a weight above zero", file: fileID, line: line)
        return frequency(weighted, swarmed: true)
    }

    /// `frequency` whose alternatives a swarm case may switch off (`swarmed`), or, inside one of Tally's
    /// own generators, leaves them all on (see ``oneOf(_:swarmed:)``).
    static func frequency(
        _ weighted: [(weight: Int, generator: any Generator<Value>)], swarmed: Bool
    ) -> Gen<Value> {
        let generators = weighted.map { Gen(erasing: $0.generator) }
        let weights = weighted.map(\.weight)
        let cumulative = weighted.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.weight) }
        let label = SpanLabel.alternative(of: generators.count)
        return Gen { source in
            source.beginSpan(label: label)
            defer { source.endSpan() }
            // While searching, draw by weight; the recorded choice is the alternative's index, so it
            // shrinks toward the first alternative whatever the weights.
            let site = source.takeSwarmSite()
            let index = source.drawAlternative(weights: weights, cumulative: cumulative, site: swarmed ? site : nil)
            let outer = source.enterSwarmScope(ofAlternative: index, at: site)
            defer { source.swarmPlace = outer }
            return generators[index].generate(&source)
        }
    }
}

extension Generator {
    /// A generator of `nil` or a value of this generator, shrinking to `nil`; `nil` about one time in four.
    public var optional: Gen<Value?> {
        Gen<Value?>.frequency([(1, Gen<Value?> { _ in nil }), (3, self.map { Optional($0) })], swarmed: false)
    }
}

extension Gen where Value: CaseIterable & Sendable, Value.AllCases: Sendable {
    /// A generator of every case of a `CaseIterable` type, shrinking toward its first case.
    public static var anyCase: Gen<Value> { element(of: Value.allCases) }
}
