import Foundation

/// The live state of a fuzz run, shared by the jobs and the progress printer.
final class FuzzBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var cases: [String: Int] = [:]
    private var notes: [String: String] = [:]
    private var running: Set<String> = []
    private var failures = 0
    let started = Date()
    let names: [String]

    init(names: [String]) { self.names = names }

    func update(_ name: String, cases count: Int? = nil, note: String? = nil) {
        lock.withLock {
            if let count { cases[name] = count }
            if let note { notes[name] = note }
        }
    }

    /// Marks a property as started or finished, and counts a failure it found.
    func mark(_ name: String, running isRunning: Bool, failed: Bool = false) {
        lock.withLock {
            if isRunning { running.insert(name) } else { running.remove(name) }
            if failed { failures += 1 }
        }
    }

    /// `12345 cases, 4100/s, 3 of 20 properties started, 1 failure, 0:42 of 10:00 | claims/x 6000`.
    func line(total: Double) -> String {
        lock.withLock {
            let elapsed = Date().timeIntervalSince(started)
            let all = cases.values.reduce(0, +)
            let rate = elapsed > 0 ? Int(Double(all) / elapsed) : 0
            let remaining = total > 0 ? " of \(Self.clock(total))" : ""
            let note = notes.values.sorted().first.map { ", \($0)" } ?? ""
            let failed = "\(failures) failure\(failures == 1 ? "" : "s")"
            let now = running.sorted().map { "\($0) \(cases[$0, default: 0])" }.joined(separator: ", ")
            return "\(all) cases, \(rate)/s, \(cases.count) of \(names.count) properties started, \(failed), \(Self.clock(elapsed))\(remaining)\(note)"
                + (now.isEmpty ? "" : " | " + now)
        }
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    }
}

/// Prints the board: a line that redraws itself on a terminal, a plain line every 10 s otherwise.
final class ProgressPrinter: @unchecked Sendable {
    let board: FuzzBoard
    let console: Console
    let total: Double
    private var timer: DispatchSourceTimer?
    private let isTerminal = isatty(STDOUT_FILENO) == 1

    init(board: FuzzBoard, console: Console, total: Double) {
        self.board = board
        self.console = console
        self.total = total
    }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let interval: DispatchTimeInterval = isTerminal ? .seconds(1) : .seconds(10)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            if isTerminal {
                FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + board.line(total: total)).utf8))
            } else {
                console.out("progress: " + board.line(total: total))
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
