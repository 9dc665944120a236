import Shipping
import TallyTables

/// `Tables/shipping/rates.csv`: a parcel per row, with the billable weight and price it must get.
enum RatesTable {
    static let spec = TableSpec(
        "rates",
        columns: [
            .input("zone", .oneOf(Zone.self)),
            .input("grams", .integer),
            .input("length", .integer), .input("width", .integer), .input("height", .integer),
            .output("billable grams?", .integer),
            .output("price?", .money),
            .output("error?", .text),
        ]
    ) { row in
        let parcel = Parcel(
            grams: try row.integer("grams"), lengthCm: try row.integer("length"), widthCm: try row.integer("width"),
            heightCm: try row.integer("height"), zone: Zone(rawValue: try row.text("zone"))!)
        do {
            let quote = try RateCard.standard.quote(parcel)
            return ["billable grams?": .integer(quote.billableGrams), "price?": .money(quote.cents)]
        } catch let error as ShippingError {
            return ["error?": .text(error.description)]
        }
    }
}
