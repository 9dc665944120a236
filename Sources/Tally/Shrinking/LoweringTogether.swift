extension Shrinker {
    /// **Lower duplicates together**: lowers every integer that has the same value, drawn from the same
    /// range, at once — `a == b` needs both to move.
    func lowerDuplicates() async {
        let base = best
        var groups: [Value: [Int]] = [:]
        for index in base.choices.indices where base.choices[index] != 0 && base.bound(at: index) > 1 {
            groups[Value(base, index), default: []].append(index)
        }
        for (value, indices) in groups.filter({ $0.value.count > 1 }).sorted(by: { $0.value[0] < $1.value[0] }) {
            guard !isExhausted else { return }
            let current = best
            guard indices.allSatisfy({ $0 < current.choices.count && Value(current, $0) == value }) else { continue }
            _ = await IntegerSearch.lowest(failingAt: value.magnitude) { magnitude in
                guard
                    let candidate = current.choices(setting: indices, toMagnitude: magnitude, negative: value.negative)
                else { return false }
                return await consider(candidate)
            }
        }
    }

    /// **Lower pairs together**: lowers an integer and one of the next four by the same amount of value,
    /// keeping their difference (see <doc:HowTallyShrinks>).
    func lowerPairs() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            var second = first + 1
            while second < min(first + 5, best.choices.count), !isExhausted {
                await lowerTogether(first, second)
                second += 1
            }
            first += 1
        }
    }

    private func lowerTogether(_ first: Int, _ second: Int) async {
        let base = best
        guard base.choices[first] != 0, base.choices[second] != 0, base.bound(at: first) > 1,
            base.bound(at: second) > 1,
            second == first + 1 || base.shape(at: first) == base.shape(at: second), !governsLength(at: first)
        else { return }
        await lowerFeasibly(first, base) { base.choices(lowering: first, to: $0, moving: second, keepingSum: false) }
    }

    /// Lowers the magnitude of choice `first` of `base` as far as still fails, where `candidate` makes
    /// the choices for a magnitude, or `nil` when the value moved along falls outside its range. The
    /// search runs over the magnitudes that make a candidate, down from the least of them: below it,
    /// every candidate would be `nil` and look like a pass, which sends the search into many small steps.
    func lowerFeasibly(_ first: Int, _ base: FailingCase, _ candidate: (UInt64) -> [UInt64]?) async {
        let current = base.magnitude(at: first)
        var least = current
        if candidate(0) != nil {
            least = 0
        } else {
            var infeasible: UInt64 = 0
            while least - infeasible > 1 {
                let middle = infeasible + (least - infeasible) / 2
                if candidate(middle) != nil { least = middle } else { infeasible = middle }
            }
        }
        // A floor near zero changes little, and the candidates below it cost nothing: searched from 0.
        if least <= 4 { least = 0 }
        _ = await IntegerSearch.lowest(failingAt: current - least) { above in
            guard let choices = candidate(least + above) else { return false }
            return await consider(choices)
        }
    }
}

/// An integer's value, as its distance from the origin and its side, with the shape of its range:
/// duplicates are equal values of the same kind of draw.
private struct Value: Hashable {
    var magnitude: UInt64
    var negative: Bool
    var shape: IntegerShape

    init(_ run: FailingCase, _ index: Int) {
        magnitude = run.magnitude(at: index)
        negative = run.isNegative(at: index)
        shape = run.shape(at: index)
    }
}
