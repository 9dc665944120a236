import CardAuthorization
import TallyTables

/// One request of a concurrency table row's `at once` cell: `charge $30.00`, `deposit $10.00`,
/// `capture h1 $20.00` or `release h1`, each optionally followed by `as <request id>` to send the same
/// request id twice (a retry).
struct ConcurrentRequest: Hashable, Sendable {
    enum Action: String, Hashable, Sendable { case charge, deposit, capture, release }

    let action: Action
    let hold: String?
    let cents: Int?
    let id: String?

    /// The requests of a cell, separated by `;`, or `nil` when one is not a request.
    static func list(_ text: String) -> [ConcurrentRequest]? {
        let requests = text.split(separator: ";").map { ConcurrentRequest(String($0)) }
        guard requests.count >= 2, requests.allSatisfy({ $0 != nil }) else { return nil }
        return requests.map { $0! }
    }

    /// The requests of a cell, or an error naming what the column expects: the column's kind accepts
    /// only cells `list` reads, so it fails only if the two ever disagree, and then the row fails
    /// rather than send no request and compare counts of zero.
    static func requests(_ text: String) throws(UnreadableRequests) -> [ConcurrentRequest] {
        guard let requests = list(text) else { throw UnreadableRequests(text: text) }
        return requests
    }

    /// A cell of the `at once` column that is not a list of requests.
    struct UnreadableRequests: Error, CustomStringConvertible {
        let text: String
        var description: String { "column \"at once\": \"\(text)\" is not valid; expected \(expected)" }
    }

    /// What the `at once` column expects, for the loader's messages.
    static let expected = """
        two or more requests separated by ";", each one of: charge $30.00, deposit $10.00, capture h1 $20.00, \
        release h1 (optionally followed by: as r1)
        """

    /// The `at once` column's kind: a list of requests.
    static let cellKind = CellKind(
        expected: expected, read: { text in list(text) == nil ? nil : .text(text) },
        write: { value in if case .text(let text) = value { text } else { "" } })

    private init?(_ text: String) {
        var words = text.split(separator: " ").map(String.init)
        var id: String?
        if words.count >= 2, words[words.count - 2] == "as" {
            id = words.removeLast()
            words.removeLast()
        }
        guard let first = words.first, let action = Action(rawValue: first) else { return nil }
        let rest = Array(words.dropFirst())
        let needsHold = action == .capture || action == .release
        let needsAmount = action != .release
        guard rest.count == (needsHold ? 1 : 0) + (needsAmount ? 1 : 0) else { return nil }
        let hold = needsHold ? rest[0] : nil
        if let hold, !(hold.hasPrefix("h") && Int(hold.dropFirst()) != nil) { return nil }
        let cents = needsAmount ? MoneyText.parse(rest.last!) : nil
        if needsAmount, (cents ?? 0) <= 0 { return nil }
        self.action = action
        self.hold = hold
        self.cents = cents
        self.id = id
    }

    /// Sends the request to `service` under `defaultID` unless it names its own id; returns the answer.
    func send(to service: CardAuthorizationService, defaultID: String) async -> CardAnswer {
        let id = self.id ?? defaultID
        // The engine decides whether an amount is valid: one it refuses is the row's answer.
        return await CardAnswer.of { () async throws(CardError) -> CardAnswer in
            switch action {
            case .charge: return CardAnswer(try await service.authorize(id, amount: Amount(cents: cents ?? 0), day: 1))
            case .deposit: try await service.credit(id, amount: Amount(cents: cents ?? 0))
            case .capture: try await service.capture(id, hold: hold ?? "", amount: Amount(cents: cents ?? 0))
            case .release: try await service.release(id, hold: hold ?? "")
            }
            return .done
        }
    }
}
