/// A failing case as the shrinker sees it: its choices, their bounds and spans, and what failed.
struct FailingCase: Sendable {
    var choices: [UInt64]
    var bounds: [UInt64]
    var spans: [ChoiceSpan]
    var failure: String

    var sequence: ChoiceSequence { ChoiceSequence(choices) }
}

/// What replaying one candidate sequence gave: the choices it actually used, and whether it failed.
struct Probe: Sendable {
    var run: FailingCase
    var fails: Bool
}

/// Reduces a failing case to a simpler one that still fails, working on its choice sequence only.
///
/// Each accepted step makes the sequence strictly smaller in shortlex order, so shrinking terminates.
/// Passes, repeated until none helps: delete spans and chunks of choices; lower each choice (binary
/// search toward zero); zero chunks; swap neighbouring choices and spans into order; move amount from
/// one choice to a later one. When a deletion or lowering stops the failure, the shrinker tries to
/// *repair* the shorter case by raising one nearby choice (binary search for the smallest value that
/// fails again): that is how `sum > 1000` over a list reaches `[1001]` and a length-prefixed list
/// reaches a single element. The shrinker is deterministic and bounded by an attempt and time budget.
final class Shrinker {
    typealias Evaluate = (ChoiceSequence) async -> Probe

    private(set) var best: FailingCase
    private(set) var attempts = 0
    private(set) var improvements = 0
    private(set) var exhaustedBudget: String?

    private let evaluate: Evaluate
    private let attemptLimit: Int
    private let deadline: ContinuousClock.Instant
    private let timeLimit: Duration
    private var known: [[UInt64]: Bool] = [:]

    init(failing: FailingCase, attemptLimit: Int, timeLimit: Duration, evaluate: @escaping Evaluate) {
        self.best = failing
        self.evaluate = evaluate
        self.attemptLimit = attemptLimit
        self.timeLimit = timeLimit
        self.deadline = .now + timeLimit
    }

    /// Runs every pass until a whole round improves nothing or the budget runs out.
    func shrink() async {
        var round = 0
        repeat {
            round += 1
            let before = best.choices
            await deleteSpans()
            await deleteChunks()
            await lowerChoices()
            await zeroChunks()
            await sortNeighbours()
            await redistribute()
            if best.choices == before { break }
        } while exhaustedBudget == nil
    }

    // MARK: Trying candidates

    private var isExhausted: Bool {
        if exhaustedBudget != nil { return true }
        if attempts >= attemptLimit {
            exhaustedBudget = "stopped after \(attempts) attempts (the attempt limit)"
        } else if attempts % 64 == 0, ContinuousClock.now >= deadline {
            exhaustedBudget = "stopped after \(timeLimit) (the time limit)"
        }
        return exhaustedBudget != nil
    }

    /// Replays `choices`; adopts the result when it fails and is simpler than the best so far.
    @discardableResult
    private func consider(_ choices: [UInt64]) async -> Bool {
        await probe(choices)?.fails == true && adopt(lastProbe!)
    }

    private var lastProbe: Probe?

    /// Replays `choices` unless already known to pass; returns the probe, or nil when skipped.
    private func probe(_ choices: [UInt64]) async -> Probe? {
        if choices == best.choices || known[choices] == false || isExhausted { return nil }
        attempts += 1
        let result = await evaluate(ChoiceSequence(choices))
        if !result.fails { known[choices] = false }
        lastProbe = result
        return result
    }

    private func adopt(_ probe: Probe) -> Bool {
        guard probe.fails, probe.run.sequence < best.sequence else { return false }
        best = probe.run
        improvements += 1
        return true
    }

    /// Tries `choices`; when it no longer fails, tries raising one of the choices at `positions`
    /// (of the replayed case) to the smallest value that fails again.
    @discardableResult
    private func considerWithRepair(_ choices: [UInt64], near positions: Range<Int>) async -> Bool {
        guard let tried = await probe(choices) else { return false }
        if tried.fails { return adopt(tried) }
        guard tried.run.sequence < best.sequence else { return false }
        let run = tried.run
        for position in positions.clamped(to: 0..<run.choices.count) where run.bounds.indices.contains(position) {
            let bound = run.bounds[position]
            guard bound > run.choices[position] else { continue }
            var raised = run.choices
            raised[position] = bound
            guard await consider(raised) else { continue }
            var low = run.choices[position]
            var high = bound
            while low + 1 < high, !isExhausted {
                let middle = low + (high - low) / 2
                var candidate = run.choices
                candidate[position] = middle
                if await consider(candidate) { high = middle } else { low = middle }
            }
            return true
        }
        return false
    }

