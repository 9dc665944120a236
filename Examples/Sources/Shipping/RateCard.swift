/// A carrier's rates: a base price per zone for the first half kilogram, and a price per further half
/// kilogram of billable weight.
public struct RateCard: Sendable {
    /// The price of the first 500 g, in cents, by zone.
    public var base: [Zone: Int]
    /// The price of each further 500 g, in cents, by zone.
    public var perHalfKilo: [Zone: Int]
    /// The most billable weight the carrier takes, in grams.
    public var maximumGrams: Int

    /// A rate card.
    public init(base: [Zone: Int], perHalfKilo: [Zone: Int], maximumGrams: Int = 30_000) {
        self.base = base
        self.perHalfKilo = perHalfKilo
        self.maximumGrams = maximumGrams
    }

    /// The rates this example ships with.
    public static let standard = RateCard(
        base: [.domestic: 495, .europe: 1_250, .world: 2_400], perHalfKilo: [.domestic: 60, .europe: 180, .world: 350])

    /// The price of shipping `parcel`: its billable weight is the greater of its weight and its
    /// volumetric weight, rounded up to whole half kilograms. A zone the card does not price is
    /// refused, never shipped for free.
    public func quote(_ parcel: Parcel) throws(ShippingError) -> Quote {
        guard parcel.grams > 0, parcel.lengthCm > 0, parcel.widthCm > 0, parcel.heightCm > 0 else { throw .notAParcel }
        guard let first = base[parcel.zone], let further = perHalfKilo[parcel.zone] else {
            throw .zoneNotPriced(parcel.zone)
        }
        let halfKilos = (max(parcel.grams, parcel.volumetricGrams) + 499) / 500
        let billable = halfKilos * 500
        guard billable <= maximumGrams else { throw .tooHeavy(billableGrams: billable, limit: maximumGrams) }
        return Quote(billableGrams: billable, cents: first + further * (halfKilos - 1))
    }
}

/// What shipping a parcel costs.
public struct Quote: Hashable, Sendable {
    /// The weight charged for, in grams: a multiple of 500.
    public var billableGrams: Int
    /// The price in cents.
    public var cents: Int

    /// A quote.
    public init(billableGrams: Int, cents: Int) {
        self.billableGrams = billableGrams
        self.cents = cents
    }
}

/// Why a parcel cannot be quoted.
public enum ShippingError: Error, Equatable, CustomStringConvertible {
    /// A weight or a dimension is not positive.
    case notAParcel
    /// The billable weight is above the carrier's limit.
    case tooHeavy(billableGrams: Int, limit: Int)
    /// The rate card has no price for the zone.
    case zoneNotPriced(Zone)

    /// One sentence.
    public var description: String {
        switch self {
        case .notAParcel: "weight and dimensions must be positive"
        case .tooHeavy(let billable, let limit): "too heavy: \(billable) g billable, the limit is \(limit) g"
        case .zoneNotPriced(let zone): "the rate card has no price for \(zone)"
        }
    }
}
