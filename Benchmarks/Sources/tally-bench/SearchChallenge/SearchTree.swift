/// A binary search tree from keys to values with eight planted bugs, in the manner of Hughes's "How to
/// Specify It!" and the ETNA benchmark's BST workload: three in `insert`, two in `delete`, three in `union`.
indirect enum SearchTree: Sendable, Equatable, CustomStringConvertible {
    case leaf
    case node(SearchTree, key: Int, value: Int, SearchTree)

    /// Which bug the operations carry; `nil` for the correct implementation.
    enum Bug: String, CaseIterable, Sendable {
        /// `insert` returns a tree of the new key alone.
        case insertDropsTree = "insert_1"
        /// `insert` of a key already present adds a second node instead of replacing the value.
        case insertDuplicatesKey = "insert_2"
        /// `insert` of a key already present keeps the old value.
        case insertKeepsOldValue = "insert_3"
        /// `delete` below the root returns the subtree it recursed into, losing the rest.
        case deleteLosesTree = "delete_4"
        /// `delete` compares keys the wrong way round, so only a root key is ever deleted.
        case deleteReversedComparison = "delete_5"
        /// `union` assumes every key of the left tree lies on one side of the right tree's root.
        case unionAssumesOrder = "union_6"
        /// `union` keeps the right tree's value for a key in both trees.
        case unionPrefersRight = "union_7"
        /// `union` drops the right tree's keys above a key that both trees hold.
        case unionDropsAbove = "union_8"
    }

    /// The tree of `pairs` inserted in order into an empty tree, by the correct `insert`.
    init(_ pairs: [(Int, Int)]) {
        self = pairs.reduce(.leaf) { tree, pair in tree.inserting(pair.0, pair.1, bug: nil) }
    }

    var description: String { "\(entries)" }

    /// The key–value pairs in key order.
    var entries: [(Int, Int)] {
        guard case .node(let left, let key, let value, let right) = self else { return [] }
        return left.entries + [(key, value)] + right.entries
    }

    /// Whether every key is above all keys of its left subtree and below all of its right subtree.
    var isValid: Bool {
        let keys = entries.map(\.0)
        return zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }
    }

    func find(_ key: Int) -> Int? {
        guard case .node(let left, let here, let value, let right) = self else { return nil }
        return key < here ? left.find(key) : key > here ? right.find(key) : value
    }

    func inserting(_ key: Int, _ value: Int, bug: Bug?) -> SearchTree {
        guard case .node(let left, let here, let old, let right) = self else {
            return .node(.leaf, key: key, value: value, .leaf)
        }
        if bug == .insertDropsTree { return .node(.leaf, key: key, value: value, .leaf) }
        if key < here { return .node(left.inserting(key, value, bug: bug), key: here, value: old, right) }
        if key > here { return .node(left, key: here, value: old, right.inserting(key, value, bug: bug)) }
        switch bug {
        case .insertDuplicatesKey: return .node(left, key: here, value: old, right.inserting(key, value, bug: bug))
        case .insertKeepsOldValue: return self
        default: return .node(left, key: key, value: value, right)
        }
    }

    func deleting(_ key: Int, bug: Bug?) -> SearchTree {
        guard case .node(let left, let here, let value, let right) = self else { return .leaf }
        switch (bug, key < here, key > here) {
        case (.deleteLosesTree, true, _): return left.deleting(key, bug: bug)
        case (.deleteLosesTree, _, true): return right.deleting(key, bug: bug)
        case (.deleteReversedComparison, true, _):
            return .node(left, key: here, value: value, right.deleting(key, bug: bug))
        case (.deleteReversedComparison, _, true):
            return .node(left.deleting(key, bug: bug), key: here, value: value, right)
        case (_, true, _): return .node(left.deleting(key, bug: bug), key: here, value: value, right)
        case (_, _, true): return .node(left, key: here, value: value, right.deleting(key, bug: bug))
        default: return left.joined(with: right)
        }
    }

    /// The keys of `self` and then those of `other`, every key of `self` being below every key of `other`.
    func joined(with other: SearchTree) -> SearchTree {
        guard case .node(let left, let key, let value, let right) = self else { return other }
        guard case .node(let otherLeft, let otherKey, let otherValue, let otherRight) = other else { return self }
        return .node(
            left, key: key, value: value,
            .node(right.joined(with: otherLeft), key: otherKey, value: otherValue, otherRight))
    }

    /// The keys below `key`, the value at `key`, and the keys above it.
    func split(_ key: Int) -> (below: SearchTree, value: Int?, above: SearchTree) {
        guard case .node(let left, let here, let value, let right) = self else { return (.leaf, nil, .leaf) }
        if key < here {
            let (below, found, above) = left.split(key)
            return (below, found, .node(above, key: here, value: value, right))
        }
        if key > here {
            let (below, found, above) = right.split(key)
            return (.node(left, key: here, value: value, below), found, above)
        }
        return (left, value, right)
    }

    /// Every key of both trees; `self`'s value wins for a key in both.
    func union(_ other: SearchTree, bug: Bug?) -> SearchTree {
        guard case .node(let left, let key, let value, let right) = self else { return other }
        if bug == .unionAssumesOrder, case .node(let otherLeft, let otherKey, let otherValue, let otherRight) = other,
            key != otherKey
        {
            return key < otherKey
                ? .node(union(otherLeft, bug: bug), key: otherKey, value: otherValue, otherRight)
                : .node(otherLeft, key: otherKey, value: otherValue, union(otherRight, bug: bug))
        }
        let (below, found, above) = other.split(key)
        let kept = bug == .unionPrefersRight ? found ?? value : value
        let upper = bug == .unionDropsAbove && found != nil ? right : right.union(above, bug: bug)
        return .node(left.union(below, bug: bug), key: key, value: kept, upper)
    }
}
