import Tally

/// The file `tally mutate` adds to each mutated target of its scratch copy: the mutant switch, the helpers
/// the schemata call, and one operator per operator site, each behaving as the original code unless the
/// switch names its mutant. The switch and the helpers are `@usableFromInline`, so a default argument
/// may use them; the operators are internal, since the engine's own operators they call need not be.
enum SchemaSupport {
    /// The file's name in the target; chosen so it never collides with an engine's own file.
    static let fileName = "TallyMutantSchemata.generated.swift"

    /// The environment variable naming the mutant a process runs (absent or 0: none).
    static let variable = "TALLY_MUTANT"

    /// The environment variable naming the file where a run of the tests writes which test reached
    /// which mutant's site: `<mutant id> <test id>` lines, each pair once (``MutationTests``).
    static let reachVariable = "TALLY_MUTANT_REACH"

    /// The environment variable naming the test a process runs, for code that runs where no Swift Testing
    /// test is current: an XCTest case, run alone.
    static let reachTestVariable = "TALLY_MUTANT_REACH_TEST"

    /// The operator characters that spell a mutant id in base 8 after the original operator: valid
    /// Swift operator characters that no engine uses.
    static let digits: [Character] = ["⊕", "⊖", "⊗", "⊘", "⊙", "⊚", "⊛", "⊜"]

    /// `⊖⊕⊗` for id 10: appended to an operator, it names that mutant's own operator.
    static func operatorSuffix(_ id: Int) -> String {
        String(String(id, radix: 8).map { digits[Int(String($0))!] })
    }

    /// An operator of its own for one operator site: its first mutant id, the operator as written and
    /// as mutated, and how many dropped clauses follow (`&&` and `||` only; ids `id + 1`, `id + 2`).
    typealias Operator = (id: Int, original: String, mutated: String, drops: Int)

