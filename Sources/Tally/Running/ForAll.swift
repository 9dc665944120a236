import Synchronization
import Testing

/// Checks `body` on generated values inside a Swift Testing test, and reports one shrunk counterexample.
///
/// ```swift
/// @Test func addingIsCommutative() async {
///     await forAll(Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) { a, b in
///         #expect(a + b == b + a)
///     }
/// }
/// ```
///
/// `#expect` and `#require` failures and thrown errors fail the case. While searching and shrinking,
/// the issues of failing cases are suppressed; then exactly one issue is recorded at the call of
/// `forAll`, showing the shrunk value, what failed, the original value, the counts, the seed and the
/// line that replays the case: `TALLY_REPLAY=<token> swift test --filter <test>`.
///
/// The run is deterministic: its seed derives from `name` (default: the file and function of the
/// call). The `TALLY_*` variables of ``RunConfiguration/fromEnvironment(_:)`` change it.
public func forAll<each Part: Generator>(
    _ generators: repeat each Part,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (repeat (each Part).Value) throws -> Void
) async {
    let id = name ?? "\(fileID)/\(function)"
    let generator = Gen<(repeat (each Part).Value)>.zip(repeat each generators)
    await withoutActuallyEscaping(body) { body in
        let escaping = UncheckedSendable<((repeat (each Part).Value)) throws -> Void> { tuple in try body(repeat each tuple) }
        await verifyUnderSwiftTesting(id: id, sourceLocation: sourceLocation) { configuration, collector in
            let engine = PropertyEngine(
                id: id, generator: generator,
                body: .sync { value in
                    collector.beginCase()
                    try escaping.value(value)
                    try collector.endCase()
                },
                configuration: configuration)
            return AnyPropertyEngine(engine)
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
    let id = name ?? "\(fileID)/\(function)"
    let generator = Gen<(repeat (each Part).Value)>.zip(repeat each generators)
    await withoutActuallyEscaping(body) { body in
        let escaping = UncheckedSendable<((repeat (each Part).Value)) async throws -> Void> { tuple in try await body(repeat each tuple) }
        await verifyUnderSwiftTesting(id: id, sourceLocation: sourceLocation) { configuration, collector in
            let engine = PropertyEngine(
                id: id, generator: generator,
                body: .async { value in
                    collector.beginCase()
                    try await escaping.value(value)
                    try collector.endCase()
                },
                configuration: configuration)
            return AnyPropertyEngine(engine)
        }
    }
}

extension Property {
    /// Runs the property inside a Swift Testing test and records one issue for a failure, at the
    /// property's declaration unless `sourceLocation` says otherwise.
    public func verify(sourceLocation: SourceLocation? = nil) async {
        let location = sourceLocation ?? SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1)
        await verifyUnderSwiftTesting(id: id, sourceLocation: location) { configuration, _ in makeEngine(configuration) }
    }
}

/// Runs a property with issue suppression and records its one result issue.
private func verifyUnderSwiftTesting(
    id: String, sourceLocation: SourceLocation,
    makeEngine: (RunConfiguration, IssueCollector) -> AnyPropertyEngine
) async {
    var configuration: RunConfiguration
    do {
        configuration = try RunConfiguration.fromEnvironment(base: PropertySettings.current ?? RunConfiguration())
    } catch {
        Issue.record(Comment(rawValue: "Tally: \(error)"), sourceLocation: sourceLocation)
        return
    }
    let filter = Test.current.map { String($0.name.prefix { $0 != "(" }) } ?? "<test>"
    let recovery = TrapRecovery(id: id, replayCommand: "swift test --filter \(filter)", configuration: &configuration)
    let collector = IssueCollector()
    let engine = UncheckedSendable(makeEngine(configuration, collector).replace { collector.describe($0) })
    let outcome = Mutex<PropertyResult?>(nil)
    let run: @Sendable () async throws -> Void = { [configuration] in
        guard let result = await TrapRecovery.run(engine.value, recovery, configuration) else { return }
        outcome.withLock { $0 = result }
    }
    if let test = Test.current {
        let suppression: IssueHandlingTrait = .compactMapIssues { issue in collector.absorb(issue) ? nil : issue }
        try? await suppression.provideScope(for: test, testCase: Test.Case.current, performing: run)
    } else {
        try? await run()
    }
    guard let result = outcome.withLock({ $0 }) else { return }
    if configuration.printsStatistics {
        print("Tally statistics for \(id) (\(result.casesRun) cases):\n\(result.labels.table(cases: result.casesRun))")
    }
    if let report = result.failureReport(replayCommand: "swift test --filter \(filter)") {
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
            var text = String(describing: issue)
            if text.hasSuffix(" (error)") { text.removeLast(" (error)".count) }
            state.issues.append(text)
            return true
        }
    }

    /// What failed in the case: the issues it recorded, else the error it threw.
    func describe(_ error: any Error) -> String {
        let issues = state.withLock { state in
            state.collecting = false
            return state.issues
        }
        if !issues.isEmpty { return issues.joined(separator: "\n") }
        return (error as? PropertyFailure)?.description ?? "threw \(prettyDescription(of: error))"
    }
}

/// Thrown when a case recorded issues without throwing.
struct IssuesRecorded: Error {}

/// A value the compiler cannot prove `Sendable`, passed across a boundary that runs it in the same task.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
