/// The names nearest to one that matched nothing, for "did you mean" in error messages.
///
/// A name is near when it contains what was asked for (or the reverse), ignoring case, or when a few
/// typed characters separate them (at most a third of the asked name's length, at least 2). Nearest first.
///
/// ```swift
/// let names = ["insurer plus patient equals allowed", "no amount is ever negative"]
/// nearestNames(to: "insurer plus patiant", among: names)
/// // ["insurer plus patient equals allowed"]
/// ```
public func nearestNames(to asked: String, among names: [String], limit: Int = 3) -> [String] {
    let wanted = asked.lowercased()
    var scored: [(score: Int, name: String)] = []
    for name in Set(names) {
        let candidate = name.lowercased()
        if candidate.contains(wanted) || (wanted.contains(candidate) && candidate.count >= 3) {
            scored.append((abs(candidate.count - wanted.count) / 8, name))
            continue
        }
        // Compare with the candidate's prefix too, so a misspelt start of a long name is found.
        let distance = min(
            editDistance(wanted, candidate), editDistance(wanted, String(candidate.prefix(wanted.count))) + 1)
        if distance <= max(2, wanted.count / 3) { scored.append((distance + 1, name)) }
    }
    // Equally near names: the one closest in length first ("holds 12x" is nearer "holds 12" than "holds 1").
    func lengthGap(_ name: String) -> Int { abs(name.count - asked.count) }
    return scored.sorted { ($0.score, lengthGap($0.name), $0.name) < ($1.score, lengthGap($1.name), $1.name) }
        .prefix(limit).map(\.name)
}

/// `"a", "b" or "c"`: names quoted and joined for a sentence.
func quotedList(_ names: [String], conjunction: String = "or") -> String {
    let quoted = names.map { "\"\($0)\"" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
}

/// The Levenshtein distance between two texts, by characters.
public func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first), b = Array(second)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