    static let numericTypes = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    ]

    /// The file for a target: `operators` of its sites, and the target's own types that define
    /// `+` and `-` (`addable`) or `*` and `/` (`multipliable`).
    static func source(operators: [Operator], addable: [String], multipliable: [String]) -> String {
        var lines = [header]
        lines.append(
            "extension " + (numericTypes + addable).joined(separator: ": _TallyAddable {}\nextension ")
                + ": _TallyAddable {}")
        lines.append(
            "extension " + (numericTypes + multipliable).joined(separator: ": _TallyMultipliable {}\nextension ")
                + ": _TallyMultipliable {}")
        for (id, original, mutated, drops) in operators {
            lines.append(declaration(id: id, original: original, mutated: mutated, drops: drops))
        }
        return lines.joined(separator: "\n\n") + "\n"
    }

    /// A digest of the helpers and of the operators declared for every kind of site: a cached "did
    /// not compile" holds only while they are unchanged.
    static let fingerprint: String = {
        let kinds = ["!", "&&", "||", "+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">="]
        let operators = kinds.enumerated().map {
            ($0.offset + 1, $0.element, $0.element, ["&&", "||"].contains($0.element) ? 2 : 0)
        }
        return "-" + StableHash.hex(source(operators: operators, addable: [], multipliable: []))
    }()

    static func declaration(id: Int, original: String, mutated: String, drops: Int = 0) -> String {
        let name = original + operatorSuffix(id)
        let on = "_tallyMutant == \(id)"
        switch original {
        case "!":
            return """
                prefix operator \(name)
                prefix func \(name)(value: Bool) -> Bool { \(on) ? value : !value }
                """
        case "&&", "||":
            // Dropping the first clause still evaluates it (an operator's left operand is no closure) and
            // ignores its value: the original evaluates it too, so only a clause with an effect could tell.
            let dropping = ["_tallyMutant == \(id + 1) ? lhs : ", "_tallyMutant == \(id + 2) ? try rhs() : "].prefix(
                drops
            ).joined()
            return """
                infix operator \(name) : \
                \(original == "&&" ? "LogicalConjunctionPrecedence" : "LogicalDisjunctionPrecedence")
                func \(name)(lhs: Bool, rhs: @autoclosure () throws -> Bool) rethrows -> Bool { \(on) \
                ? try (lhs \(mutated) rhs()) : \(dropping)try (lhs \(original) rhs()) }
                """
        case "+", "-", "*", "/":
            let addition = original == "+" || original == "-"
            var lines = [
                "infix operator \(name) : \(addition ? "AdditionPrecedence" : "MultiplicationPrecedence")",
                "func \(name) <T: \(addition ? "_TallyAddable" : "_TallyMultipliable")>(lhs: T, rhs: T) -> T { \(on) "
                    + "? lhs \(mutated) rhs : lhs \(original) rhs }",
            ]
            // Strings and arrays join with `+` and have no `-`: the mutant drops what is appended.
            if original == "+" {
                lines.append(
                    "func \(name) <T: RangeReplaceableCollection>(lhs: T, rhs: T) -> T { \(on) ? lhs : lhs + rhs }")
            }
            return lines.joined(separator: "\n")
        default:
            let protocolName = original == "==" || original == "!=" ? "Equatable" : "Comparable"
            var lines = [
                "infix operator \(name) : ComparisonPrecedence",
                "func \(name) <T: \(protocolName)>(lhs: T, rhs: T) -> Bool { \(on) ? lhs \(mutated) "
                    + "rhs : lhs \(original) rhs }",
                "func \(name) <A: \(protocolName), B: \(protocolName)>(lhs: (A, B), rhs: (A, B)) -> Bool { \(on) "
                    + "? lhs \(mutated) rhs : lhs \(original) rhs }",
                "func \(name) <A: \(protocolName), B: \(protocolName), C: \(protocolName)>(lhs: (A, B, C), rhs: (A, B, "
                    + "C)) -> Bool { \(on) ? lhs \(mutated) rhs : lhs \(original) rhs }",
            ]
            // `x == nil` compares any optional, Equatable or not (a continuation, a closure).
            if protocolName == "Equatable" {
                lines.append(
                    "func \(name) <T>(lhs: T?, rhs: _OptionalNilComparisonType) -> Bool { \(on) ? lhs \(mutated) "
                        + "nil : lhs \(original) nil }"
                )
                lines.append(
                    "func \(name) <T>(lhs: _OptionalNilComparisonType, rhs: T?) -> Bool { \(on) ? nil \(mutated) "
                        + "rhs : nil \(original) rhs }"
                )
            }
            return lines.joined(separator: "\n")
        }
    }

    static let header = """
        // Generated by `tally mutate` in its scratch copy, never in the work tree: the mutant switch,
        // the helpers of the mutant schemata and one operator per operator site.
        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Musl)
        import Musl
        #elseif canImport(Darwin)
        import Darwin
        #endif
        import Synchronization
        #if canImport(Testing)
        import Testing
        #endif

        /// The mutant this process runs, read once from \(variable); 0 runs the original code. Every site
        /// asks it `_tallyMutant == id`; in a run of the tests with \(reachVariable), the question
        /// also writes down which test reached the site.
        @usableFromInline let _tallyMutant = _TallyMutantSwitch(id: \
        getenv("\(variable)").flatMap { Int(String(cString: $0)) } ?? 0)

        @usableFromInline struct _TallyMutantSwitch: Sendable {
            @usableFromInline let id: Int
            @usableFromInline init(id: Int) { self.id = id }
            @inlinable static func == (lhs: Self, rhs: Int) -> Bool {
                if _tallyReach.isOn { _tallyReach.record(rhs) }
                return lhs.id == rhs
            }
            @inlinable static func != (lhs: Self, rhs: Int) -> Bool { !(lhs == rhs) }
        }

        /// Which test reached which site, each pair written once to the file \(reachVariable) names.
        @usableFromInline let _tallyReach = _TallyReach(path: getenv("\(reachVariable)").map { String(cString: $0) })

        @usableFromInline final class _TallyReach: Sendable {
            @usableFromInline let isOn: Bool
            let descriptor: Int32
            let seen = Mutex<Set<String>>([])
            /// The test this process runs, where no Swift Testing test is current (\(reachTestVariable)).
            let running = getenv("\(reachTestVariable)").map { String(cString: $0) } ?? ""
            init(path: String?) {
                descriptor = path.map { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) } ?? -1
                isOn = descriptor >= 0
            }
            @usableFromInline func record(_ id: Int) {
                #if canImport(Testing)
                let test = Test.current.map { String(describing: $0.id) } ?? running
                #else
                let test = running
                #endif
                let line = "\\(id) \\(test)\\n"
                guard seen.withLock({ $0.insert(line).inserted }) else { return }
                var bytes = Array(line.utf8)
                _ = write(descriptor, &bytes, bytes.count)
            }
        }

        protocol _TallyAddable {
            static func + (lhs: Self, rhs: Self) -> Self
            static func - (lhs: Self, rhs: Self) -> Self
        }

        protocol _TallyMultipliable {
            static func * (lhs: Self, rhs: Self) -> Self
            static func / (lhs: Self, rhs: Self) -> Self
        }

        @usableFromInline func _tallyPick1<T>(_ first: Int, _ value: T, _ a: T) -> T {
            _tallyMutant == first ? a : value
        }

        @usableFromInline func _tallyPick2<T>(_ first: Int, _ value: T, _ a: T, _ b: T) -> T {
            _tallyMutant == first ? a : _tallyMutant == first + 1 ? b : value
        }

        @usableFromInline func _tallyPick3<T>(_ first: Int, _ value: T, _ a: T, _ b: T, _ c: T) -> T {
            _tallyMutant == first ? a : _tallyMutant == first + 1 ? b : _tallyMutant == first + 2 ? c : value
        }

        @usableFromInline func _tallyMin<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> T {
            _tallyMutant == id ? Swift.max(a, b) : Swift.min(a, b)
        }

        @usableFromInline func _tallyMax<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> T {
            _tallyMutant == id ? Swift.min(a, b) : Swift.max(a, b)
        }
        """
}
