/// The alternatives a *swarm case* leaves on at one draw site: a `oneOf`, a `frequency`, or a state
/// machine's commands (see <doc:HowTallySearches>).
///
/// Swarm testing (Groce, Zhang, Eide, Chen and Regehr, 2012): while searching, one case in four switches
/// some alternatives of each draw site off for the whole case, so that it can be lopsided — twenty
/// enqueues in a row, a list of one kind of element — where an even mix almost never is. Each
/// alternative stays on one time in four, and at least one always does: with the two to six alternatives
/// a site usually has, dropping each one time in two would leave most cases nearly even.
///
/// Which alternatives are on follows from the case's starting random state and the site alone — the
/// site's place in the drawn case (see ``SwarmPlace``), never the file and line of its code — so a
/// failing case regenerates exactly, and the same wherever its spec's code moves; replay and bytes never
/// switch anything off.
@usableFromInline
struct SwarmAlternatives {
    /// Bit `i % 64` is set when alternative `i` is on.
    let mask: UInt64
    let count: Int

    /// The alternatives on among `count` at `site` in the swarm case whose key is `key` (non-zero).
    init(key: UInt64, site: UInt64, count: Int) {
        let first = RandomSource.mix(key ^ site ^ UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        let second = RandomSource.mix(first ^ 0xD1B5_4A32_D192_ED03)
        let bits = min(count, 64)
        let present: UInt64 = bits == 64 ? .max : (1 << UInt64(bits)) - 1
        var mask = first & second
        if mask & present == 0 { mask |= 1 << (RandomSource.mix(second) % UInt64(bits)) }
        self.mask = mask
        self.count = count
    }

    /// Whether alternative `index` is on.
    func isOn(_ index: Int) -> Bool { mask >> UInt64(index & 63) & 1 == 1 }

    /// How many alternatives are on.
    var onCount: Int {
        count <= 64
            ? (mask & (count == 64 ? .max : (1 << UInt64(count)) - 1)).nonzeroBitCount
            : (0..<count).lazy.filter(isOn).count
    }

    /// The `rank`th alternative that is on, counting from 0.
    func onAlternative(_ rank: Int) -> Int {
        var remaining = rank
        for index in 0..<count where isOn(index) {
            if remaining == 0 { return index }
            remaining -= 1
        }
        preconditionFailure("no alternative \(rank) among \(onCount) on")
    }

    /// What a state machine's list of commands adds to the site of its place, so that it switches off
    /// other alternatives than a `oneOf` at the same place would.
    static let commandSite: UInt64 = 0x5354_4154_454D_4143
}

extension ChoiceSource {
    /// The key of a swarm case starting from `random`, `0` for any other case: one case in four, from bits
    /// of the state that neither the case's first draw nor ``ChoiceSource/caseKind(startingFrom:)`` reads.
    @inlinable @inline(__always)
    static func swarmKey(startingFrom random: RandomSource) -> UInt64 {
        (random.s0 &+ random.s3) >> 58 & 3 == 0 ? random.s2 | 1 : 0
    }

    /// The alternatives on among `count` at `site` in this swarm case; `nil` when this is no swarm case
    /// or `site` is `nil`.
    func swarmAlternatives(count: Int, site: UInt64?) -> SwarmAlternatives? {
        guard swarmKey != 0, let site else { return nil }
        return SwarmAlternatives(key: swarmKey, site: site, count: count)
    }

    /// Draws one of `count` alternatives, recorded as its index: while searching, uniformly among those
    /// this case leaves on at `site`.
    mutating func drawAlternative(count: Int, site: UInt64?) -> Int {
        let last = UInt64(count - 1)
        var forced: UInt64 = 0
        if isRandom {
            if let on = swarmAlternatives(count: count, site: site) {
                forced = UInt64(on.onAlternative(Int(random.next(upTo: UInt64(on.onCount - 1)))))
            } else {
                forced = random.next(upTo: last)
            }
        }
        return Int(draw(upTo: last, forcing: forced))
    }

    /// Draws one of `weights.count` alternatives, recorded as its index: while searching, in proportion
    /// to the weights of those this case leaves on at `site` (of all, when those all weigh nothing);
    /// `cumulative` holds the running sums of `weights`.
    mutating func drawAlternative(weights: [Int], cumulative: [Int], site: UInt64?) -> Int {
        let last = UInt64(weights.count - 1)
        var forced: UInt64 = 0
        if isRandom {
            let on = swarmAlternatives(count: weights.count, site: site)
            let onTotal = on.map { on in weights.indices.reduce(0) { on.isOn($1) ? $0 + weights[$1] : $0 } } ?? 0
            if let on, onTotal > 0 {
                var roll = Int(random.next(upTo: UInt64(onTotal - 1)))
                for (index, weight) in weights.enumerated() where on.isOn(index) {
                    if roll < weight { forced = UInt64(index); break }
                    roll -= weight
                }
            } else {
                let roll = Int(random.next(upTo: UInt64(cumulative[cumulative.count - 1] - 1)))
                forced = UInt64(cumulative.firstIndex { roll < $0 } ?? 0)
            }
        }
        return Int(draw(upTo: last, forcing: forced))
    }

    /// Draws one of `enabled` (ascending indices among `count` alternatives, which `on` counts), recorded as
    /// its index among all `count`: a choice names the same alternative whichever others are enabled, so the
    /// shrinker can delete a step that enables or disables some (a state machine's `copy` while fewer than
    /// four copies exist) without changing what every later step's choice means. While searching, uniformly
    /// among the enabled ones left on, or among all enabled when none is; replayed, a choice that names one
    /// not enabled takes the next enabled after it, else the first.
    mutating func drawEnabled(_ enabled: [Int], among count: Int, on: SwarmAlternatives?) -> Int {
        let last = UInt64(count - 1)
        guard isRandom else {
            let choice = Int(draw(upTo: last))
            return enabled.first { $0 >= choice } ?? enabled[0]
        }
        let left = on.map { on in enabled.filter { on.isOn($0) } } ?? []
        let pool = left.isEmpty ? enabled : left
        let forced = UInt64(pool[Int(random.next(upTo: UInt64(pool.count - 1)))])
        return Int(draw(upTo: last, forcing: forced))
    }
}
