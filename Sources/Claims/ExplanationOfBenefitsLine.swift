/// The explanation of benefits for one claim line: how its cost was split, item by item.
///
/// For a covered line, `deductible + copay + coinsurance + planPays == allowed`, and the patient pays
/// the cost sharing plus any balance bill. For a line that is not covered, the patient owes the whole
/// billed charge and nothing accrues.
public struct ExplanationOfBenefitsLine: Hashable, Sendable {
    /// Why a line is not covered.
    public enum NotCoveredReason: String, Hashable, Sendable {
        /// The plan excludes the category.
        case excluded
        /// The member used every covered visit of the category this year.
        case visitLimitReached = "visit limit reached"
        /// The plan covers nothing out of network.
        case outOfNetworkNotCovered = "out of network not covered"
        /// The date of service is outside the plan year: the claim belongs to another year's benefits.
        case outsidePlanYear = "outside the plan year"
    }

    /// The claim line.
    public let line: ClaimLine
    /// The amount not covered, and why (zero and `nil` for a covered line).
    public let notCovered: Money
    /// Why the line is not covered.
    public let reason: NotCoveredReason?
    /// The member's deductible share.
    public let deductible: Money
    /// The member's copay.
    public let copay: Money
    /// The member's coinsurance.
    public let coinsurance: Money
    /// What the plan pays.
    public let planPays: Money
    /// Billed above allowed, out of network: the patient's, counting toward nothing.
    public let balanceBilled: Money

    /// An explanation with every item given, as the engine or another system produced it.
    public init(
        line: ClaimLine, notCovered: Money, reason: NotCoveredReason?, deductible: Money, copay: Money,
        coinsurance: Money, planPays: Money, balanceBilled: Money
    ) {
        self.line = line
        self.notCovered = notCovered
        self.reason = reason
        self.deductible = deductible
        self.copay = copay
        self.coinsurance = coinsurance
        self.planPays = planPays
        self.balanceBilled = balanceBilled
    }

    /// The member's cost sharing: deductible, copay and coinsurance; it counts toward the out-of-pocket maximum.
    public var costSharing: Money { deductible + copay + coinsurance }

    /// Everything the patient owes for the line.
    public var patientPays: Money { costSharing + balanceBilled + notCovered }

    /// Whether the plan covers the line.
    public var isCovered: Bool { reason == nil }
}
