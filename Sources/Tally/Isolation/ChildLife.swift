import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One child process, from its spawn to its end: how every child of Tally is started.
///
/// The child is spawned from a thread that lives exactly as long as the child and waits for it, so a
/// child that asks to die with its parent (``dieWithParent()``: `PR_SET_PDEATHSIG` tracks the spawning
/// *thread*) dies only with this process. Every living child is known, so a quitting process can end
/// them all, and none is killed after it was reaped: its process ID may belong to another by then.
package final class ChildLife: @unchecked Sendable {
    /// What the child's descriptors are made of: a file opened, or a descriptor of this process.
    package enum Descriptor {
        case open(String, flags: Int32)
        case duplicate(Int32)
    }

    /// Why this process killed a child.
    package enum Kill: Sendable {
        /// It ran past its time limit.
        case timeLimit
        /// This process is stopping (``stopAll(grace:)``, ``kill(_:)``): the child's outcome is unknown.
        case request
    }

    /// The variable that tells a child its parent's process ID: whether its parent died before it asked
    /// to die with it.
    package static let parentVariable = "TALLY_SUPERVISOR"

    private let state = NSCondition()
    private var pid: pid_t = 0
    private var ending: ChildEnding?
    private var spawnError: Int32 = 0
    private var killed: Kill?
    /// The signal a stop request sends first, letting the child end its own children (`swift build`
    /// stops its compilers on SIGINT); `nil`: SIGKILL at once.
    private let gentleStop: Int32?
    /// Whether the child leads a process group of its own, out of reach of the terminal's Control-C:
    /// only this process decides when it stops, and knows it did.
    private let ownGroup: Bool

    private init(gentleStop: Int32?, ownGroup: Bool) {
        self.gentleStop = gentleStop
        self.ownGroup = ownGroup
    }

    /// Starts `executable` with `arguments` (its `argv`), this process's environment plus `environment`,
    /// and `descriptors` (the child's descriptor → what it is). Every descriptor source must be a number
    /// below every target but one above all of them.
    package static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], descriptors: [Int32: Descriptor],
        ownGroup: Bool = false, gentleStop: Int32? = nil
    ) throws -> ChildLife {
        var merged = ProcessInfo.processInfo.environment
        merged[parentVariable] = String(getpid())
        for (key, value) in environment { merged[key] = value }
        let life = ChildLife(gentleStop: gentleStop, ownGroup: ownGroup)
        let envp = merged.map { "\($0.key)=\($0.value)" }
        Thread.detachNewThread { life.spawnAndWait(executable, arguments, envp, descriptors) }
        let failed = life.started()
        if failed != 0 {
            throw ChildProcessError(reason: "cannot start \(executable): \(String(cString: strerror(failed)))")
        }
        return life
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift does not import:
    /// it misses no descriptor another thread opens meanwhile.
    private static let addCloseFrom = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
    #endif

    private static func openDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var found: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name) { found.append(descriptor) }
        }
        return found
    }

    /// The error number when the child could not be spawned, else 0, once it is known.
    private func started() -> Int32 {
        state.lock()
        defer { state.unlock() }
        while pid == 0 && spawnError == 0 { state.wait() }
        return spawnError
    }

    private func spawnAndWait(
        _ executable: String, _ arguments: [String], _ environment: [String], _ descriptors: [Int32: Descriptor]
    ) {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            switch source {
            case .open(let path, let flags): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0)
            case .duplicate(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)
        // The child gets only `descriptors`. A descriptor this process opened without close-on-exec (a
        // pipe of Foundation's `Process`, a socket of another thread's child) would otherwise live on in
        // it: a `swiftc` holding a test's pipe kept that test from seeing its own child end for two minutes.
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        // Closing a descriptor that is not open is no error to posix_spawn.
        let highest = max(2, descriptors.keys.max() ?? 2)
        for unlisted in 3..<max(3, highest) where descriptors[unlisted] == nil {
            posix_spawn_file_actions_addclose(&actions, unlisted)
        }
        if let closeFrom = Self.addCloseFrom {
            _ = closeFrom(&actions, highest + 1)
        } else {
            for unlisted in Self.openDescriptors() where unlisted > highest {
                posix_spawn_file_actions_addclose(&actions, unlisted)
            }
        }
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var child: pid_t = 0
        let pointers = (arguments + environment).map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let argv = Array(pointers[..<arguments.count]) + [nil], envp = Array(pointers[arguments.count...]) + [nil]
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        state.lock()
        if result == 0 {
            pid = child
            Self.living.withLock { $0[ObjectIdentifier(self)] = self }
        } else {
            spawnError = result
        }
        state.broadcast()
        state.unlock()
        guard result == 0 else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        state.lock()
        // WIFSIGNALED and WTERMSIG, which Swift does not import.
        ending = status & 0x7F != 0 && status & 0x7F != 0x7F ? .signal(status & 0x7F) : .status((status >> 8) & 0xFF)
        state.broadcast()
        state.unlock()
        Self.living.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Kills the child with SIGKILL, unless it has already ended; the first `reason` is kept.
    package func kill(_ reason: Kill = .request) {
        send(SIGKILL, reason)
    }

    private func send(_ signal: Int32, _ reason: Kill) {
        state.lock()
        defer { state.unlock() }
        guard ending == nil, pid > 0 else { return }
        if killed == nil { killed = reason }
        Self.signal(pid, signal)
    }

    /// Why this process killed the child, if it did.
    package var killedBecause: Kill? { state.withLock { killed } }

    /// The child's process ID while it runs; `nil` once it has ended.
    package var runningID: pid_t? { state.withLock { ending == nil && pid > 0 ? pid : nil } }

    /// Whether the child has ended (and been reaped).
    package var hasEnded: Bool { state.withLock { ending != nil || spawnError != 0 } }

    /// Waits for the child to end and says how.
    package func waitForExit() -> ChildEnding {
        state.lock()
        defer { state.unlock() }
        while ending == nil && spawnError == 0 { state.wait() }
        return ending ?? .status(127)
    }

    /// Waits up to `seconds` for the child to end; whether it did.
    package func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        state.lock()
        defer { state.unlock() }
        while ending == nil && spawnError == 0 { if !state.wait(until: deadline) { break } }
        return ending != nil || spawnError != 0
    }

    private static func signal(_ pid: pid_t, _ number: Int32) {
        #if canImport(Darwin)
        _ = Darwin.kill(pid, number)
        #else
        _ = Glibc.kill(pid, number)
        #endif
    }

    private static let living = Mutex<[ObjectIdentifier: ChildLife]>([:])

    /// Kills every living child with SIGKILL, for a process that quits now.
    package static func killAll() {
        for child in living.withLock({ Array($0.values) }) { child.kill(.request) }
    }

    /// Ends every living child: one with a gentle stop signal gets it and `grace` seconds to end, the
    /// others (and those still alive after their grace) SIGKILL.
    package static func stopAll(grace: Double) {
        let children = living.withLock { Array($0.values) }
        for child in children {
            if let gentle = child.gentleStop { child.send(gentle, .request) } else { child.kill(.request) }
        }
        for child in children where !child.waitForExit(seconds: child.gentleStop == nil ? 5 : grace) {
            child.kill(.request)
        }
    }
}

/// Asks the kernel to SIGKILL this process when its parent dies: `prctl(PR_SET_PDEATHSIG, SIGKILL)`. A
/// child then checks that its parent is still the one that started it, which may have died first.
/// `prctl` is variadic, which Swift does not import; integer arguments pass the same way to a fixed one.
package func dieWithParent() {
    #if os(Linux)
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    guard let symbol = dlsym(nil, "prctl") else { return }
    let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
    _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
    #endif
}
