import HashTreeCollections
import Tally
import Testing

/// apple/swift-collections 1.6.0: `TreeDictionary`, a persistent hash tree, against Swift's `Dictionary`
/// with up to four live copies at once. Copies share nodes until one of them changes; each must then change
/// alone. After every step every live copy is compared with its own model; two copies are `==` exactly when
/// their models are; and each copy is `==` to, and hashes as, a tree built from its model's pairs in another
/// order. Keys are ``CollidingKey``s, four to a hash value.
@Suite struct TreeDictionaryTrials {
    typealias Tree = TreeDictionary<CollidingKey, Int>
    /// The live copies, each in a box of its own (or, with the planted bug, a box shared with its original).
    typealias Copies = CollectionsTrials.Box<[CollectionsTrials.Box<Tree>]>

    /// One `Dictionary` per live copy, in the order the copies were made.
    struct Models: Sendable, CustomStringConvertible {
        var copies: [[CollidingKey: Int]] = [[:]]
        var description: String {
            copies.map { model in
                "[" + model.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
            }.joined(separator: " ")
        }
    }

    typealias TreeCommand = Command<Models, Copies>
    static let values = Gen<Int>.int(in: 0...9)

    /// Two planted bugs: with `sharesCopies`, "copy" hands back the original's box, as a wrapper with
    /// reference semantics would, so a change to either shows in both; with `mergeKeepsOld`, the model's merge
    /// of another copy keeps the old value of a key both hold instead of adding the two.
    static func machine(sharesCopies: Bool = false, mergeKeepsOld: Bool = false) -> StateMachine<Models, Copies> {
        let copy: @Sendable (Models) -> Generators.Integer<Int> = { Gen.int(in: 0...$0.copies.count - 1) }
        let keys = CollidingKey.keys
        let commands: [TreeCommand] = [
            TreeCommand(
                "copy", when: { $0.copies.count < 4 }, arguments: copy,
                model: { (m: inout Models, i: Int) in m.copies.append(m.copies[i]) },
                run: { box, i in box.value.append(sharesCopies ? box.value[i] : .init(box.value[i].value)) }),
            TreeCommand(
                "drop copy", when: { $0.copies.count > 1 }, arguments: copy,
                model: { (m: inout Models, i: Int) in m.copies.remove(at: i) }, run: { $0.value.remove(at: $1) }),
            TreeCommand(
                "updateValue(_:forKey:) on (copy, value, key)", arguments: { m in Gen.zip(copy(m), values, keys) },
                model: { (m: inout Models, a: (Int, Int, CollidingKey)) -> Int? in
                    m.copies[a.0].updateValue(a.1, forKey: a.2)
                }, run: { box, a in box.value[a.0].value.updateValue(a.1, forKey: a.2) }),
            TreeCommand(
                "removeValue(forKey:) on (copy, key)", arguments: { m in Gen.zip(copy(m), keys) },
                model: { (m: inout Models, a: (Int, CollidingKey)) -> Int? in m.copies[a.0].removeValue(forKey: a.1) },
                run: { box, a in box.value[a.0].value.removeValue(forKey: a.1) }),
            TreeCommand(
                "[key, default: 0] += value on (copy, key, value)", arguments: { m in Gen.zip(copy(m), keys, values) },
                model: { (m: inout Models, a: (Int, CollidingKey, Int)) in m.copies[a.0][a.1, default: 0] += a.2 },
                run: { box, a in box.value[a.0].value[a.1, default: 0] += a.2 }),
            TreeCommand(
                "merge(copy, uniquingKeysWith: +) into (copy, from copy)",
                arguments: { m in Gen.zip(copy(m), copy(m)) },
                model: { (m: inout Models, a: (Int, Int)) in
                    m.copies[a.0].merge(m.copies[a.1]) { old, new in mergeKeepsOld ? old : old + new }
                },
                run: { box, a in box.value[a.0].value.merge(box.value[a.1].value, uniquingKeysWith: +) }),
            TreeCommand(
                "merge(pairs, uniquingKeysWith: max) into (copy, pairs)",
                arguments: { m in Gen.zip(copy(m), Gen.zip(keys, values).array(length: 0...6)) },
                model: { (m: inout Models, a: (Int, [(CollidingKey, Int)])) in
                    m.copies[a.0].merge(a.1, uniquingKeysWith: { Swift.max($0, $1) })
                }, run: { box, a in box.value[a.0].value.merge(a.1, uniquingKeysWith: { Swift.max($0, $1) }) }),
            TreeCommand(
                "= filter { value is even } on copy", arguments: copy,
                model: { (m: inout Models, i: Int) in m.copies[i] = m.copies[i].filter { $0.value.isMultiple(of: 2) } },
                run: { box, i in box.value[i].value = box.value[i].value.filter { $0.value.isMultiple(of: 2) } }),
            TreeCommand(
                "removeAll(where: key number divisible by d) on (copy, d)",
                arguments: { m in Gen.zip(copy(m), Gen.int(in: 1...5)) },
                model: { (m: inout Models, a: (Int, Int)) in
                    m.copies[a.0] = m.copies[a.0].filter { !$0.key.number.isMultiple(of: a.1) }
                }, run: { box, a in box.value[a.0].value.removeAll { $0.key.number.isMultiple(of: a.1) } }),
        ]
        return StateMachine(
            "TreeDictionary copies against Dictionary copies"
                + (sharesCopies ? " (planted: a copy shares its original's storage)" : "")
                + (mergeKeepsOld ? " (planted: a model whose merge keeps the old value)" : ""),
            model: Models(), system: { .init([.init(Tree())]) }, commands: commands, maxSteps: 40
        ) { models, box in
            let trees = box.value.map(\.value)
            try ensureEqual(trees.count, models.copies.count, "live copies")
            for (i, (tree, model)) in zip(trees, models.copies).enumerated() {
                let entries = tree.sorted { $0.key < $1.key }
                try ensureEqual(entries.map(\.key), model.keys.sorted(), "copy \(i): keys")
                try ensureEqual(
                    entries.map(\.value), model.sorted { $0.key < $1.key }.map(\.value), "copy \(i): values")
                try ensureEqual(tree.count, model.count, "copy \(i): count")
                for key in CollidingKey.all { try ensureEqual(tree[key], model[key], "copy \(i): [\(key)]") }
                let rebuilt = Tree(uniqueKeysWithValues: model.sorted { $0.key > $1.key }.map { ($0.key, $0.value) })
                try ensure(tree == rebuilt, "copy \(i) is not == its pairs inserted in descending key order")
                try ensureEqual(tree.hashValue, rebuilt.hashValue, "copy \(i): hash of its pairs in descending order")
            }
            for i in trees.indices {
                for j in trees.indices where j > i {
                    try ensureEqual(
                        trees[i] == trees[j], models.copies[i] == models.copies[j], "copy \(i) == copy \(j)")
                }
            }
        }
    }

    @Test func copiesAgreeWithDictionaries() async { await expectHolds(Self.machine().property, cases: 300) }

    /// The planted bug needs two steps and no fewer: a copy, then a change to either the original or the copy.
    @Test func aCopySharingStorageIsCaughtAndShrunk() async throws {
        let caught = try #require(
            await expectCaught(Self.machine(sharesCopies: true).property, cases: 300, as: Program<Models, Copies>.self))
        #expect(caught.value.steps.count == 2)
        #expect(caught.value.steps.first?.description.hasPrefix("copy(") == true)
        #expect(caught.failure.contains("copy "))
    }

    /// The least case that shows a wrong merge: a key put in a copy, then that copy merged with one that
    /// holds the key (itself, or a copy of it).
    @Test func aWrongMergeModelIsCaughtAndShrunk() async throws {
        let caught = try #require(
            await expectCaught(
                Self.machine(mergeKeepsOld: true).property, cases: 300, as: Program<Models, Copies>.self))
        #expect(caught.value.steps.count == 2)
        #expect(caught.value.steps.last?.description.hasPrefix("merge(copy") == true)
        #expect(caught.failure.contains("values"))
    }
}
