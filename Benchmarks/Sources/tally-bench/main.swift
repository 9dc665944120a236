import Foundation

// tally-bench: Tally against a raw loop and swift-property-based on the same property, in one process.
// Usage: swift run -c release --package-path Benchmarks tally-bench [--json] [--quick] [--check]
//          (--check: exit 1 when a target is missed)
//        swift run -c release --package-path Benchmarks tally-bench shrink-challenge [--json] [case ...]
//        swift run -c release --package-path Benchmarks tally-bench search-challenge [--json] [case ...]
//        swift run -c release --package-path Benchmarks tally-bench schedules [--quick]   (scheduler throughput)
//        swift run -c release --package-path Benchmarks tally-bench money [--json] [--check] [bug ...]
//          (money bugs beside Hypothesis)
//        swift run -c release --package-path Benchmarks tally-bench crash-guard [--quick]
//          (the crash guard's cost per case)
//        swift run -c release --package-path Benchmarks tally-bench child-read [--quick]
//          (a case timeout's read of a child's answer, beside a plain read)

let usage = """
    Usage: tally-bench [--json] [--quick] [--check]
           tally-bench shrink-challenge [--json] [case ...]
           tally-bench search-challenge [--json] [case ...]
           tally-bench schedules [--quick]
           tally-bench money [--json] [--check] [bug ...]
           tally-bench crash-guard [--quick]
           tally-bench child-read [--quick]

    """
var arguments = Array(CommandLine.arguments.dropFirst())
// The child `child-read` times its reads of.
if arguments == ["child-read-serve"] { ChildReadCost.serve() }
let command = arguments.first.flatMap {
    ["shrink-challenge", "search-challenge", "schedules", "money", "crash-guard", "child-read"].contains($0)
        ? $0 : nil
}
if command != nil { arguments.removeFirst() }
let wantsJSON = arguments.contains("--json")
let quick = arguments.contains("--quick")
let checksTargets = arguments.contains("--check")
let allowed: Set<String> =
    switch command {
    case "shrink-challenge", "search-challenge": ["--json"]
    case "schedules", "crash-guard", "child-read": ["--quick"]
    case "money": ["--json", "--check"]
    default: ["--json", "--quick", "--check"]
    }
// The challenges and the money bugs take the names of the cases to run, or run them all.
let caseNames =
    ["search-challenge", "shrink-challenge", "money"].contains(command) ? arguments.filter { !$0.hasPrefix("-") } : []
if let unknown = arguments.first(where: { !allowed.contains($0) && !caseNames.contains($0) }) {
    FileHandle.standardError.write(
        Data("tally-bench: error: unknown \(unknown.hasPrefix("-") ? "option" : "command") '\(unknown)'\n\(usage)".utf8)
    )
    exit(2)
}
switch command {
case "shrink-challenge":
    await ShrinkChallenge.run(json: wantsJSON, names: caseNames)
    exit(0)
case "search-challenge":
    await SearchChallenge.run(json: wantsJSON, names: caseNames)
    exit(0)
case "schedules":
    await ScheduleThroughput.report(quick: quick)
    exit(0)
case "crash-guard":
    await CrashGuardOverhead.report(quick: quick)
    exit(0)
case "child-read":
    ChildReadCost.report(quick: quick)
    exit(0)
case "money":
    await MoneyBenchmark.run(json: wantsJSON, check: checksTargets, names: caseNames)
    exit(0)
default:
    break
}

/// The peak resident memory of this process so far, in kibibytes.
func peakResidentKiB() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
}

var sink = 0
// Rounds of the throughput workloads in five batches spread over the run (see ThroughputRounds).
let batch = quick ? 1 : 3
var throughput = ThroughputRounds(quick: quick)
throughput = await throughput.adding(rounds: batch)
let peerRunner = await PeerRunner.measure(cases: quick ? 20_000 : 200_000) ?? 0
throughput = await throughput.adding(rounds: batch)

// Memory: the peak after a million cases and after ten million more must be about the same.
let memoryBefore = peakResidentKiB()
sink &+= await Throughput.tally(cases: 1_000_000) ? 0 : 1
let memoryAfterMillion = peakResidentKiB()
sink &+= await Throughput.tally(cases: quick ? 2_000_000 : 10_000_000) ? 0 : 1
let memoryAfterTenMillion = peakResidentKiB()
throughput = await throughput.adding(rounds: batch)

// Crash safety: the claims invariants with and without a flight recorder, interleaved, best of each.
var plainRates: [Double] = [], recordedRates: [Double] = []
for _ in 0..<(quick ? 1 : 3) {
    plainRates.append(await FlightRecorderOverhead.rate(recording: false, casesPerProperty: quick ? 2_000 : 20_000))
    recordedRates.append(await FlightRecorderOverhead.rate(recording: true, casesPerProperty: quick ? 2_000 : 20_000))
}
let plainRate = plainRates.max()!, recordedRate = recordedRates.max()!

