/// A rule on a table's header: it must hold every column of at least one of several sets, for a table
/// whose rows can say one thing two ways (name a plan of a setup table, or give its amounts in columns).
/// Columns that are each optional cannot require one way or the other: a table holding neither would
/// pass `tables lint` and fail on every row.
public struct ColumnSets: Sendable {
    /// The sets, each a list of column names, in the order the spec gave them.
    public let sets: [[String]]

    /// The problem of a header whose normalized column names are `present`, or `nil` when it holds
    /// every column of one set: it names what the nearest set lacks (the one the header holds most
    /// of, such as the three tier columns when one of them was deleted).
    func problem(present: Set<String>) -> String? {
        let missing = sets.map { set in set.filter { !present.contains(TableColumn.normalize($0)) } }
        guard !missing.contains(where: \.isEmpty) else { return nil }
        let held = zip(sets, missing).map { $0.count - $1.count }
        let nearest = missing.enumerated().min {
            (-held[$0.offset], $0.element.count, $0.offset) < (-held[$1.offset], $1.element.count, $1.offset)
        }!
        let lacking = nearest.element.map(\.quotedForMessage)
        let choices = sets.map {
            $0.count == 1 ? "the column \($0[0].quotedForMessage)" : "all of " + Self.list($0.map(\.quotedForMessage))
        }
        return
            "missing column\(lacking.count == 1 ? "" : "s") \(Self.list(lacking)): "
            + "the table must have \(choices.joined(separator: ", or "))"
    }

    /// `"a", "b" and "c"`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension TableSpec {
    /// This table shape, requiring that a table's header hold every column of at least one of `sets`
    /// (each a list of the spec's column names); a header that does not is one problem of the table.
    public func requiringOne(of sets: [[String]]) -> TableSpec {
        precondition(sets.count >= 2 && sets.allSatisfy { !$0.isEmpty }, "give at least two non-empty column sets")
        for name in sets.joined() {
            precondition(column(named: name) != nil, "\(name) is not a column of the table \(self.name)")
        }
        var spec = self
        spec.columnSets.append(ColumnSets(sets: sets))
        return spec
    }
}
