import Tally

/// A bounded queue of capacity eight whose planted bug needs a rare command sequence: when full it accepts
/// one more element and drops the oldest, where it should refuse. Reaching it takes nine more enqueues than
/// dequeues, with no clear between, in a program of five kinds of command.
final class BoundedQueue: @unchecked Sendable {
    static let capacity = 8
    private var elements: [Int] = []

    func enqueue(_ element: Int) -> Bool {
        if elements.count == Self.capacity { elements.removeFirst() }  // the bug: it should refuse
        elements.append(element)
        return true
    }

    func dequeue() -> Int? { elements.isEmpty ? nil : elements.removeFirst() }
    func peek() -> Int? { elements.first }
    var count: Int { elements.count }
    func clear() { elements.removeAll() }
}

/// The queue's model: the elements, oldest first.
struct QueueModel: Sendable, CustomStringConvertible {
    var elements: [Int] = []
    var description: String { "\(elements)" }
}

enum QueueMachine {
    typealias QueueCommand = Command<QueueModel, BoundedQueue>

    static let commands: [QueueCommand] = [
        QueueCommand(
            "enqueue", arguments: { _ in Gen.int(in: 0...100) },
            model: { model, element in
                guard model.elements.count < BoundedQueue.capacity else { return false }
                model.elements.append(element)
                return true
            }, run: { queue, element in queue.enqueue(element) }),
        QueueCommand(
            "dequeue", when: { !$0.elements.isEmpty }, arguments: { _ in Gen.constant(0) },
            model: { model, _ in
                model.elements.isEmpty ? nil : model.elements.removeFirst()
            }, run: { queue, _ in queue.dequeue() }),
        QueueCommand(
            "peek", when: { !$0.elements.isEmpty }, arguments: { _ in Gen.constant(0) },
            model: { model, _ in
                model.elements.first
            }, run: { queue, _ in queue.peek() }),
        QueueCommand(
            "count", arguments: { _ in Gen.constant(0) }, model: { model, _ in model.elements.count },
            run: { queue, _ in queue.count }),
        QueueCommand(
            "clear", arguments: { _ in Gen.constant(0) },
            model: { model, _ in
                model.elements.removeAll(); return 0
            },
            run: { queue, _ in
                queue.clear(); return 0
            }),
    ]

    static let overflow = SearchCase(name: "queue_overflow", group: "state machine") {
        StateMachine(
            "search-challenge/queue_overflow", model: QueueModel(), system: { BoundedQueue() }, commands: commands,
            maxSteps: 20
        )
        .property
    }
}
