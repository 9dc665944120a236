import CardAuthorization

/// What the card service answers to one request, as the concurrent spec compares it with the model.
public enum CardAnswer: Hashable, Sendable, CustomStringConvertible {
    /// An authorization approved with this hold.
    case approved(hold: String)
    /// An authorization declined, and why.
    case declined(Decline)
    /// A capture, release or deposit done.
    case done
    /// A request refused as impossible or malformed.
    case refused(CardError)

    /// The answer to an authorization.
    public init(_ result: Account.AuthorizationResult) {
        switch result {
        case .approved(let hold): self = .approved(hold: hold)
        case .declined(let reason): self = .declined(reason)
        }
    }

    /// The system's answer to `request`: its result, or the card error it threw (the only error it
    /// can throw, so no other error can pass for an answer).
    public static func of(_ request: () async throws(CardError) -> CardAnswer) async -> CardAnswer {
        do { return try await request() } catch { return .refused(error) }
    }

    /// `approved h1`, `declined: insufficient funds`, `done`, `refused: hold h1 is already released`.
    public var description: String {
        switch self {
        case .approved(let hold): "approved \(hold)"
        case .declined(let reason): "declined: \(reason.rawValue)"
        case .done: "done"
        case .refused(let error): "refused: \(error)"
        }
    }
}
