import Shipping
import Tally
import TallyTables

/// The executable requirements of the shipping engine: its invariants and its requirement table.
public enum ShippingSpec {
    /// What the spec checks: a rate card quoting a parcel — the engine's own quote unless a test
    /// plants a bug.
    public typealias Quoting = @Sendable (RateCard, Parcel) throws -> Quote

    /// The invariants, checked against `quote`.
    public static func properties(quoting quote: @escaping Quoting = { try $0.quote($1) }) -> [Property] {
        ShippingProperties.all(quote)
    }

    /// The invariants of the production rate card, for `swift test`, `shipping check` and `shipping fuzz`.
    public static let suite = PropertySuite("shipping", properties: properties())

    /// The table shapes under `Tables/shipping/`.
    public static let tables = TableSuite("shipping", tables: [RatesTable.spec])
}
