import Tally

/// Every spec the command-line tool knows, by name.
///
/// A new spec becomes part of `tally check`, `tally fuzz` and `tally replay` by being listed here.
enum Catalog {
    static let suites: [PropertySuite] = []

    /// Every property, with the name of its suite.
    static var properties: [(suite: String, property: Property)] {
        suites.flatMap { suite in suite.properties.map { (suite.name, $0) } }
    }
}
