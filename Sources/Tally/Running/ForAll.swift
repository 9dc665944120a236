import Synchronization
import Testing

/// Checks `body` on generated values inside a Swift Testing test, and reports one shrunk counterexample.
///
/// ```swift
/// await forAll(Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) { a, b in #expect(a + b == b + a) }
/// ```
///
/// `#expect` and `#require` failures and thrown errors fail the case; while searching and shrinking
/// their issues are suppressed, and one issue is recorded at the call with the shrunk value and the
/// line that replays it. The seed derives from `name` (default: the file and function of the call);
/// `TALLY_PROPERTY` selects a `forAll` by `name` or else by its test function's name.
public func forAll<each Part: Generator>(
    _ generators: repeat each Part,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (repeat (each Part).Value) throws -> Void
) async {
    let generator = Gen<(repeat (each Part).Value)>.zip(repeat each generators)
    await withoutActuallyEscaping(body) { body in
        let escaping = UncheckedSendable<((repeat (each Part).Value)) throws -> Void> { tuple in
            try body(repeat each tuple)
        }
        await verifyForAll(generator, name: name, fileID: fileID, function: function, at: sourceLocation) { collector in
            .sync { value in
                collector.beginCase()
                try escaping.value(value)
                try collector.endCase()
            }
        }
    }
}

/// Checks an asynchronous `body` on generated values inside a Swift Testing test; see the synchronous
/// ``forAll(_:name:fileID:function:sourceLocation:_:)``.
public func forAll<each Part: Generator>(
    _ generators: repeat each Part,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (repeat (each Part).Value) async throws -> Void
) async {
    let generator = Gen<(repeat (each Part).Value)>.zip(repeat each generators)
    await withoutActuallyEscaping(body) { body in
        let escaping = UncheckedSendable<((repeat (each Part).Value)) async throws -> Void> { tuple in
            try await body(repeat each tuple)
        }
        await verifyForAll(generator, name: name, fileID: fileID, function: function, at: sourceLocation) { collector in
            .async { value in
                collector.beginCase()
                try await escaping.value(value)
                try collector.endCase()
            }
        }
    }
}

extension Property {
    /// Runs the property inside a Swift Testing test and records one issue for a failure, at the
    /// property's declaration unless `sourceLocation` says otherwise.
    public func verify(sourceLocation: SourceLocation? = nil) async {
        let location = sourceLocation ?? SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1)
        await verifyUnderSwiftTesting(SelectableProperty(id: id, spec: spec), sourceLocation: location) {
            configuration, _ in
            makeEngine(configuration)
        }
    }
}

/// Runs a `forAll`, selectable by `TALLY_PROPERTY` through its `name`, or else its test function's name.
private func verifyForAll<Value>(
    _ generator: Gen<Value>, name: String?, fileID: String, function: String, at sourceLocation: SourceLocation,
    body: @escaping (IssueCollector) -> PropertyBody<Value>
) async {
    let id = name ?? "\(fileID)/\(function)"
    let property = SelectableProperty(id: id, aliases: name == nil ? [String(function.prefix { $0 != "(" })] : [])
    await verifyUnderSwiftTesting(property, sourceLocation: sourceLocation) { configuration, collector in
        let engine = PropertyEngine(id: id, generator: generator, body: body(collector), configuration: configuration)
        return AnyPropertyEngine(engine)
    }
}

