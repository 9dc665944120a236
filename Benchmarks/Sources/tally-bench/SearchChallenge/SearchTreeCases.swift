import Tally

/// The BST workload: each planted bug of ``SearchTree`` against each property of its operation that can
/// see it — validity, postconditions and model-based properties, as in "How to Specify It!".
enum SearchTreeCases {
    static let keys = Gen.int(in: 0...100)
    static let values = Gen.int(in: 0...100)
    /// Trees built by the correct `insert` from a list of pairs, as the paper's generator builds them.
    static let trees = Gen.zip(keys, values).array().map { SearchTree($0) }

    typealias Check = @Sendable (SearchTree.Bug) -> SearchCase

    /// The properties, by name, each a function of the bug it runs against.
    static let properties: [String: Check] = [
        "insert_valid": { bug in
            pair("insert_valid", bug, Gen.zip(trees, keys, values)) { tree, key, value in
                try ensure(tree.inserting(key, value, bug: bug).isValid, "insert keeps the tree valid")
            }
        },
        "insert_post": { bug in
            pair("insert_post", bug, Gen.zip(trees, keys, values, keys)) { tree, key, value, probe in
                let found = tree.inserting(key, value, bug: bug).find(probe)
                try ensure(found == (probe == key ? value : tree.find(probe)), "find after insert")
            }
        },
        "insert_model": { bug in
            pair("insert_model", bug, Gen.zip(trees, keys, values)) { tree, key, value in
                let expected = (tree.entries.filter { $0.0 != key } + [(key, value)]).sorted { $0.0 < $1.0 }
                try ensure(
                    tree.inserting(key, value, bug: bug).entries.elementsEqual(expected, by: ==),
                    "insert as on a sorted list")
            }
        },
        "insert_insert": { bug in
            pair("insert_insert", bug, Gen.zip(trees, keys, values, keys, values)) { tree, k1, v1, k2, v2 in
                let twice = tree.inserting(k2, v2, bug: bug).inserting(k1, v1, bug: bug)
                let expected =
                    k1 == k2
                    ? tree.inserting(k1, v1, bug: bug) : tree.inserting(k1, v1, bug: bug).inserting(k2, v2, bug: bug)
                try ensure(
                    twice.entries.elementsEqual(expected.entries, by: ==),
                    "inserts of different keys commute, of the same key the last wins")
            }
        },
        "delete_post": { bug in
            pair("delete_post", bug, Gen.zip(trees, keys, keys)) { tree, key, probe in
                let found = tree.deleting(key, bug: bug).find(probe)
                try ensure(found == (probe == key ? nil : tree.find(probe)), "find after delete")
            }
        },
        "delete_model": { bug in
            pair("delete_model", bug, Gen.zip(trees, keys)) { tree, key in
                try ensure(
                    tree.deleting(key, bug: bug).entries.elementsEqual(tree.entries.filter { $0.0 != key }, by: ==),
                    "delete as on a sorted list")
            }
        },
        "union_valid": { bug in
            pair("union_valid", bug, Gen.zip(trees, trees)) { first, second in
                try ensure(first.union(second, bug: bug).isValid, "union keeps the tree valid")
            }
        },
        "union_post": { bug in
            pair("union_post", bug, Gen.zip(trees, trees, keys)) { first, second, probe in
                try ensure(
                    first.union(second, bug: bug).find(probe) == first.find(probe) ?? second.find(probe),
                    "find after union")
            }
        },
        "union_model": { bug in
            pair("union_model", bug, Gen.zip(trees, trees)) { first, second in
                let keys = Set(first.entries.map(\.0))
                let expected = (first.entries + second.entries.filter { !keys.contains($0.0) }).sorted { $0.0 < $1.0 }
                try ensure(
                    first.union(second, bug: bug).entries.elementsEqual(expected, by: ==),
                    "union as of sorted lists, left values first")
            }
        },
    ]

    /// The 21 bug × property pairs in which the property can see the bug at all.
    static let pairs: [(SearchTree.Bug, String)] = [
        (.insertDropsTree, "insert_post"), (.insertDropsTree, "insert_model"), (.insertDropsTree, "insert_insert"),
        (.insertDuplicatesKey, "insert_valid"), (.insertDuplicatesKey, "insert_post"),
        (.insertDuplicatesKey, "insert_model"),
        (.insertDuplicatesKey, "insert_insert"),
        (.insertKeepsOldValue, "insert_post"), (.insertKeepsOldValue, "insert_model"),
        (.insertKeepsOldValue, "insert_insert"),
        (.deleteLosesTree, "delete_post"), (.deleteLosesTree, "delete_model"),
        (.deleteReversedComparison, "delete_post"), (.deleteReversedComparison, "delete_model"),
        (.unionAssumesOrder, "union_valid"), (.unionAssumesOrder, "union_post"), (.unionAssumesOrder, "union_model"),
        (.unionPrefersRight, "union_post"), (.unionPrefersRight, "union_model"),
        (.unionDropsAbove, "union_post"), (.unionDropsAbove, "union_model"),
    ]

    static let all: [SearchCase] = pairs.map { bug, property in properties[property]!(bug) }

    static func pair<Cases: Generator>(
        _ property: String, _ bug: SearchTree.Bug, _ cases: Cases,
        _ body: @escaping @Sendable (Cases.Value) throws -> Void
    ) -> SearchCase {
        SearchCase("bst/\(bug.rawValue)/\(property)", group: "bst", cases, body)
    }
}
