/// Shows at most ``perFile`` problems of one table and counts the rest, so that a file saved the wrong
/// way yields a screenful, not a flood.
public struct ProblemCap: Sendable {
    /// How many problems of one file are shown.
    public static let perFile = 20
    private var shown = 0, withheld = 0

    /// A cap that has shown nothing yet.
    public init() {}

    /// Whether to show the next problem; counts it either way.
    public mutating func admit() -> Bool {
        guard shown < Self.perFile else {
            withheld += 1
            return false
        }
        shown += 1
        return true
    }

    /// `path: and 37 more problems…` when some were withheld.
    public func summary(path: String) -> TableProblem? {
        guard withheld > 0 else { return nil }
        return TableProblem(
            path: path, line: 0, column: 0,
            message: "and \(withheld) more problem\(withheld == 1 ? "" : "s"): fix these, then check the table again")
    }

    /// At most ``perFile`` of `problems`, then one saying how many more there are.
    public static func capped(_ problems: [TableProblem]) -> [TableProblem] {
        var cap = ProblemCap()
        let shown = problems.filter { _ in cap.admit() }
        return shown + (problems.first.flatMap { cap.summary(path: $0.path) }.map { [$0] } ?? [])
    }
}
