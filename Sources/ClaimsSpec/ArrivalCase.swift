import Claims

/// A plan year's events as a payer receives them, for the arrival properties.
public struct ArrivalCase: Sendable, CustomStringConvertible {
    /// The plan.
    public var plan: Plan
    /// The claims, voids and replacements, in arrival order.
    public var events: [ClaimEvent]

    /// A case of `events` under `plan`.
    public init(plan: Plan, events: [ClaimEvent]) {
        self.plan = plan
        self.events = events
    }

    /// The plan, then one numbered line per event in arrival order.
    public var description: String {
        ([ClaimsDescriptions.plan(plan)]
            + events.enumerated().map { "\($0.offset + 1). \(ClaimsDescriptions.event($0.element))" })
            .joined(separator: "\n")
    }

    /// The claims the events leave active, as the spec reads the events itself: a claim adds its line,
    /// a void removes one, a replacement does both.
    public var activeLines: [ClaimLine] {
        var active: [String: ClaimLine] = [:]
        for event in events {
            switch event {
            case .claim(let line): active[line.id] = active[line.id] ?? line
            case .void(let id): active[id] = nil
            case .replace(let id, let line):
                active[id] = nil
                active[line.id] = line
            }
        }
        return Array(active.values)
    }
}
