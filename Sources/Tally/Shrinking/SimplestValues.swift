extension Shrinker {
    /// **Simplest values**: sets every choice but the yes/no ones to its simplest value at once. Tried
    /// only when it would change three values or more: for two, it saves at most the one evaluation it
    /// costs when the case then holds.
    func simplifyValues() async {
        var candidate = best.choices
        var changed = 0
        for index in candidate.indices where candidate[index] != 0 && best.bound(at: index) > 1 {
            candidate[index] = 0
            changed += 1
        }
        guard changed >= 3 else { return }
        await consider(candidate)
    }
}
