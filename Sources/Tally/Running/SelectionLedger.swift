import Foundation
import Synchronization

/// The process-wide record of what a `swift test` run was asked to select, checked when it exits.
///
/// A test process cannot know up front every property it will run: parameterized tests and `forAll`
/// calls come up one at a time. So each property, as it comes up, is matched against the selection
/// (`TALLY_PROPERTY`, `TALLY_REPLAY`) and recorded here. When the process exits, a selector that
/// matched no property that came up is an error: Tally prints what was asked for and the nearest
/// names, and ends the process with exit status 1, so the run is red instead of silently green.
final class SelectionLedger: Sendable {
    /// The ledger of this process, which checks at exit.
    static let shared = SelectionLedger(checksAtExit: true)

    private struct State {
        var known: [SelectableProperty] = []
        var knownSet: Set<SelectableProperty> = []
        var matched: Set<PropertySelector> = []
        var counts: [PropertySelection: (selected: Int, skipped: Int)] = [:]
        var order: [PropertySelection] = []
        var reported: Set<String> = []
        var exitCheckInstalled = false
    }

    private let state = Mutex(State())
    private let checksAtExit: Bool

    /// A ledger; with `checksAtExit`, the first selection it sees installs the check at process exit.
    init(checksAtExit: Bool) {
        self.checksAtExit = checksAtExit
    }

    /// Records that `property` came up under `selection`; answers whether it is selected to run.
    func admit(_ property: SelectableProperty, under selection: PropertySelection) -> Bool {
        guard !selection.isEmpty else { return true }
        let selected = selection.selects(property)
        let installs = state.withLock { state -> Bool in
            if state.knownSet.insert(property).inserted { state.known.append(property) }
            for selector in selection.selectors where selector.matches(property) { state.matched.insert(selector) }
            if state.counts[selection] == nil { state.order.append(selection) }
            var counts = state.counts[selection] ?? (0, 0)
            if selected { counts.selected += 1 } else { counts.skipped += 1 }
            state.counts[selection] = counts
            defer { state.exitCheckInstalled = true }
            return checksAtExit && !state.exitCheckInstalled
        }
        if installs { atexit { SelectionLedger.shared.checkAtExit() } }
        return selected
    }

    /// Whether `message` is reported for the first time in this process (later reports can be short).
    func isFirstReport(of message: String) -> Bool {
        state.withLock { $0.reported.insert(message).inserted }
    }

    /// The errors of every selection so far (selectors that matched nothing), then one summary line
    /// per selection that skipped properties.
    func verdict() -> (errors: [String], summaries: [String]) {
        state.withLock { state in
            var errors: [String] = []
            var summaries: [String] = []
            for selection in state.order {
                let counts = state.counts[selection]!
                let problems = selection.problems(
                    known: state.known, matched: state.matched, selectedAny: counts.selected > 0,
                    scope: "among the \(state.known.count) propert\(state.known.count == 1 ? "y" : "ies") of this test run")
                errors += problems.filter { !errors.contains($0) }
                if problems.isEmpty, counts.skipped > 0 {
                    let given = selection.selectors.map(\.shown).joined(separator: " and ")
                    summaries.append("Tally: \(given) ran \(counts.selected) propert\(counts.selected == 1 ? "y" : "ies") and skipped \(counts.skipped).")
                }
            }
            return (errors, summaries)
        }
    }

    /// Prints the verdict and, when a selector selected nothing, ends the process with status 1.
    private func checkAtExit() {
        let (errors, summaries) = verdict()
        fflush(nil)
        let lines = summaries + errors.map { "Tally: error: \($0)" }
            + (errors.isEmpty ? [] : ["Tally: error: the test run fails because what was asked for selected nothing."])
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // Calling exit() from an atexit handler is undefined; _exit ends the process at once.
        if !errors.isEmpty { _exit(1) }
    }
}
