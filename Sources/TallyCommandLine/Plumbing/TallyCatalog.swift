import Tally
import TallyTables

/// Everything the command-line tool can run: the specs' properties and table shapes, and where the
/// tables live.
public struct TallyCatalog: Sendable {
    /// The property suites, one per spec.
    public var propertySuites: [PropertySuite]
    /// The table suites, one per spec.
    public var tableSuites: [TableSuite]
    /// The folder of requirement tables, `Tables` by default.
    public var tablesDirectory: String
    /// The command-line tool's name, as `swift run` knows it: `tally`, or a package's own tool.
    public var toolName: String
    /// Whether `fuzz` and `replay` also find the properties of the package's tests
    /// (``TallyCommandLine/main(properties:tables:testProperties:)``).
    public var findsTestProperties = true

    /// A catalog of `propertySuites` and `tableSuites`, with tables under `tablesDirectory`, run by the
    /// tool `toolName`.
    public init(
        propertySuites: [PropertySuite], tableSuites: [TableSuite], tablesDirectory: String = "Tables",
        toolName: String = "tally"
    ) {
        self.propertySuites = propertySuites
        self.tableSuites = tableSuites
        self.tablesDirectory = tablesDirectory
        self.toolName = toolName
    }

    /// How the lines the tool prints replay a token: `swift run tally replay <token>`, with its name.
    public var replayLine: ReplayLine { .swiftRun(toolName) }

    /// The names of the specs, properties' first, in the catalog's order.
    public var specNames: [String] {
        var names: [String] = []
        for name in propertySuites.map(\.name) + tableSuites.map(\.name) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Every property, with the name of its suite.
    public var properties: [(suite: String, property: Property)] {
        propertySuites.flatMap { suite in suite.properties.map { (suite.name, $0) } }
    }
}

/// Where a command writes: standard output and standard error, or a buffer in tests.
public struct Console: Sendable {
    /// Writes one line of output.
    public var out: @Sendable (String) -> Void
    /// Writes one line of diagnostics.
    public var err: @Sendable (String) -> Void

    /// A console writing to `out` and `err`.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }
}
