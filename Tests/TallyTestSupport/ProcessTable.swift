import Foundation

/// What /proc says about processes.
public enum ProcessTable {
    /// The running children of `parent`.
    public static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { stat($0)?.parent == parent }
    }

    /// A child of `parent` that runs `name`, its program's file name or one of its arguments exactly
    /// (`fuzz-worker`), if one runs now.
    ///
    /// Exactly, because a shell's children include its own forks and command substitutions: a child
    /// whose command line merely *contains* `fuzz` may be `dirname …/nightly-fuzz.sh`, gone a moment later.
    public static func child(of parent: pid_t, running name: String) -> pid_t? {
        children(of: parent).first { runs(name, $0) }
    }

    /// Whether `pid` runs `name`: its program's file name, or one of its arguments.
    public static func runs(_ name: String, _ pid: pid_t) -> Bool {
        let words = arguments(pid)
        return words.first.map { URL(fileURLWithPath: $0).lastPathComponent == name } == true
            || words.dropFirst().contains(name)
    }

    /// The state letter and parent of `pid`, from `/proc/PID/stat`; `nil` when it is gone.
    public static func stat(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }

    /// The processor time `pid` has used, in clock ticks (utime + stime).
    public static func cpuTicks(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    /// Whether a thread of `pid` sleeps in `nanosleep` (`usleep`, `Thread.sleep`), as its kernel wait
    /// channel says.
    public static func isNapping(_ pid: pid_t) -> Bool {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.contains { thread in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/wchan", encoding: .utf8))?.contains("nanosleep")
                == true
        }
    }

    /// Whether `pid` is alive: present and not a zombie waiting to be reaped.
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard let state = stat(pid)?.state else { return false }
        return state != "Z" && state != "X"
    }

    /// Waits for `pid` to end, at most `seconds`; whether it did.
    @discardableResult
    public static func waitForEnd(of pid: pid_t, seconds: Double = Patience.forAnEvent) async -> Bool {
        await Patience.poll(until: { isAlive(pid) ? nil : true }, seconds: seconds) ?? false
    }

    /// The program and arguments of `pid`.
    public static func arguments(_ pid: pid_t) -> [String] {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The command line of `pid`, its words separated by spaces.
    public static func commandLine(_ pid: pid_t) -> String {
        arguments(pid).joined(separator: " ")
    }

    /// The files `pid` holds open or mapped, by path.
    public static func files(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)
        }
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        let mapped = maps.split(separator: "\n").compactMap { line in
            line.firstIndex(of: "/").map { String(line[$0...]) }
        }
        return open + mapped
    }
}
