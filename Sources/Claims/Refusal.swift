/// Why a plan year refused an event: nothing was posted and nothing changed. Payers deny such claims
/// with a reason rather than fail (claim adjustment reason code 18, "exact duplicate claim/service").
public enum Refusal: Hashable, Sendable, CustomStringConvertible {
    /// The claim id was already received, with the same line: a resend.
    case duplicateClaim(String)
    /// The line is the same service as active claim `of` (same member, date, provider, category and
    /// amounts) under another id.
    case duplicateService(claim: String, of: String)
    /// The claim id was already received for a different line; a correction is sent as a replacement.
    case claimIDInUse(String)
    /// The claim id belongs to a voided claim; a claim id is never reused.
    case claimIDVoided(String)
    /// The void or replacement names a claim that was never received.
    case unknownClaim(String)
    /// The void or replacement names a claim that is already voided.
    case alreadyVoided(String)

    /// One sentence saying why, naming the claims.
    public var description: String {
        switch self {
        case .duplicateClaim(let id): "duplicate: claim \(id) was already received"
        case .duplicateService(let id, let original):
            "duplicate: claim \(id) is the same service as claim \(original) (member, date, "
                + "provider, category and amounts)"
        case .claimIDInUse(let id):
            "claim id \(id) was already used for a different claim line; send a replacement to correct it"
        case .claimIDVoided(let id): "claim id \(id) belongs to a voided claim; a claim id is never reused"
        case .unknownClaim(let id): "claim \(id) was never received"
        case .alreadyVoided(let id): "claim \(id) is already voided"
        }
    }
}
