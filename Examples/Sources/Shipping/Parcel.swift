/// A parcel to ship: its weight, its outer dimensions and where it goes.
public struct Parcel: Hashable, Sendable, CustomStringConvertible {
    /// The weight in grams.
    public var grams: Int
    /// The outer dimensions in whole centimeters.
    public var lengthCm: Int, widthCm: Int, heightCm: Int
    /// The destination zone.
    public var zone: Zone

    /// A parcel of `grams` measuring `lengthCm` × `widthCm` × `heightCm`, going to `zone`.
    public init(grams: Int, lengthCm: Int, widthCm: Int, heightCm: Int, zone: Zone) {
        self.grams = grams
        self.lengthCm = lengthCm
        self.widthCm = widthCm
        self.heightCm = heightCm
        self.zone = zone
    }

    /// The volumetric weight in grams: carriers charge a light, bulky parcel by its size, 5,000 cm³
    /// to the kilogram, rounded up.
    public var volumetricGrams: Int { (lengthCm * widthCm * heightCm + 4) / 5 }

    /// `1200 g, 30×20×10 cm, to europe`.
    public var description: String { "\(grams) g, \(lengthCm)×\(widthCm)×\(heightCm) cm, to \(zone)" }
}

/// Where a parcel goes; each zone has its own rates.
public enum Zone: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case domestic, europe, world

    /// The zone's name as tables write it.
    public var description: String { rawValue }
}
