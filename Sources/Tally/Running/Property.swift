import Testing

/// A named invariant over generated values, runnable by `swift test`, `tally check` and the nightly fuzz.
///
/// Specs list their properties in a ``PropertySuite`` so that every runner can find them; under Swift
/// Testing, run them as one parameterized test:
///
/// ```swift
/// @Test(arguments: ClaimsSpec.suite.properties)
/// func claims(_ property: Property) async { await property.verify() }
/// ```
public struct Property: Sendable, CustomStringConvertible {
    /// The property's identity: its name, unique within Tally's catalog. Seeds, saved failures and
    /// replay tokens derive from it.
    public let id: String
    /// Where the property is declared.
    public let fileID: String
    /// The line where the property is declared.
    public let line: Int
    /// The name of the spec whose ``PropertySuite`` lists the property, such as `claims`; selectors
    /// accept `spec/name`.
    public private(set) var spec: String?
    let makeEngine: @Sendable (RunConfiguration) -> AnyPropertyEngine
    /// The table a counterexample can be promoted into, and how a case's choices become its cells, if
    /// the property says how. The table is known without making a value.
    let promotion: ErasedPromotion?

    /// A property checking `body` on values of `generator`; the body throws (for example with
    /// ``ensure(_:_:fileID:line:)``) to report a failing case. With `promotion`, `tally promote` can
    /// append a counterexample to a requirement table.
    @inlinable
    public init<Cases: Generator>(
        _ id: String, _ cases: Cases, promotion: RowPromotion<Cases.Value>? = nil,
        fileID: String = #fileID, line: Int = #line,
        body: @escaping @Sendable (Cases.Value) throws -> Void
    ) {
        // Built here, in the declaring module, so the search loop is compiled for the generator's type.
        let search: SpecializedSearch = { configuration, seed, statistics, describe in
            searchCases(
                cases, body, configuration: configuration, seed: seed, statistics: statistics, describe: describe)
        }
        let generator = Gen(cases)
        self.init(id: id, fileID: fileID, line: line, promotion: Self.erase(promotion, generator)) { configuration in
            var engine = PropertyEngine(id: id, generator: generator, body: .sync(body), configuration: configuration)
            engine.specializedSearch = search
            return AnyPropertyEngine(engine)
        }
    }

    @usableFromInline
    init(
        id: String, fileID: String, line: Int,
        promotion: ErasedPromotion?,
        makeEngine: @escaping @Sendable (RunConfiguration) -> AnyPropertyEngine
    ) {
        self.id = id
        self.fileID = fileID
        self.line = line
        self.promotion = promotion
        self.makeEngine = makeEngine
    }

    /// A property whose body is asynchronous, for services behind actors or async dependencies.
    public init<Cases: Generator>(
        _ id: String, _ cases: Cases, promotion: RowPromotion<Cases.Value>? = nil,
        fileID: String = #fileID, line: Int = #line,
        body: @escaping @Sendable (Cases.Value) async throws -> Void
    ) {
        let generator = Gen(cases)
        self.init(id: id, fileID: fileID, line: line, promotion: Self.erase(promotion, generator)) { configuration in
            AnyPropertyEngine(
                PropertyEngine(id: id, generator: generator, body: .async(body), configuration: configuration))
        }
    }

    /// Runs the property and returns what it found, with no issue recorded for an ordinary failure.
    ///
    /// Inside a Swift Testing test it is guarded as `forAll` is: a case that traps or hangs is saved, and
    /// the next run shrinks it in a child and records it as an issue at the call (see <doc:CrashRecovery>).
    public func check(
        _ configuration: RunConfiguration = RunConfiguration(),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> PropertyResult {
        let call = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if let result = await checkInTest(configuration, sourceLocation: call) { return result }
        return await makeEngine(configuration).run()
    }

    /// The property's identity.
    public var description: String { id }

    /// The property as a ``PropertySuite`` named `spec` lists it.
    func listed(in spec: String) -> Property {
        var listed = self
        listed.spec = spec
        return listed
    }

    /// The table `choices` can be promoted into, with the row's input cells (`nil` cells when this
    /// case cannot be written as a row); `nil` when the property declares no promotion. It makes the
    /// case's value, here.
    public func promotedRow(_ choices: ChoiceSequence) -> (table: String, cells: [String: String]?)? {
        promotion.map { ($0.table, $0.cells(choices)) }
    }

    /// The table a counterexample can be promoted into (`spec/table`), known without making a value;
    /// `nil` when the property declares no promotion.
    public var promotionTable: String? { promotion?.table }

    /// A promotion with its value type erased: the table, and the cells of a case's choices.
    @usableFromInline
    typealias ErasedPromotion = (table: String, cells: @Sendable (ChoiceSequence) -> [String: String]?)

    @usableFromInline
    static func erase<Value>(_ promotion: RowPromotion<Value>?, _ generator: Gen<Value>) -> ErasedPromotion? {
        guard let promotion else { return nil }
        return (
            promotion.table,
            { choices in
                var source = ChoiceSource(replaying: choices)
                return promotion.cells(generator.generate(&source))
            }
        )
    }
}

/// A property engine with its value type erased, so that properties of any type share one list.
@usableFromInline
struct AnyPropertyEngine {
    let run: () async -> PropertyResult
    let replace: (@escaping (any Error) -> String) -> AnyPropertyEngine
    /// The generator's case for a candidate, with the body ready to run on it (what the shrinker replays).
    let replayCandidate: (ChoiceSequence) -> ReplayedCandidate
    let describe: (ChoiceSequence) -> String
    let runFuzzerInput: ([UInt8]) -> (choices: ChoiceSequence, failure: String?)?
    let choicesFromBytes: ([UInt8]) -> ChoiceSequence
    let regenerate: (RandomSource) -> ChoiceSequence

    @usableFromInline
    init<Value>(_ engine: PropertyEngine<Value>) {
        run = { await engine.run() }
        replayCandidate = { choices in engine.replayCandidate(choices) }
        describe = { choices in engine.describeValue(choices) }
        runFuzzerInput = { bytes in engine.runFuzzerInput(bytes) }
        regenerate = { start in engine.regenerate(from: start) }
        choicesFromBytes = { bytes in
            var source = ChoiceSource(bytes: bytes)
            _ = engine.generator.generate(&source)
            return source.sequence
        }
        replace = { describe in
            var changed = engine
            changed.describeFailure = describe
            return AnyPropertyEngine(changed)
        }
    }
}
