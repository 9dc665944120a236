import Claims
import Tally

/// Generators of plan years as a payer receives them: claims out of date order, voids, replacements
/// and resends. Each draws its parts as arrays, so the shrinker removes whole claims and corrections,
/// and picks shrink to 0, the first choice.
public enum ArrivalGenerators {
    /// Up to `count` claim lines `c01`, `c02`, … each from its own provider (`p1`, `p2`, …), so no
    /// two are the same service and a correct engine posts them all.
    public static func distinctLines(count: ClosedRange<Int>) -> Gen<[ClaimLine]> {
        Gen(
            ClaimsGenerators.lines(count: count).map { lines in
                lines.enumerated().map { index, line in line.changing(provider: "p\(index + 1)") }
            })
    }

    /// The lines in an arrival order drawn as picks: each pick chooses among the lines not yet arrived
    /// (pick 0, the first of them), so the picks shrink to the lines' own order.
    public static let outOfOrder: Gen<ArrivalCase> = Gen(
        Gen.zip(ClaimsGenerators.plan, distinctLines(count: 0...6), Gen.int(in: 0...5).array(length: 0...6))
            .map { plan, lines, picks in
                var waiting = lines, arrived: [ClaimEvent] = []
                for index in lines.indices {
                    let pick = index < picks.count ? picks[index] % waiting.count : 0
                    arrived.append(.claim(waiting.remove(at: pick)))
                }
                return ArrivalCase(plan: plan, events: arrived)
            })

    /// One correction drawn after a claim: nothing, a void, or a replacement with a new allowed amount,
    /// of the active claim `target` picks.
    typealias Correction = (kind: Int, target: Int, allowed: Int)
    static let correction = Gen.zip(Gen.int(in: 0...2), Gen.int(in: 0...5), Gen.cents(in: 0...500_000)).map {
        Correction($0, $1, $2)
    }

    /// Claims in their drawn order, each followed perhaps by a void or a replacement of an active claim
    /// (a replacement under a new id, `r` and the replaced claim's number).
    public static let corrected: Gen<ArrivalCase> = Gen(
        Gen.zip(ClaimsGenerators.plan, distinctLines(count: 0...6), correction.array(length: 0...6))
            .map { plan, lines, corrections in
                var events: [ClaimEvent] = [], active: [ClaimLine] = []
                for (index, line) in lines.enumerated() {
                    events.append(.claim(line))
                    active.append(line)
                    guard index < corrections.count, corrections[index].kind > 0 else { continue }
                    let target = active.remove(at: corrections[index].target % active.count)
                    if corrections[index].kind == 1 {
                        events.append(.void(target.id))
                    } else if let replacement = replacing(target, allowed: corrections[index].allowed) {
                        events.append(.replace(target.id, with: replacement))
                        active.append(replacement)
                    }
                }
                return ArrivalCase(plan: plan, events: events)
            })

    /// Claims in their drawn order, then at least one resend of an arrived claim (``resend(_:_:number:)``):
    /// the same service under a new id (`d1`, `d2`, …), the same claim again, or a claim alike but for one
    /// field.
    public static let resent: Gen<ArrivalCase> = Gen(
        Gen.zip(
            ClaimsGenerators.plan, distinctLines(count: 1...6),
            Gen.zip(Gen.int(in: 0...5), Gen.int(in: 0...8)).array(length: 1...3)
        )
        .map { plan, lines, resends in
            var events = lines.map { ClaimEvent.claim($0) }
            for (number, (target, pick)) in resends.enumerated() {
                events.append(.claim(resend(lines[target % lines.count], pick, number: number + 1)))
            }
            return ArrivalCase(plan: plan, events: events)
        })

    /// `line` sent again as `pick` says, under id `d` and `number` unless it is the same claim: 0, the same
    /// service; 1, the same claim; 2 to 7, another member, date, provider, category, billed or allowed
    /// amount — another service, a second visit or procedure; 8, the other network, which is still the
    /// same service (the network is the provider's contract, not something a resend changes).
    static func resend(_ line: ClaimLine, _ pick: Int, number: Int) -> ClaimLine {
        let id = "d\(number)"
        let cent = (try? Money(cents: 1)) ?? .zero
        switch pick {
        case 1: return line
        case 2:
            return line.changing(
                id: id,
                member: line.member == ClaimsGenerators.members[0]
                    ? ClaimsGenerators.members[1] : ClaimsGenerators.members[0])
        case 3:
            return line.changing(
                id: id, date: ServiceDate(year: line.date.year, month: line.date.month, day: line.date.day == 1 ? 2 : 1)
            )
        case 4: return line.changing(id: id, provider: line.provider + "'")
        case 5: return line.changing(id: id, category: line.category == .specialist ? .primaryCare : .specialist)
        case 6: return line.changing(id: id, billed: line.billed + cent)
        case 7:
            return line.changing(
                id: id,
                allowed: line.allowed < line.billed ? line.allowed + cent : try? Money(cents: line.allowed.cents - 1))
        case 8: return line.changing(id: id, network: line.network == .inNetwork ? .outOfNetwork : .inNetwork)
        default: return line.changing(id: id)
        }
    }

    /// Claims in their drawn order, then one more claim, `c99` from provider `p99`, and its void.
    public static let voidedLast: Gen<ArrivalCase> = Gen(
        Gen.zip(ClaimsGenerators.plan, distinctLines(count: 0...6), ClaimsGenerators.line(id: "c99"))
            .map { plan, lines, extra in
                ArrivalCase(
                    plan: plan,
                    events: lines.map { .claim($0) } + [.claim(extra.changing(provider: "p99")), .void(extra.id)])
            })

    /// `line` corrected to `allowed` under id `r` and its number; billed at least the new allowed amount.
    static func replacing(_ line: ClaimLine, allowed cents: Int) -> ClaimLine? {
        guard let allowed = try? Money(cents: cents) else { return nil }
        let billed = line.network == .outOfNetwork && line.billed > allowed ? line.billed : allowed
        return try? ClaimLine(
            id: "r" + line.id.dropFirst(), member: line.member, date: line.date, category: line.category,
            network: line.network, provider: line.provider, billed: billed, allowed: allowed)
    }
}