    // MARK: Passes

    private func deleteSpans() async {
        var index = best.spans.count - 1
        while index >= 0, !isExhausted {
            if index < best.spans.count {
                let span = best.spans[index]
                if span.end <= best.choices.count {
                    var candidate = best.choices
                    candidate.removeSubrange(span.start..<span.end)
                    await considerWithRepair(candidate, near: max(span.start - 2, 0)..<span.start + 2)
                }
            }
            index -= 1
        }
    }

    private func deleteChunks() async {
        for size in [8, 4, 3, 2, 1] {
            var start = best.choices.count - size
            while start >= 0, !isExhausted {
                if start + size <= best.choices.count {
                    var candidate = best.choices
                    candidate.removeSubrange(start..<start + size)
                    await considerWithRepair(candidate, near: max(start - 2, 0)..<start + 2)
                }
                start -= 1
            }
        }
    }

    private func lowerChoices() async {
        var index = 0
        while index < best.choices.count, !isExhausted {
            let value = best.choices[index]
            if value > 0 {
                var zeroed = best.choices
                zeroed[index] = 0
                let count = best.choices.count
                if await considerWithRepair(zeroed, near: index + 1..<index + 4) {
                    if best.choices.count != count { continue }
                } else {
                    await binarySearchDown(at: index)
                }
            }
            index += 1
        }
    }

    /// Finds the smallest value at `index` that still fails, assuming failure is roughly monotone.
    private func binarySearchDown(at index: Int) async {
        let count = best.choices.count
        var low: UInt64 = 0
        var high = best.choices[index]
        while low + 1 < high, !isExhausted, best.choices.count == count {
            let middle = low + (high - low) / 2
            var candidate = best.choices
            candidate[index] = middle
            if await consider(candidate) { high = best.choices.count == count ? best.choices[index] : middle } else { low = middle }
        }
    }

    private func zeroChunks() async {
        for size in [8, 4, 2] {
            var start = 0
            while start + size <= best.choices.count, !isExhausted {
                if best.choices[start..<start + size].contains(where: { $0 != 0 }) {
                    var candidate = best.choices
                    candidate.replaceSubrange(start..<start + size, with: repeatElement(0, count: size))
                    await consider(candidate)
                }
                start += 1
            }
        }
    }

    private func sortNeighbours() async {
        var index = 0
        while index + 1 < best.choices.count, !isExhausted {
            if best.choices[index] > best.choices[index + 1] {
                var candidate = best.choices
                candidate.swapAt(index, index + 1)
                await consider(candidate)
            }
            index += 1
        }
        // Neighbouring spans of equal length, such as two elements of one collection.
        var spanIndex = 0
        while spanIndex + 1 < best.spans.count, !isExhausted {
            let first = best.spans[spanIndex], second = best.spans[spanIndex + 1]
            if first.end == second.start, first.count == second.count, second.end <= best.choices.count,
                best.choices[first.start..<first.end].lexicographicallyPrecedes(best.choices[second.start..<second.end]) == false,
                best.choices[first.start..<first.end] != best.choices[second.start..<second.end]
            {
                var candidate = best.choices
                candidate.replaceSubrange(first.start..<second.end, with: best.choices[second.start..<second.end] + best.choices[first.start..<first.end])
                await consider(candidate)
            }
            spanIndex += 1
        }
    }

    /// Moves amount from a choice to one of the next eight, so that "sum > N" shrinks to one tight value.
    private func redistribute() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            var second = first + 1
            while second < min(first + 9, best.choices.count), !isExhausted, first < best.choices.count {
                let amount = best.choices[first]
                let room = best.bounds.indices.contains(second) ? best.bounds[second] - min(best.bounds[second], best.choices[second]) : 0
                if amount > 0, room > 0 {
                    let moved = min(amount, room)
                    var candidate = best.choices
                    candidate[first] -= moved
                    candidate[second] += moved
                    if await !consider(candidate), moved > 1 {
                        // Binary search the largest amount that can move.
                        var low: UInt64 = 0, high = moved
                        while low + 1 < high, !isExhausted {
                            let middle = low + (high - low) / 2
                            var partial = best.choices
                            guard partial.count > second else { break }
                            partial[first] -= min(middle, partial[first])
                            partial[second] += middle
                            if await consider(partial) { break } else { high = middle }
                        }
                    }
                }
                second += 1
            }
            first += 1
        }
    }
}
