import BitCollections
import DequeModule
import Foundation
import HeapModule
import OrderedCollections
import Tally
import Testing

/// apple/swift-collections 1.6.0: `Deque`, `OrderedDictionary`, `OrderedSet`, `Heap` and `BitSet`, each run
/// against a model made of an `Array` or a `Set` by Tally's `StateMachine`: every command's answer is
/// compared with the model's, and the whole contents after every step.
@Suite struct CollectionsTrials {
    /// The collection under test, in a box the commands share.
    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    struct Elements<Element: Sendable>: Sendable, CustomStringConvertible {
        var items: [Element]
        var description: String { "\(items)" }
    }

    static let values = Gen<Int>.int(in: -50...50)

    // MARK: Deque

    typealias DequeCommand = Command<Elements<Int>, Box<Deque<Int>>>

    static var deque: StateMachine<Elements<Int>, Box<Deque<Int>>> {
        let index: @Sendable (Elements<Int>) -> Generators.Integer<Int> = { model in
            Gen.int(in: 0...max(model.items.count - 1, 0))
        }
        let commands: [DequeCommand] = [
            DequeCommand(
                "append", arguments: { _ in values }, model: { $0.items.append($1) }, run: { $0.value.append($1) }),
            DequeCommand(
                "prepend", arguments: { _ in values }, model: { $0.items.insert($1, at: 0) },
                run: { $0.value.prepend($1) }),
            DequeCommand(
                "popFirst", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Elements<Int>, _: Int) in m.items.isEmpty ? nil : m.items.removeFirst() },
                run: { box, _ in box.value.popFirst() }),
            DequeCommand(
                "popLast", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Elements<Int>, _: Int) in m.items.popLast() }, run: { box, _ in box.value.popLast() }
            ),
            DequeCommand(
                "insert(at:)", arguments: { m in Gen.zip(values, Gen.int(in: 0...m.items.count)) },
                model: { $0.items.insert($1.0, at: $1.1) }, run: { $0.value.insert($1.0, at: $1.1) }),
            DequeCommand(
                "remove(at:)", when: { !$0.items.isEmpty }, arguments: index,
                model: { (m: inout Elements<Int>, i: Int) in m.items.remove(at: i) },
                run: { box, i in box.value.remove(at: i) }),
            DequeCommand(
                "replaceSubrange",
                arguments: { m in
                    Gen.int(in: 0...m.items.count).flatMap { lower in
                        Gen.zip(Gen.int(in: lower...m.items.count), values.array(length: 0...4)).map {
                            (lower, $0.0, $0.1)
                        }
                    }
                },
                model: { $0.items.replaceSubrange($1.0..<$1.1, with: $1.2) },
                run: { $0.value.replaceSubrange($1.0..<$1.1, with: $1.2) }),
            DequeCommand(
                "append(contentsOf:)", arguments: { _ in values.array(length: 0...6) },
                model: { $0.items.append(contentsOf: $1) }, run: { $0.value.append(contentsOf: $1) }),
            DequeCommand(
                "prepend(contentsOf:)", arguments: { _ in values.array(length: 0...6) },
                model: { $0.items.insert(contentsOf: $1, at: 0) }, run: { $0.value.prepend(contentsOf: $1) }),
            DequeCommand(
                "removeFirst(k)", arguments: { m in Gen.int(in: 0...m.items.count) },
                model: { $0.items.removeFirst($1) }, run: { $0.value.removeFirst($1) }),
            DequeCommand(
                "reserveCapacity", arguments: { _ in Gen.int(in: 0...40) },
                model: { _, _ in }, run: { $0.value.reserveCapacity($1) }),
        ]
        return StateMachine(
            "Deque against Array", model: Elements(items: []), system: { Box(Deque<Int>()) }, commands: commands,
            maxSteps: 40
        ) { model, box in
            try ensureEqual(Array(box.value), model.items, "contents")
            try ensureEqual(box.value.count, model.items.count, "count")
            try ensureEqual(Array(box.value.reversed()), model.items.reversed(), "reversed")
        }
    }

    // MARK: OrderedDictionary

    struct Pairs: Sendable, CustomStringConvertible {
        var pairs: [(key: Int, value: Int)] = []
        var description: String { "\(pairs.map { "\($0.key): \($0.value)" })" }
        func index(_ key: Int) -> Int? { pairs.firstIndex { $0.key == key } }
    }

    typealias DictionaryCommand = Command<Pairs, Box<OrderedDictionary<Int, Int>>>
    static let keys = Gen<Int>.int(in: 0...12)

    static var orderedDictionary: StateMachine<Pairs, Box<OrderedDictionary<Int, Int>>> {
        let commands: [DictionaryCommand] = [
            DictionaryCommand(
                "updateValue(_:forKey:)", arguments: { _ in Gen.zip(values, keys) },
                model: { (m: inout Pairs, a: (Int, Int)) -> Int? in
                    if let i = m.index(a.1) { defer { m.pairs[i].value = a.0 }; return m.pairs[i].value }
                    m.pairs.append((a.1, a.0)); return nil
                }, run: { box, a in box.value.updateValue(a.0, forKey: a.1) }),
            DictionaryCommand(
                "removeValue(forKey:)", arguments: { _ in keys },
                model: { (m: inout Pairs, k: Int) -> Int? in
                    m.index(k).map { m.pairs.remove(at: $0).value }
                }, run: { box, k in box.value.removeValue(forKey: k) }),
            DictionaryCommand(
                "updateValue(_:forKey:insertingAt:)",
                arguments: { m in Gen.zip(values, keys, Gen.int(in: 0...m.pairs.count)) },
                model: { (m: inout Pairs, a: (Int, Int, Int)) -> Int? in
                    if let i = m.index(a.1) { defer { m.pairs[i].value = a.0 }; return m.pairs[i].value }
                    m.pairs.insert((a.1, a.0), at: a.2); return nil
                }, run: { box, a in box.value.updateValue(a.0, forKey: a.1, insertingAt: a.2).originalMember }),
            DictionaryCommand(
                "remove(at:)", when: { !$0.pairs.isEmpty }, arguments: { m in Gen.int(in: 0...m.pairs.count - 1) },
                model: { (m: inout Pairs, i: Int) -> Int in m.pairs.remove(at: i).key },
                run: { box, i in box.value.remove(at: i).key }),
            DictionaryCommand(
                "subscript[key] = nil or value", arguments: { _ in Gen.zip(keys, values.optional) },
                model: { (m: inout Pairs, a: (Int, Int?)) in
                    if let i = m.index(a.0) {
                        if let v = a.1 { m.pairs[i].value = v } else { m.pairs.remove(at: i) }
                    } else if let v = a.1 {
                        m.pairs.append((a.0, v))
                    }
                }, run: { box, a in box.value[a.0] = a.1 }),
            DictionaryCommand(
                "sort", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Pairs, _: Int) in m.pairs.sort { $0.key < $1.key } },
                run: { box, _ in box.value.sort() }),
            DictionaryCommand(
                "swapAt", when: { !$0.pairs.isEmpty },
                arguments: { m in Gen.zip(Gen.int(in: 0...m.pairs.count - 1), Gen.int(in: 0...m.pairs.count - 1)) },
                model: { (m: inout Pairs, a: (Int, Int)) in m.pairs.swapAt(a.0, a.1) },
                run: { box, a in box.value.swapAt(a.0, a.1) }),
            DictionaryCommand(
                "removeAll(where: odd value)", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Pairs, _: Int) in m.pairs.removeAll { $0.value % 2 != 0 } },
                run: { box, _ in box.value.removeAll { $0.value % 2 != 0 } }),
            DictionaryCommand(
                "index(forKey:)", arguments: { _ in keys }, model: { (m: inout Pairs, k: Int) -> Int? in m.index(k) },
                run: { box, k in box.value.index(forKey: k) }),
        ]
        return StateMachine(
            "OrderedDictionary against an array of pairs", model: Pairs(),
            system: { Box(OrderedDictionary<Int, Int>()) },
            commands: commands, maxSteps: 40
        ) { model, box in
            try ensureEqual(Array(box.value.keys), model.pairs.map(\.key), "keys")
            try ensureEqual(Array(box.value.values), model.pairs.map(\.value), "values")
            for (key, value) in model.pairs { try ensureEqual(box.value[key], value, "value for \(key)") }
        }
    }

    // MARK: OrderedSet

    typealias SetCommand = Command<Elements<Int>, Box<OrderedSet<Int>>>

    static var orderedSet: StateMachine<Elements<Int>, Box<OrderedSet<Int>>> {
        let commands: [SetCommand] = [
            SetCommand(
                "append", arguments: { _ in keys },
                model: { (m: inout Elements<Int>, e: Int) -> Bool in
                    if m.items.contains(e) { return false }; m.items.append(e); return true
                }, run: { box, e in box.value.append(e).inserted }),
            SetCommand(
                "insert(at:)", arguments: { m in Gen.zip(keys, Gen.int(in: 0...m.items.count)) },
                model: { (m: inout Elements<Int>, a: (Int, Int)) -> Int in
                    if let i = m.items.firstIndex(of: a.0) { return i }; m.items.insert(a.0, at: a.1); return a.1
                }, run: { box, a in box.value.insert(a.0, at: a.1).index }),
            SetCommand(
                "remove", arguments: { _ in keys },
                model: { (m: inout Elements<Int>, e: Int) -> Int? in
                    m.items.firstIndex(of: e).map { m.items.remove(at: $0) }
                }, run: { box, e in box.value.remove(e) }),
            SetCommand(
                "formUnion", arguments: { _ in keys.array(length: 0...5) },
                model: { (m: inout Elements<Int>, es: [Int]) in
                    for e in es where !m.items.contains(e) { m.items.append(e) }
                }, run: { box, es in box.value.formUnion(es) }),
            SetCommand(
                "formIntersection", arguments: { _ in keys.array(length: 0...8) },
                model: { (m: inout Elements<Int>, es: [Int]) in
                    m.items.removeAll { !es.contains($0) }
                }, run: { box, es in box.value.formIntersection(es) }),
            SetCommand(
                "subtract", arguments: { _ in keys.array(length: 0...5) },
                model: { (m: inout Elements<Int>, es: [Int]) in
                    m.items.removeAll { es.contains($0) }
                }, run: { box, es in box.value.subtract(es) }),
            SetCommand(
                "formSymmetricDifference", arguments: { _ in keys.array(length: 0...5) },
                model: { (m: inout Elements<Int>, es: [Int]) in
                    var seen: [Int] = []
                    for e in es where !seen.contains(e) { seen.append(e) }
                    let kept = m.items.filter { !seen.contains($0) }
                    m.items = kept + seen.filter { !m.items.contains($0) }
                }, run: { box, es in box.value.formSymmetricDifference(es) }),
            SetCommand(
                "sort", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Elements<Int>, _: Int) in m.items.sort() },
                run: { box, _ in box.value.sort() }),
            SetCommand(
                "firstIndex(of:)", arguments: { _ in keys },
                model: { (m: inout Elements<Int>, e: Int) -> Int? in m.items.firstIndex(of: e) },
                run: { box, e in box.value.firstIndex(of: e) }),
        ]
        return StateMachine(
            "OrderedSet against an array without repeats", model: Elements(items: []),
            system: { Box(OrderedSet<Int>()) },
            commands: commands, maxSteps: 40
        ) { model, box in
            try ensureEqual(Array(box.value), model.items, "contents")
            for e in 0...12 { try ensureEqual(box.value.contains(e), model.items.contains(e), "contains(\(e))") }
        }
    }

    // MARK: Heap

    typealias HeapCommand = Command<Elements<Int>, Box<Heap<Int>>>

    static var heap: StateMachine<Elements<Int>, Box<Heap<Int>>> {
        let commands: [HeapCommand] = [
            HeapCommand(
                "insert", arguments: { _ in values }, model: { $0.items.append($1) }, run: { $0.value.insert($1) }),
            HeapCommand(
                "insert(contentsOf:)", arguments: { _ in values.array(length: 0...6) },
                model: { $0.items.append(contentsOf: $1) },
                run: { $0.value.insert(contentsOf: $1) }),
            HeapCommand(
                "popMin", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Elements<Int>, _: Int) -> Int? in
                    m.items.min().map { m.items.remove(at: m.items.firstIndex(of: $0)!) }
                }, run: { box, _ in box.value.popMin() }),
            HeapCommand(
                "popMax", arguments: { _ in Gen.constant(0) },
                model: { (m: inout Elements<Int>, _: Int) -> Int? in
                    m.items.max().map { m.items.remove(at: m.items.firstIndex(of: $0)!) }
                }, run: { box, _ in box.value.popMax() }),
            HeapCommand(
                "replaceMin", when: { !$0.items.isEmpty }, arguments: { _ in values },
                model: { (m: inout Elements<Int>, e: Int) -> Int in
                    let i = m.items.firstIndex(of: m.items.min()!)!; defer { m.items[i] = e }; return m.items[i]
                }, run: { box, e in box.value.replaceMin(with: e) }),
            HeapCommand(
                "replaceMax", when: { !$0.items.isEmpty }, arguments: { _ in values },
                model: { (m: inout Elements<Int>, e: Int) -> Int in
                    let i = m.items.firstIndex(of: m.items.max()!)!; defer { m.items[i] = e }; return m.items[i]
                }, run: { box, e in box.value.replaceMax(with: e) }),
        ]
        return StateMachine(
            "Heap against an array", model: Elements(items: []), system: { Box(Heap<Int>()) }, commands: commands,
            maxSteps: 40
        ) { model, box in
            try ensureEqual(box.value.count, model.items.count, "count")
            try ensureEqual(box.value.min, model.items.min(), "min")
            try ensureEqual(box.value.max, model.items.max(), "max")
            try ensureEqual(box.value.unordered.sorted(), model.items.sorted(), "elements")
        }
    }

    // MARK: BitSet

    struct Members: Sendable, CustomStringConvertible {
        var set: Set<Int> = []
        var description: String { "\(set.sorted())" }
    }

    typealias BitSetCommand = Command<Members, Box<BitSet>>
    static let members = Gen.oneOf(Gen<Int>.int(in: 0...70), Gen<Int>.int(in: 0...1000))

    static var bitSet: StateMachine<Members, Box<BitSet>> {
        let commands: [BitSetCommand] = [
            BitSetCommand(
                "insert", arguments: { _ in members },
                model: { (m: inout Members, e: Int) -> Bool in m.set.insert(e).inserted },
                run: { box, e in box.value.insert(e).inserted }),
            BitSetCommand(
                "remove", arguments: { _ in members }, model: { (m: inout Members, e: Int) -> Int? in m.set.remove(e) },
                run: { box, e in box.value.remove(e) }),
            BitSetCommand(
                "formUnion", arguments: { _ in members.array(length: 0...5) }, model: { $0.set.formUnion($1) },
                run: { $0.value.formUnion($1) }),
            BitSetCommand(
                "formIntersection", arguments: { _ in members.array(length: 0...8) },
                model: { $0.set.formIntersection($1) },
                run: { $0.value.formIntersection($1) }),
            BitSetCommand(
                "subtract", arguments: { _ in members.array(length: 0...5) }, model: { $0.set.subtract($1) },
                run: { $0.value.subtract($1) }),
            BitSetCommand(
                "formSymmetricDifference", arguments: { _ in members.array(length: 0...5) },
                model: { $0.set.formSymmetricDifference(Set($1)) },
                run: { $0.value.formSymmetricDifference($1) }),
            BitSetCommand(
                "remove(members in a range)", arguments: { _ in Gen.zip(members, members) },
                model: { (m: inout Members, a: (Int, Int)) in
                    m.set = m.set.filter { !(min(a.0, a.1)..<max(a.0, a.1)).contains($0) }
                },
                run: { box, a in box.value.subtract(BitSet(min(a.0, a.1)..<max(a.0, a.1))) }),
        ]
        return StateMachine(
            "BitSet against Set<Int>", model: Members(), system: { Box(BitSet()) }, commands: commands, maxSteps: 40
        ) { model, box in
            try ensureEqual(Array(box.value), model.set.sorted(), "members in order")
            try ensureEqual(box.value.count, model.set.count, "count")
            try ensureEqual(box.value.min(), model.set.min(), "min")
            try ensureEqual(box.value.max(), model.set.max(), "max")
        }
    }

    static func run<M, S>(_ machine: StateMachine<M, S>, cases: Int) async -> PropertyResult {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = cases
        return await machine.property.check(configuration)
    }

    static func expectHolds<M, S>(
        _ machine: StateMachine<M, S>, cases: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = cases
        let start = ContinuousClock.now
        let result = await machine.property.check(configuration)
        let elapsed = start.duration(to: .now).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))
        print("Package trial \"\(machine.id)\": ran \(result.casesRun) programs in \(elapsed)")
        if let example = result.counterexample {
            Issue.record(
                "\(machine.id) failed for\n\(example.value)\n\(example.failure)", sourceLocation: sourceLocation)
        }
    }

    @Test func dequeAgreesWithArray() async { await Self.expectHolds(Self.deque, cases: 300) }
    @Test func orderedDictionaryAgreesWithPairs() async { await Self.expectHolds(Self.orderedDictionary, cases: 300) }
    @Test func orderedSetAgreesWithArray() async { await Self.expectHolds(Self.orderedSet, cases: 300) }
    @Test func heapAgreesWithArray() async { await Self.expectHolds(Self.heap, cases: 300) }
    @Test func bitSetAgreesWithSet() async { await Self.expectHolds(Self.bitSet, cases: 300) }
}
