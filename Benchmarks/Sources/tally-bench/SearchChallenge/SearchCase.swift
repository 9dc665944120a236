import Tally

/// One case of the search challenge: a property with a planted failure that random search must find, and
/// the group it belongs to in the table.
struct SearchCase: Sendable {
    /// The case's name, the same as in `Benchmarks/hypothesis/search_challenge.py`.
    var name: String
    /// The kind of search it tests: "coincidence", "bst" or "state machine".
    var group: String
    /// The property; `check` runs it from one seed.
    var property: @Sendable () -> Property
}

extension SearchCase {
    /// A case whose property checks `body` on values of `cases`.
    init<Cases: Generator>(
        _ name: String, group: String, _ cases: Cases, _ body: @escaping @Sendable (Cases.Value) throws -> Void
    ) {
        self.init(name: name, group: group) { Property("search-challenge/\(name)", cases, body: body) }
    }
}
