/// One way of simplifying a failing case, tried over the whole case at once.
///
/// Each pass makes candidates from the shrinker's best case and hands them to
/// ``Shrinker/consider(_:)``; it must stay correct when the best case changes under it.
struct ShrinkPass: Sendable {
    /// What the pass does, as statistics and the article name it.
    let name: String
    /// Whether the pass runs only where every other pass is stuck: it is costly and its moves are rarely
    /// needed (see ``Shrinker/shrink()``).
    var isLastResort = false
    let body: @Sendable (Shrinker) async -> Void

    /// What one pass tried and achieved over a shrink.
    struct Statistics: Sendable, Equatable {
        var runs = 0
        var candidates = 0
        var evaluations = 0
        var improvements = 0

        mutating func add(candidates: Int, evaluations: Int, improvements: Int) {
            runs += 1
            self.candidates += candidates
            self.evaluations += evaluations
            self.improvements += improvements
        }
    }

    /// Every pass: deletions of whole parts first, blind deletions last; ``Shrinker/shrink()`` reorders
    /// them as it learns.
    static let all: [ShrinkPass] = [
        ShrinkPass(name: "delete spans") { await $0.deleteSpans() },
        ShrinkPass(name: "delete duplicates together") { await $0.deleteDuplicatesTogether() },
        ShrinkPass(name: "simplest values") { await $0.simplifyValues() },
        ShrinkPass(name: "lower to ranks") { await $0.lowerToRanks() },
        ShrinkPass(name: "lower lengths") { await $0.lowerChoices(governingLength: true) },
        ShrinkPass(name: "simplest span") { await $0.simplifySpans() },
        ShrinkPass(name: "lower and regenerate") { await $0.lowerGoverningChoices() },
        ShrinkPass(name: "replace with descendant") { await $0.replaceSpansWithDescendants() },
        ShrinkPass(name: "lower duplicates together") { await $0.lowerDuplicates() },
        // Before the lowerings: from an amount and a rate it jumps to cents in a few evaluations, where
        // lowering one value at a time steps down through many that still fail (discount split 32 → 22).
        ShrinkPass(name: "move a product") { await $0.moveProducts() },
        // Every round, and before the lowerings: an amount that fails for its last digits comes down ten
        // or a hundred cents at a time, where the lowerings step through the values between (late fee
        // 181 → 109 evaluations, invoice 105 → 79). Wider integers only as a last resort, below.
        ShrinkPass(name: "keep the last digits") { await $0.keepLastDigits(wide: false) },
        ShrinkPass(name: "lower pairs together") { await $0.lowerPairs() },
        ShrinkPass(name: "lower choices") { await $0.lowerChoices(governingLength: false) },
        ShrinkPass(name: "redistribute") { await $0.redistribute() },
        ShrinkPass(name: "trade down", isLastResort: true) { await $0.tradeDown() },
        ShrinkPass(name: "keep the last digits of a wide integer", isLastResort: true) {
            await $0.keepLastDigits(wide: true)
        },
        ShrinkPass(name: "keep a ratio", isLastResort: true) { await $0.keepRatios() },
        ShrinkPass(name: "factor a product", isLastResort: true) { await $0.factorProducts() },
        ShrinkPass(name: "fold into an earlier sibling", isLastResort: true) { await $0.foldIntoEarlierSiblings() },
        ShrinkPass(name: "move into an empty place", isLastResort: true) { await $0.moveSubtreesIntoEmptyPlaces() },
        ShrinkPass(name: "sort spans") { await $0.sortSpans() },
        ShrinkPass(name: "merge siblings") { await $0.mergeSiblings() },
        ShrinkPass(name: "merge duplicates together") { await $0.mergeDuplicatesTogether() },
        ShrinkPass(name: "delete choices") { await $0.deleteChoices() },
    ]

    /// Every pass but those named: how a test shows that only they solve its case.
    static func all(except names: String...) -> [ShrinkPass] {
        for name in names { precondition(all.contains { $0.name == name }, "no shrink pass is named \(name)") }
        return all.filter { !names.contains($0.name) }
    }
}

extension Shrinker {
    /// Runs the passes in rounds until a round in which every pass ran improves nothing, or the budget
    /// runs out: passes that shortened the case go first, and one that keeps failing sits out a growing
    /// number of rounds (up to four), but every pass runs again before shrinking ends, so the result is
    /// a fixed point of all of them. A last resort pass runs only after a round in which every other
    /// pass ran and improved nothing.
    func shrink() async {
        var order = passes.indices.filter { !passes[$0].isLastResort }
        var failures = [Int](repeating: 0, count: passes.count)
        var waits = [Int](repeating: 0, count: passes.count)
        while !isExhausted {
            var ranAll = true
            var progressed = false
            var rank = [Int](repeating: 1, count: passes.count)
            for index in order where !isExhausted {
                if waits[index] > 0 {
                    waits[index] -= 1
                    ranAll = false
                    continue
                }
                let before = best.choices
                await run(passes[index])
                if best.choices == before {
                    failures[index] += 1
                    waits[index] = min(failures[index] - 1, 4)
                    rank[index] = 2
                } else {
                    failures[index] = 0
                    progressed = true
                    rank[index] = best.choices.count < before.count ? 0 : 1
                }
            }
            if !progressed, ranAll {
                for index in passes.indices where passes[index].isLastResort && !isExhausted {
                    let before = best.choices
                    await run(passes[index])
                    progressed = progressed || best.choices != before
                }
                if !progressed { return }
            } else if !progressed {
                waits = waits.map { _ in 0 }
            }
            order = order.enumerated().sorted { (rank[$0.element], $0.offset) < (rank[$1.element], $1.offset) }.map(
                \.element)
        }
    }
}
