import Foundation

/// One timed round of a workload, in cases per second two ways: by the processor time this process
/// spent (the steady figure, which targets are judged on) and by the wall clock.
///
/// The machine the benchmarks run on is shared: while another build holds a core, the wall clock also
/// counts the time this process waited for one, and raw / Tally read anywhere from 3.7 to 6.0 between
/// runs. Processor time counts only the time the workload ran. It measures the workload alone only
/// while the process runs one thread, which every workload timed this way does: `Property.check`
/// searches on the calling thread (no test is running, no flight recorder or crash guard is set, so no
/// watchdog or child process is started), and the raw loop and the peer's loop are plain loops.
/// ``cpuExceedsWall`` tells when that no longer holds.
struct RoundRate {
    /// Cases per second of processor time (user and system) of the whole process.
    let cpu: Double
    /// Cases per second of wall-clock time.
    let wall: Double
    /// Whether the round used noticeably more processor time than wall time: a second thread worked,
    /// and ``cpu`` no longer times the workload alone.
    let cpuExceedsWall: Bool

    /// Runs `body`, which checks `cases` cases, and times it.
    static func measure(cases: Int, _ body: () async -> Void) async -> RoundRate {
        let wallStart = ContinuousClock.now
        let cpuStart = processCPUSeconds()
        await body()
        let cpuSeconds = processCPUSeconds() - cpuStart
        let elapsed = ContinuousClock.now - wallStart
        let wallSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RoundRate(
            cpu: Double(cases) / cpuSeconds, wall: Double(cases) / wallSeconds,
            cpuExceedsWall: cpuSeconds > wallSeconds * 1.05 + 0.001)
    }

    /// The processor time this process has used, every thread's user and system time, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension Array where Element == RoundRate {
    /// The best round by processor time: a round the machine slowed down reads lower, never higher.
    var bestCPU: Double { map(\.cpu).max() ?? 0 }
    /// The best round by wall clock, for comparison with the figures measured before processor time.
    var bestWall: Double { map(\.wall).max() ?? 0 }
    /// Whether any round ran on more than one thread (see ``RoundRate/cpuExceedsWall``).
    var anyCPUExceedsWall: Bool { contains(where: \.cpuExceedsWall) }
}
