/// One thing a payer receives for a plan year, in arrival order: a claim, a void, or a replacement.
public enum ClaimEvent: Hashable, Sendable, CustomStringConvertible {
    /// A new claim line.
    case claim(ClaimLine)
    /// A void of claim `id`: the claim is taken back as if it had never been processed.
    case void(String)
    /// A corrected claim: claim `id` is voided and `line` takes its place, in one step (the claim
    /// form's frequency code 7). The line may keep the voided claim's id or bring a new one.
    case replace(String, with: ClaimLine)

    /// `claim c1`, `void c1`, `replace c1 with c2`.
    public var description: String {
        switch self {
        case .claim(let line): "claim \(line.id)"
        case .void(let id): "void \(id)"
        case .replace(let id, let line): "replace \(id) with \(line.id)"
        }
    }

    /// The claim line the event brings, if any.
    public var line: ClaimLine? {
        switch self {
        case .claim(let line), .replace(_, let line): line
        case .void: nil
        }
    }
}
