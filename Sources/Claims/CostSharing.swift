/// How a plan shares the cost of one category of service with the member, as US plans file it in
/// their summaries of benefits.
public enum CostSharing: Hashable, Sendable {
    /// A flat copay, with no deductible: "$40 copay".
    case copay(Money)
    /// The deductible first, then the copay: "$40 copay after deductible".
    case copayAfterDeductible(Money)
    /// The copay first, then the rest of the allowed amount toward the deductible and coinsurance:
    /// "$40 copay, then deductible and coinsurance" (copay before deductible).
    case copayBeforeDeductible(Money)
    /// The deductible first, then nothing: "no charge after deductible".
    case noChargeAfterDeductible
    /// The deductible first, then the tier's coinsurance: "20% coinsurance after deductible".
    case coinsuranceAfterDeductible
    /// Covered in full, before the deductible: preventive care in network.
    case noCharge
}
