import Synchronization

/// Labels the current case, for the distribution table (`TALLY_STATS=1`) and the run's result; once per
/// case however often it is given.
///
/// ```swift
/// label(eob.deductible.cents > 0 ? "deductible applied" : "no deductible")
/// ```
public func label(_ name: String) {
    CaseStatistics.current?.add(name, required: nil)
}

/// Labels the current case with `name` when `condition` holds, and fails a run where fewer than
/// `percent` of the cases do: its generators missed what the property means to test (QuickCheck's `cover`).
///
/// ```swift
/// let spent = accumulators.member(line.member, line.network).outOfPocketSpent
/// cover(5, spent == plan.inNetwork.individualOutOfPocketMaximum, "reaches the out-of-pocket maximum")
/// ```
public func cover(_ percent: Double, _ condition: Bool, _ name: String) {
    CaseStatistics.current?.add(condition ? name : nil, required: (name, percent))
}

/// How often each label was seen in a run, and the coverage each `cover` call required.
public struct LabelCounts: Sendable, Equatable {
    /// Cases that carried each label.
    public var counts: [String: Int] = [:]
    /// The least percentage of cases required to carry each covered label.
    public var required: [String: Double] = [:]
    /// The best score ``target(_:label:)`` gave each label, when the property gives any.
    public var targets: [String: Double] = [:]

    /// Labels whose share of `cases` is below their requirement, with that share in percent.
    public func shortfalls(cases: Int) -> [CoverageShortfall] {
        guard cases > 0 else { return [] }
        return required.keys.sorted().compactMap { name in
            let share = Double(counts[name, default: 0]) * 100 / Double(cases)
            let needed = required[name]!
            return share < needed ? CoverageShortfall(label: name, percent: share, required: needed) : nil
        }
    }

    /// The distribution as a text table, most frequent label first, then each target's best score.
    public func table(cases: Int) -> String {
        let names = Set(counts.keys).union(required.keys).sorted {
            (counts[$0, default: 0], $1) > (counts[$1, default: 0], $0)
        }
        let scores = targets.sorted { $0.key < $1.key }.map {
            "  best score \($0.value) for target \($0.key.isEmpty ? "(unlabelled)" : $0.key)"
        }
        guard !names.isEmpty, cases > 0 else {
            return scores.isEmpty ? "  (no labels)" : scores.joined(separator: "\n")
        }
        return
            (names.map { name in
                let count = counts[name, default: 0]
                let share = Double(count) * 100 / Double(cases)
                let bar = String(repeating: "█", count: Int((share / 5).rounded()))
                let need = required[name].map { "  (needs ≥ \($0.formatted1)%)" } ?? ""
                return "  \(pad(share.formatted1 + "%", 7)) \(pad(String(count), 7)) \(pad(bar, 20)) \(name)\(need)"
            } + scores).joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// A coverage requirement a run missed.
public struct CoverageShortfall: Sendable, Equatable {
    /// The covered label.
    public var label: String
    /// The share of cases that carried it, in percent.
    public var percent: Double
    /// The share the property requires, in percent.
    public var required: Double

    /// The fewest cases that can show `percent` coverage: five expected to carry the label at exactly
    /// that rate (the usual rule for trusting a binomial sample).
    public static func casesNeeded(toShow percent: Double) -> Int {
        Int((500 / percent).rounded(.up))
    }

    /// What was missed, and how many cases to run when `cases` were too few to show it.
    public func message(cases: Int) -> String {
        let missed =
            "coverage: \"\(label)\" was reached in \(percent.formatted1)% of \(cases) cases, "
            + "the property requires at least \(required.formatted1)%"
        let needed = Self.casesNeeded(toShow: required)
        guard cases < needed else { return missed }
        return missed
            + "; \(cases) cases cannot show \(required.formatted1)% coverage reliably: run at least \(needed) "
            + "(TALLY_ITERATIONS=\(needed), or --iterations \(needed) for tally check)"
    }
}

/// Collects the labels of a run's cases; the runner makes one per run and exposes it to the body.
@usableFromInline
final class CaseStatistics: Sendable {
    @TaskLocal static var current: CaseStatistics?

    private let state = Mutex(State())
    @usableFromInline let caseNumber = Atomic<Int>(0)
    /// The scores ``target(_:label:)`` gave.
    @usableFromInline let targets: TargetScores

    /// Statistics of a run, keeping its scores in `targets`: a climb shares the search's scores but not
    /// its label counts, which are shares of the search's cases.
    init(targets: TargetScores = TargetScores()) {
        self.targets = targets
    }

    private struct State {
        var labels = LabelCounts()
        var lastCase: [String: Int] = [:]
    }

    @inlinable @inline(__always)
    func beginCase(_ number: Int) {
        caseNumber.store(number, ordering: .relaxed)
    }

    func add(_ name: String?, required: (String, Double)?) {
        let number = caseNumber.load(ordering: .relaxed)
        state.withLock { state in
            if let (covered, percent) = required {
                state.labels.required[covered] = max(state.labels.required[covered] ?? 0, percent)
            }
            guard let name, state.lastCase[name] != number else { return }
            state.lastCase[name] = number
            state.labels.counts[name, default: 0] += 1
        }
    }

    var labels: LabelCounts { state.withLock { $0.labels } }

    /// Starts a further round of cases, numbered from 0 again: no label of the last round's cases may
    /// count as already given in a case of this one.
    func beginRound() {
        state.withLock { $0.lastCase.removeAll() }
    }
}

extension Double {
    /// One decimal place, for percentages in messages and the distribution table.
    var formatted1: String {
        let tenths = Int((self * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
