/// The raw loop, Tally's `Property.check`, swift-property-based's generator loop and Tally's generators
/// alone on the throughput property, timed in interleaved rounds, each judged by its best round by
/// processor time (see ``RoundRate``).
///
/// On the shared machine the benchmarks run on, processor time alone is not steady: for stretches of
/// several seconds at a time every loop runs slower per processor second (the raw loop about 80 M
/// cases/s against 65 M, `Property.check` 21 M against 14 M, which moves raw / Tally from about 3.7 to
/// 4.6), and a run of seven rounds in a row sometimes fell wholly inside such a stretch. So the rounds
/// are taken in batches that the caller spreads over the whole benchmark run, so that one slow stretch
/// cannot hold every round.
///
/// What neither removes: sharing a processor with another busy process slows `Property.check` more than
/// the raw loop while it runs (each switch back finds its caches and branch history cold), so on this
/// machine raw / Tally read 3.9 to 4.5 in full runs beside two `yes` loops and 3.8 to 4.1 without them
/// (the wall clock's best of three read 2.6 to 5.1 in the same conditions). Compare commits side by side
/// in one session.
struct ThroughputRounds {
    let rawCases: Int
    let tallyCases: Int
    let peerCases: Int
    private(set) var raw: [RoundRate] = []
    private(set) var tally: [RoundRate] = []
    private(set) var peer: [RoundRate] = []
    private(set) var generators: [RoundRate] = []
    /// What the loops return, folded in so that the optimizer cannot drop them.
    private(set) var sink = 0

    init(quick: Bool) {
        rawCases = quick ? 2_000_000 : 20_000_000
        tallyCases = quick ? 500_000 : 5_000_000
        peerCases = quick ? 20_000 : 200_000
    }

    /// These rounds and `count` more, each workload timed beside the others within every round. (A copy
    /// rather than a mutation: the caller keeps it in a main-actor global, which an async call cannot
    /// hold in out.)
    func adding(rounds count: Int) async -> ThroughputRounds {
        var rounds = self
        for _ in 0..<count {
            let (rawCases, tallyCases, peerCases) = (rawCases, tallyCases, peerCases)
            var sink = rounds.sink
            let seed = UInt64(rounds.raw.count)
            rounds.raw.append(
                await RoundRate.measure(cases: rawCases) { sink &+= Throughput.rawLoop(cases: rawCases, seed: seed) })
            rounds.tally.append(
                await RoundRate.measure(cases: tallyCases) {
                    sink &+= await Throughput.tally(cases: tallyCases) ? 0 : 1
                }
            )
            rounds.peer.append(
                await RoundRate.measure(cases: peerCases) {
                    sink &+= Throughput.swiftPropertyBased(cases: peerCases, seed: seed)
                })
            rounds.generators.append(
                await RoundRate.measure(cases: tallyCases) {
                    sink &+= Throughput.tallyGeneratorsOnly(cases: tallyCases)
                })
            rounds.sink = sink
        }
        return rounds
    }

    /// How many rounds were timed.
    var rounds: Int { raw.count }

    /// Whether any round ran on more than one thread, so that its processor time misleads.
    var anyCPUExceedsWall: Bool { (raw + tally + peer + generators).anyCPUExceedsWall }
}
