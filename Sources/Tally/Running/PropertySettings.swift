import Testing

/// A Swift Testing trait that sets how the properties of one test run, such as
/// `@Test(.propertySettings(iterations: 1_000))`; the `TALLY_*` environment variables still apply on top.
public struct PropertySettings: TestTrait, SuiteTrait, TestScoping {
    @TaskLocal static var current: RunConfiguration?

    let configuration: RunConfiguration

    /// Whether the settings apply to every test of a suite.
    public var isRecursive: Bool { true }

    /// Runs the test with these settings in force.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.$current.withValue(configuration, operation: function)
    }
}

extension Trait where Self == PropertySettings {
    /// Sets the number of cases, the seed, and whether failures are saved, for the properties of a test.
    ///
    /// - Parameters:
    ///   - iterations: Cases per property (default 100).
    ///   - seed: A fixed seed; by default each property derives its own from its identity.
    ///   - savesFailures: Whether failures are saved to and replayed from `.tally/examples`.
    public static func propertySettings(
        iterations: Int? = nil, seed: UInt64? = nil, savesFailures: Bool = true
    ) -> Self {
        var configuration = RunConfiguration()
        if let iterations { configuration.iterations = iterations }
        configuration.seed = seed
        if !savesFailures { configuration.exampleDirectory = nil }
        return PropertySettings(configuration: configuration)
    }
}
