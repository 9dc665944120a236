import Foundation
import Synchronization

/// The process-wide record of what a `swift test` run was asked to select, checked when it exits.
///
/// Each property, as it comes up, is recorded here with the selection, as is each spec's
/// ``RowSelectorOutcome``. At exit, a selector that matched nothing is an error: Tally prints what was
/// asked for and the nearest names, and ends the process with exit status 1.
///
/// Why at exit, after Swift Testing's summary, rather than as an issue of a test: the verdict needs
/// every property of the run, and no test can know it has seen them all (a `forAll` is known only when
/// its test's body calls it). Nor can a test run last: Swift Testing runs tests in parallel, in no
/// guaranteed order, and offers no public hook between the last test and its summary.
final class SelectionLedger: Sendable {
    /// The ledger of this process, which checks at exit.
    static let shared = SelectionLedger(checksAtExit: true)

    private struct State {
        var known: [SelectableProperty] = []
        var knownSet: Set<SelectableProperty> = []
        var matched: Set<PropertySelector> = []
        var counts: [PropertySelection: (selected: Int, skipped: Int)] = [:]
        var order: [PropertySelection] = []
        var rowOutcomes: [String: RowSelectorOutcome] = [:]
        var rowSelectors: [String] = []
        var unreadSelection: String?
        /// The run-wide settings properties ran under (`TALLY_ITERATIONS=7`), and how many properties.
        var settings: [String] = []
        var propertiesUnderSettings = 0
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
        update { state in
            if state.knownSet.insert(property).inserted { state.known.append(property) }
            for selector in selection.selectors where selector.matches(property) { state.matched.insert(selector) }
            if state.counts[selection] == nil { state.order.append(selection) }
            var counts = state.counts[selection] ?? (0, 0)
            if selected { counts.selected += 1 } else { counts.skipped += 1 }
            state.counts[selection] = counts
        }
        return selected
    }

    /// Records what one spec's tables made of a row selector (``RowSelectorOutcome``).
    func record(_ outcome: RowSelectorOutcome) {
        update { state in
            if let earlier = state.rowOutcomes[outcome.selector] {
                state.rowOutcomes[outcome.selector] = earlier.merged(with: outcome)
            } else {
                state.rowOutcomes[outcome.selector] = outcome
                state.rowSelectors.append(outcome.selector)
            }
        }
    }

    /// Records that a test of this run read requirement tables, so that `TALLY_PROPERTY` and
    /// `TALLY_REPLAY` are judged at exit even when no property comes up.
    func noteTablesRan(environment: [String: String]) {
        let selection: PropertySelection
        var unread: String?
        do {
            selection = try RunConfiguration.fromEnvironment(environment).selection
        } catch {
            selection = PropertySelection()
            unread = "\(error)"
        }
        guard !selection.isEmpty || unread != nil else { return }
        update { state in
            if !selection.isEmpty, state.counts[selection] == nil {
                state.order.append(selection)
                state.counts[selection] = (0, 0)
            }
            state.unreadSelection = state.unreadSelection ?? unread
        }
    }

    /// Records that a property ran under the `TALLY_ITERATIONS` or `TALLY_SEED` of `environment`, if set:
    /// the run ends with a line saying so, since a shell that kept `TALLY_ITERATIONS=7` from an earlier
    /// session would otherwise make every property weaker without a word.
    func noteRunSettings(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var settings: [String] = []
        if let count = environment["TALLY_ITERATIONS"] {
            settings.append(
                "TALLY_ITERATIONS=\(count) (\(count) cases each; \(RunConfiguration().iterations) by default)")
        }
        if let seed = environment["TALLY_SEED"] {
            settings.append("TALLY_SEED=\(seed) (one seed for all; by default each property's own)")
        }
        guard !settings.isEmpty else { return }
        update { state in
            state.settings = settings
            state.propertiesUnderSettings += 1
        }
    }

    /// Changes the state with `body`; the first change installs the check at exit, when this ledger checks.
    private func update(_ body: (inout State) -> Void) {
        let installs = state.withLock { state -> Bool in
            body(&state)
            defer { state.exitCheckInstalled = true }
            return checksAtExit && !state.exitCheckInstalled
        }
        if installs { atexit { SelectionLedger.shared.checkAtExit() } }
    }

    /// The errors of every selection so far (selectors that matched nothing), then one summary line
    /// per selection that skipped properties, and one for the run-wide settings properties ran under.
    func verdict() -> (errors: [String], summaries: [String]) {
        state.withLock { state in
            var errors: [String] = []
            var summaries: [String] = []
            for selection in state.order {
                let counts = state.counts[selection]!
                let problems = selection.problems(
                    known: state.known, matched: state.matched, selectedAny: counts.selected > 0,
                    scope:
                        "among the \(state.known.count) propert\(state.known.count == 1 ? "y" : "ies") of this test run"
                )
                errors += problems.filter { !errors.contains($0) }
                if problems.isEmpty, counts.skipped > 0 {
                    let given = selection.selectors.map(\.shown).joined(separator: " and ")
                    summaries.append(
                        "Tally: \(given) ran \(counts.selected) propert\(counts.selected == 1 ? "y" : "ies") "
                            + "and skipped \(counts.skipped)."
                    )
                }
            }
            if !state.settings.isEmpty {
                let count = state.propertiesUnderSettings
                summaries.append(
                    "Tally: \(count) propert\(count == 1 ? "y" : "ies") "
                        + "ran with \(state.settings.joined(separator: " and "))."
                )
            }
            errors += state.rowSelectors.compactMap { state.rowOutcomes[$0]?.problem }
            // A test that met the unreadable variable stopped the run (TestRunEnvironment): none did.
            if let unread = state.unreadSelection { errors.append(unread) }
            return (errors, summaries)
        }
    }

    /// The last line of a run whose selectors selected nothing, after a summary that may say it passed.
    static let closingError =
        "Tally: error: the test run FAILS (exit status 1), whatever the summary above says: "
        + "what was asked for selected nothing, which can be known only after the last test."

    /// Prints the verdict and, when a selector selected nothing, ends the process with status 1.
    private func checkAtExit() {
        let (errors, summaries) = verdict()
        fflush(nil)
        let lines =
            summaries + (errors.isEmpty ? [] : [""] + errors.map { "Tally: error: \($0)" } + [Self.closingError])
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // Calling exit() from an atexit handler is undefined; _exit ends the process at once.
        if !errors.isEmpty { _exit(1) }
    }
}