/// Runs a property with issue suppression and records its one result issue; skips it when
/// `TALLY_PROPERTY` or `TALLY_REPLAY` selects other properties. In a test binary that `tally fuzz` started
/// as a worker, it fuzzes the property instead (``TestBinaryWorker``); in a run that only finds the
/// properties, it names itself and returns (``PropertySurvey``).
private func verifyUnderSwiftTesting(
    _ property: SelectableProperty, sourceLocation: SourceLocation,
    makeEngine: @escaping (RunConfiguration, IssueCollector) -> AnyPropertyEngine
) async {
    let collector = IssueCollector()
    let suppressed: (@Sendable () async -> Void) async -> Void = { body in
        guard let test = Test.current else { return await body() }
        let suppression: IssueHandlingTrait = .compactMapIssues { issue in collector.absorb(issue) ? nil : issue }
        try? await suppression.provideScope(for: test, testCase: Test.Case.current, performing: body)
    }
    let escaping = UncheckedSendable(makeEngine)
    let asProperty = Property(id: property.id, fileID: sourceLocation.fileID, line: sourceLocation.line, promotion: nil)
    { configuration in
        escaping.value(configuration, collector).replace { collector.describe($0) }
    }
    if await TestBinaryWorker.serveIfAsked(asProperty, inScope: suppressed) { return }
    if PropertySurvey.isSurveying {
        if let test = Test.current {
            PropertySurvey.record(
                .init(
                    id: property.id, aliases: property.aliases, testID: String(describing: test.id),
                    filter: ReplayLine.swiftTestFilter(for: test),
                    place: "\(sourceLocation.fileID):\(sourceLocation.line)"))
        }
        return
    }
    var configuration = TestRunEnvironment.configuration(
        base: PropertySettings.current ?? RunConfiguration(), sourceLocation: sourceLocation)
    // A property the selection skips says nothing: the run ends with one line counting them all
    // (``SelectionLedger``), rather than a warning per property that buries the one that ran.
    guard SelectionLedger.shared.admit(property, under: configuration.selection) else { return }
    SelectionLedger.shared.noteRunSettings()
    let replay = ReplayLine.swiftTest(filter: Test.current.map(ReplayLine.swiftTestFilter(for:)) ?? "<test>")
    let recovery = TrapRecovery(id: property.id, replay: replay, configuration: &configuration)
    let engine = UncheckedSendable(asProperty.makeEngine(configuration))
    let outcome = Mutex<PropertyResult?>(nil)
    await suppressed { [configuration] in
        guard let result = await TrapRecovery.run(engine.value, recovery, configuration) else { return }
        outcome.withLock { $0 = result }
    }
    guard let result = outcome.withLock({ $0 }) else { return }
    if configuration.printsStatistics { print(result.statisticsReport) }
    if result.passed, let note = result.seedNote { print("Tally: \(property.id): \(note)") }
    if let report = result.failureReport(replay: replay) {
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}

/// Catches the Swift Testing issues a property's body records while Tally searches and shrinks.
final class IssueCollector: Sendable {
    private let state = Mutex<(collecting: Bool, issues: [String])>((false, []))

    func beginCase() {
        state.withLock { $0 = (true, []) }
    }

    /// Throws when the case recorded failing issues.
    func endCase() throws {
        let failed = state.withLock { state -> Bool in
            state.collecting = false
            return !state.issues.isEmpty
        }
        if failed { throw IssuesRecorded() }
    }

    /// Takes a failing issue recorded during a case; answers whether it was taken (and so suppressed).
    func absorb(_ issue: Issue) -> Bool {
        guard issue.isFailure else { return false }
        return state.withLock { state in
            guard state.collecting else { return false }
            state.issues.append(Self.describe(issue))
            return true
        }
    }

    /// An issue as a counterexample's failure shows it: what failed, its comments, and where —
    /// `Expectation failed: (n → 500) < 500 (TallyTests/ForAllTests.swift:29)`.
    static func describe(_ issue: Issue) -> String {
        let comments = issue.comments.map(\.rawValue).filter { !$0.isEmpty }
        let place = issue.sourceLocation.map { " (\($0.fileID):\($0.line))" } ?? ""
        return "\(issue.kind)" + (comments.isEmpty ? "" : ": " + comments.joined(separator: "; ")) + place
    }

    /// What failed in the case: the issues it recorded, else the error it threw.
    func describe(_ error: any Error) -> String {
        let issues = state.withLock { state in
            state.collecting = false
            return state.issues
        }
        if !issues.isEmpty { return issues.joined(separator: "\n") }
        return PropertyFailure.describe(error)
    }
}

/// Thrown when a case recorded issues without throwing.
struct IssuesRecorded: Error {}

/// A value the compiler cannot prove `Sendable`, passed across a boundary that runs it in the same task.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
