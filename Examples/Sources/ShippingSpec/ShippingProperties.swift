import Shipping
import Tally

/// The invariants every rate card must keep.
enum ShippingProperties {
    /// Parcels up to 30 kg and 50 cm a side, to any zone.
    static let parcels = Gen.zip(
        Gen.int(in: 1...30_000), Gen.int(in: 1...50), Gen.int(in: 1...50), Gen.int(in: 1...50), Gen<Zone>.anyCase
    ).map { Parcel(grams: $0, lengthCm: $1, widthCm: $2, heightCm: $3, zone: $4) }

    static func all(_ quote: @escaping ShippingSpec.Quoting) -> [Property] {
        [heavierNeverCheaper(quote), billableWeight(quote), unpricedZoneRefused(quote)]
    }

    /// Adding weight to a parcel never lowers its price.
    static func heavierNeverCheaper(_ quote: @escaping ShippingSpec.Quoting) -> Property {
        Property("a heavier parcel never costs less", Gen.zip(parcels, Gen.int(in: 1...5_000))) { parcel, extra in
            var heavier = parcel
            heavier.grams += extra
            guard let light = try? quote(.standard, parcel), let heavy = try? quote(.standard, heavier) else {
                label("over the weight limit")
                return
            }
            cover(50, true, "both parcels quoted")
            label(parcel.zone.rawValue)
            try ensure(
                heavy.cents >= light.cents,
                "\(heavier.grams) g costs \(heavy.cents) cents, less than \(light.cents) cents for \(parcel.grams) g")
        }
    }

    /// The billable weight is the parcel's weight or its volumetric weight, whichever is greater,
    /// rounded up to whole half kilograms.
    static func billableWeight(_ quote: @escaping ShippingSpec.Quoting) -> Property {
        Property("billable weight is the greater weight rounded up to 500 g", parcels) { parcel in
            guard let quoted = try? quote(.standard, parcel) else { return }
            let heavier = max(parcel.grams, parcel.volumetricGrams)
            label(parcel.volumetricGrams > parcel.grams ? "charged by volume" : "charged by weight")
            try ensure(
                quoted.billableGrams % 500 == 0, "billable \(quoted.billableGrams) g is not whole half kilograms")
            try ensure(
                quoted.billableGrams >= heavier && quoted.billableGrams < heavier + 500,
                "billable \(quoted.billableGrams) g for \(parcel.grams) "
                    + "g weighing \(parcel.volumetricGrams) g by volume"
            )
        }
    }

    /// A card that lacks a zone's base price, its price per further 500 g, or both, refuses parcels
    /// to that zone: a missing price never ships a parcel for free.
    static func unpricedZoneRefused(_ quote: @escaping ShippingSpec.Quoting) -> Property {
        Property(
            "a zone the card does not price is refused", Gen.zip(parcels, Gen.element(of: ["base", "further", "both"]))
        ) { parcel, missing in
            var card = RateCard.standard
            if missing != "further" { card.base[parcel.zone] = nil }
            if missing != "base" { card.perHalfKilo[parcel.zone] = nil }
            label("no \(missing) price")
            switch Result(catching: { try quote(card, parcel) }) {
            case .success(let quoted):
                throw PropertyFailure(
                    "\(parcel) quoted \(quoted.cents) cents with no \(missing) price for \(parcel.zone)")
            case .failure(let error):
                try ensure(
                    error as? ShippingError == .zoneNotPriced(parcel.zone),
                    "\(parcel) refused with \(error), not for the missing price")
            }
        }
    }
}
