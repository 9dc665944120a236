/// The benchmark property's six inputs, all in cents or basis points.
struct LineInputs {
    var cost: Int
    var deductible: Int
    var deductibleMet: Int
    var coinsuranceBasisPoints: Int
    var oopMaximum: Int
    var oopSpent: Int

    static let costRange = 0...10_000_000
    static let deductibleRange = 0...1_000_000
    static let deductibleMetRange = 0...1_000_000
    static let coinsuranceRange = 0...10_000
    static let oopMaximumRange = 0...10_000_000
    static let oopSpentRange = 0...10_000_000
}

/// A one-line adjudication, inlined so that every runner checks the same work: deductible first,
/// then coinsurance rounded half up to the cent, the patient's share capped by the remaining
/// out-of-pocket maximum, the insurer paying the rest.
@inline(__always)
func adjudicate(_ line: LineInputs) -> (insurer: Int, patient: Int, remainingOOP: Int) {
    let remainingDeductible = max(line.deductible - line.deductibleMet, 0)
    let deductiblePart = min(line.cost, remainingDeductible)
    let coinsurance = ((line.cost - deductiblePart) * line.coinsuranceBasisPoints + 5_000) / 10_000
    let remainingOOP = max(line.oopMaximum - line.oopSpent, 0)
    let patient = min(deductiblePart + coinsurance, remainingOOP)
    return (line.cost - patient, patient, remainingOOP)
}

/// The invariant: insurer + patient == cost, and the patient pays no more than the remaining OOP.
@inline(__always)
func holds(_ line: LineInputs) -> Bool {
    let result = adjudicate(line)
    return result.insurer + result.patient == line.cost && result.patient <= result.remainingOOP
}