throughput = await throughput.adding(rounds: batch)
let shrinks = await ShrinkQuality.measure()
throughput = await throughput.adding(rounds: batch)
if throughput.anyCPUExceedsWall {
    FileHandle.standardError.write(
        Data(
            ("tally-bench: warning: a round used more processor time than wall time, so more than one thread "
                + "worked and its processor time does not time the workload alone\n").utf8))
}
let raw = throughput.raw.bestCPU, tally = throughput.tally.bestCPU, peer = throughput.peer.bestCPU
let generatorsOnly = throughput.generators.bestCPU
let rawOverTallyWallClock = throughput.raw.bestWall / throughput.tally.bestWall
let allShrinkTimes = shrinks.map(\.medianMilliseconds).sorted()

func format(_ value: Double) -> String { String(format: "%.0f", value) }
func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

print("Property: one-line adjudication over six integers (cost, deductible, met, coinsurance, OOP max, OOP spent)")
print("")
print("runner                                     cases/s")
print("raw loop (no framework)              \(format(raw).leftPadded(14))")
print("Tally Property.check                 \(format(tally).leftPadded(14))")
print("swift-property-based 2.0.1 gen loop  \(format(peer).leftPadded(14))")
print("Tally generators alone (no runner)   \(format(generatorsOnly).leftPadded(14))")
print("swift-property-based propertyCheck   \(format(peerRunner).leftPadded(14))")
print("(per second of processor time, the best of \(throughput.rounds) rounds; propertyCheck's by wall clock, once)")
print("")
print(
    "Tally / swift-property-based: \(ratio(tally / peer))× against its bare generator loop, "
        + "\(ratio(tally / max(peerRunner, 1)))× against its runner (propertyCheck)   (target ≥ 100× against its "
        + "generator loop, issue 25)"
)
print(
    "raw / Tally:                  \(ratio(raw / tally))×   (target ≤ 3.3, issue 36; best of \(throughput.rounds) "
        + "rounds by processor time; by wall clock \(ratio(rawOverTallyWallClock))×)"
)
// Each target printed here, as --check judges it.
let overhead = (plainRate / recordedRate - 1) * 100
let targets: [(String, Bool)] = [
    ("Tally / swift-property-based ≥ 100× (against its generator loop)", tally / peer >= 100),
    ("raw / Tally ≤ 3.3", raw / tally <= 3.3),
    ("flight recorder overhead ≤ 10%", overhead <= 10),
]
print("")
print("shrink case              median ms   max ms   minimum reached")
for shrink in shrinks {
    print(
        "\(shrink.name.padding(toLength: 24, withPad: " ", startingAt: 0)) "
            + "\(String(format: "%9.2f", shrink.medianMilliseconds)) "
            + "\(String(format: "%8.2f", shrink.maximumMilliseconds))   \(shrink.minimaReached)/\(shrink.runs)"
    )
}
print("")
print(
    "claims invariants in process: \(format(plainRate)) cases/s; with a flight recorder: \(format(recordedRate)) "
        + "cases/s; overhead \(String(format: "%.1f", overhead))% (target ≤ 10%)"
)
print(
    "peak memory: \(memoryBefore) KiB before, \(memoryAfterMillion) KiB after 1M cases, \(memoryAfterTenMillion) "
        + "KiB after \(quick ? "2M" : "10M") more"
)
if sink &+ throughput.sink == Int.min { print(sink) }

if wantsJSON {
    let fields: [String] = [
        "\"tally_cases_per_s\":\(format(tally))",
        "\"swift_property_based_cases_per_s\":\(format(peerRunner))",
        "\"swift_property_based_generator_loop_cases_per_s\":\(format(peer))",
        "\"raw_cases_per_s\":\(format(raw))",
        "\"tally_over_swift_property_based\":\(ratio(tally / max(peerRunner, 1)))",
        "\"tally_over_swift_property_based_generator_loop\":\(ratio(tally / peer))",
        "\"raw_over_tally\":\(ratio(raw / tally))",
        "\"raw_over_tally_wall_clock\":\(ratio(rawOverTallyWallClock))",
        "\"shrink_median_ms\":\(String(format: "%.3f", allShrinkTimes[allShrinkTimes.count / 2]))",
        "\"shrink_minima_reached\":\(shrinks.map(\.minimaReached).reduce(0, +))",
        "\"shrink_runs\":\(shrinks.map(\.runs).reduce(0, +))",
        "\"claims_in_process_cases_per_s\":\(format(plainRate))",
        "\"claims_flight_recorder_cases_per_s\":\(format(recordedRate))",
        "\"peak_rss_kib_after_1m\":\(memoryAfterMillion)",
        "\"peak_rss_kib_after_more\":\(memoryAfterTenMillion)",
    ]
    print("{" + fields.joined(separator: ",") + "}")
}

let missed = targets.filter { !$0.1 }.map(\.0)
if !missed.isEmpty {
    FileHandle.standardError.write(Data(("tally-bench: target missed: " + missed.joined(separator: "; ") + "\n").utf8))
    if checksTargets { exit(1) }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
