/// How a property's input becomes a row of a requirement table, so that `tally promote` can turn a
/// counterexample into an example the requirements were missing.
///
/// ```swift
/// RowPromotion<LineCase>(table: "claims/visits") { input in
///     ["category": input.line.category.rawValue, "allowed": "\(input.line.allowed)"]
/// }
/// ```
public struct RowPromotion<Value>: Sendable {
    /// The table's binding, `<spec>/<table>`.
    public let table: String
    let cells: @Sendable (Value) -> [String: String]?

    /// A promotion into `table`; `cells` gives each input column's text, or `nil` when this value cannot
    /// be written as a row of the table.
    public init(table: String, cells: @escaping @Sendable (Value) -> [String: String]?) {
        self.table = table
        self.cells = cells
    }
}
