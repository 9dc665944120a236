/// A case as the shrinker sees it: its choices, their bounds, shapes and spans, and what failed.
struct FailingCase: Sendable {
    var choices: [UInt64]
    /// Each choice's upper bound; empty when unknown (a case from outside the process may lack them).
    var bounds: [UInt64]
    /// For each integer choice, how many values lie below its origin (see ``IntegerShape``); may be empty.
    var shapes: [UInt64]
    /// For each integer choice, the value its choice `0` makes, as a 64-bit pattern; may be empty.
    var origins: [UInt64]
    var spans: [ChoiceSpan]
    var failure: String

    init(
        choices: [UInt64], bounds: [UInt64], shapes: [UInt64] = [], origins: [UInt64] = [], spans: [ChoiceSpan],
        failure: String
    ) {
        self.choices = choices
        self.bounds = bounds
        self.shapes = shapes
        self.origins = origins
        self.spans = spans
        self.failure = failure
    }

    /// The case `source` recorded while replaying, with everything the shrinker reads of its structure.
    init(recordedBy source: ChoiceSource) {
        self.init(
            choices: source.recorded, bounds: source.bounds, shapes: source.shapes, origins: source.origins,
            spans: source.spans, failure: "")
    }

    var sequence: ChoiceSequence { ChoiceSequence(choices) }

    /// The upper bound of choice `index`, `UInt64.max` when unknown.
    func bound(at index: Int) -> UInt64 {
        bounds.indices.contains(index) ? bounds[index] : .max
    }

    /// The integer shape of choice `index`: plain unless an integer generator drew it.
    func shape(at index: Int) -> IntegerShape {
        IntegerShape(bound: bound(at: index), below: shapes.indices.contains(index) ? shapes[index] : 0)
    }

    /// The value choice `index` makes, read as a signed 64-bit integer: its origin plus its offset.
    func value(at index: Int) -> Int128 {
        origin(at: index) + offset(at: index)
    }

    /// The value choice `index` makes from choice `0`, read as a signed 64-bit integer.
    func origin(at index: Int) -> Int128 {
        origins.indices.contains(index) ? Int128(Int64(bitPattern: origins[index])) : 0
    }

    /// The values choice `index`'s origin may have: the one recorded, and where that is 0 for a range from
    /// 0 up, 1 too: a hand-written generator may move a raw draw up by one (`draw(upTo: 9) + 1`), which
    /// no generator records.
    func origins(at index: Int) -> [Int128] {
        let origin = origin(at: index)
        return origin == 0 && shape(at: index).below == 0 ? [0, 1] : [origin]
    }

    /// The signed distance from its origin of the value that choice `index` makes.
    func offset(at index: Int) -> Int128 {
        shape(at: index).offset(of: choices[index])
    }
}

/// A candidate replayed through the generator alone: the case it makes, and the property's body, ready
/// to run on that case's value.
struct ReplayedCandidate {
    /// The case the generator made (its `failure` is empty).
    var run: FailingCase
    /// Whether a generator discarded the case (a `filter` that gave up); such a case never fails.
    var isDiscarded: Bool
    /// Runs the body on the value.
    var check: () async -> CaseOutcome

    /// Runs the body: the case with what failed, or `nil` when it holds or is discarded.
    func failing() async -> FailingCase? {
        guard case .fails(let failure) = await check() else { return nil }
        var failing = run
        failing.failure = failure
        return failing
    }
}

/// What running a property's body on one case gave.
enum CaseOutcome: Sendable, Equatable {
    /// The case holds.
    case holds
    /// The case breaks the property: what failed.
    case fails(String)
    /// The body discarded the case (``assume(_:_:fileID:line:)``), or a generator did.
    case discarded
}
