/// The kind of service a claim line is for; plans set cost sharing, exclusions and visit limits by it.
public enum ServiceCategory: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// An office visit with a primary care physician.
    case primaryCare = "primary care"
    /// An office visit with a specialist.
    case specialist
    /// An urgent care center visit.
    case urgentCare = "urgent care"
    /// An emergency room visit.
    case emergencyRoom = "emergency room"
    /// A generic prescription drug.
    case genericDrug = "generic drug"
    /// Preventive care (screenings, immunizations, annual physicals).
    case preventive
    /// A physical therapy session.
    case physicalTherapy = "physical therapy"
    /// Diagnostic imaging (X-ray, MRI, CT).
    case imaging
    /// A hospital stay.
    case inpatient
    /// Cosmetic procedures, which plans commonly exclude.
    case cosmetic

    /// The category's name as tables write it.
    public var description: String { rawValue }
}

/// Whether the provider is in the plan's network.
public enum Network: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// A contracted provider: the allowed amount is all the provider may charge.
    case inNetwork = "in"
    /// A provider outside the network: the patient also owes the billed charge above the allowed amount.
    case outOfNetwork = "out"

    /// `in` or `out`.
    public var description: String { rawValue }
}
