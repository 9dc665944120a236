import Foundation

/// The live state of a fuzz run, shared by the jobs and the progress printer.
final class FuzzBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var cases: [String: Int] = [:]
    private var notes: [String: String] = [:]
    private var running: Set<String> = []
    private var started: Set<String> = []
    private var failures = 0
    let budget: FuzzBudget
    let names: [String]

    init(names: [String], budget: FuzzBudget) {
        self.names = names
        self.budget = budget
    }

    func update(_ name: String, cases count: Int? = nil, note: String? = nil) {
        lock.withLock {
            if let count { cases[name] = count }
            if let note { notes[name] = note.isEmpty ? nil : note }
        }
    }

    /// Marks a property as started or finished, and counts a failure it found.
    func mark(_ name: String, running isRunning: Bool, failed: Bool = false) {
        lock.withLock {
            if isRunning {
                running.insert(name)
                started.insert(name)
            } else {
                running.remove(name)
            }
            if failed { failures += 1 }
        }
    }

    /// `12345 cases, 4100/s, 3 of 20 properties started, 1 failure, 0:42 elapsed, 9:18 left | claims/x 6000`:
    /// the time since the run started and the time left of its budget, as of `now`.
    func line(now: Date = Date()) -> String {
        lock.withLock {
            let elapsed = max(0, now.timeIntervalSince(budget.started))
            let all = cases.values.reduce(0, +)
            let rate = elapsed > 0 ? Int(Double(all) / elapsed) : 0
            var time = "\(Self.clock(elapsed)) elapsed"
            if budget.isStopping {
                time += ", stopping"
            } else if let remaining = budget.remaining(now: now) {
                // A case that started before the end may run past it, by up to the case timeout.
                time += remaining > 0 ? ", \(Self.clock(remaining.rounded(.up))) left" : ", finishing"
            }
            let note = notes.values.sorted().first.map { ", \($0)" } ?? ""
            let failed = "\(failures) failure\(failures == 1 ? "" : "s")"
            let current = running.sorted().map { "\($0) \(cases[$0, default: 0])" }.joined(separator: ", ")
            return
                "\(all) cases, \(rate)/s, \(started.count) of \(names.count) properties started, "
                + "\(failed), \(time)\(note)"
                + (current.isEmpty ? "" : " | " + current)
        }
    }

    /// `1:05` for 65 seconds.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }
}

/// Prints the board: a line that redraws itself on a terminal, a plain line every 10 s otherwise.
final class ProgressPrinter: @unchecked Sendable {
    let board: FuzzBoard
    let console: Console
    private var timer: DispatchSourceTimer?
    private let isTerminal = isatty(STDOUT_FILENO) == 1

    init(board: FuzzBoard, console: Console) {
        self.board = board
        self.console = console
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let interval: DispatchTimeInterval = isTerminal ? .seconds(1) : .seconds(10)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            if isTerminal {
                FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + board.line()).utf8))
            } else {
                console.out("progress: " + board.line())
            }
        }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        if isTerminal { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    }
}
