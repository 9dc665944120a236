/// The recorded decisions of one generated value: every bounded integer draw a generator made, in order.
///
/// Replaying it through the same generator rebuilds the same value, and the shrinker simplifies values
/// by simplifying their sequences. Sequences are ordered *shortlex* (shorter is simpler, then
/// lexicographically smaller); every shrink step moves strictly down this order, which is why
/// shrinking always terminates.
public struct ChoiceSequence: Hashable, Sendable, Comparable, ExpressibleByArrayLiteral {
    /// The choices, each the index of one option of a draw; zero is always the simplest option.
    public var choices: [UInt64]

    /// Creates a sequence from its choices.
    public init(_ choices: [UInt64]) {
        self.choices = choices
    }

    /// Creates a sequence from a literal list of choices.
    public init(arrayLiteral elements: UInt64...) {
        self.choices = elements
    }

    /// The number of choices.
    public var count: Int { choices.count }

    /// Shortlex order: length first, then the first differing choice.
    public static func < (lhs: ChoiceSequence, rhs: ChoiceSequence) -> Bool {
        isSimpler(lhs.choices, than: rhs.choices)
    }

    /// Whether the choices `lhs` are simpler than `rhs` in shortlex order, without wrapping them.
    static func isSimpler(_ lhs: [UInt64], than rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right
        }
        return false
    }
}

extension ChoiceSequence {
    /// The sequence as compact bytes: each choice as an unsigned LEB128 varint.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(choices.count * 2)
        for var value in choices {
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        return bytes
    }

    /// Decodes bytes written by ``encoded``, or returns `nil` when they are not a whole varint list.
    public init?(encoded bytes: [UInt8]) {
        var choices: [UInt64] = []
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var inValue = false
        for byte in bytes {
            guard shift < 64, !(shift == 63 && byte > 1) else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                choices.append(value)
                value = 0
                shift = 0
                inValue = false
            } else {
                shift += 7
                inValue = true
            }
        }
        if inValue { return nil }
        self.init(choices)
    }
}
