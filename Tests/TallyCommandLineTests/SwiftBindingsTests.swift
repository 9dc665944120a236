import Testing

@testable import TallyCommandLine

/// How `tally mutate` reads the type of a name without a type checker: written, or evident from a
/// literal, a call or a chain whose types the target declares — and nothing where it is not evident.
@Suite struct SwiftBindingsTests {
    static let source = """
        struct Money {
            let cents: Int
            static let zero = Money(cents: 0)
            static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
            static func minimum(_ a: Money, _ b: Money) -> Money { a.cents < b.cents ? a : b }
        }
        struct Tier { let deductible: Money }
        struct Plan {
            let year: Int
            func tier(_ network: Int) -> Tier? { nil }
        }
        func split(_ allowed: Money) -> (deductible: Money, copay: Money) { (allowed, allowed) }

        func f(plan: Plan, allowed: Money, bonus: Money?, _ total: inout Int) {
            let tier = plan.tier(1)!
            var (deductible, copay) = split(allowed)
            let sum = (deductible + copay) + allowed
            let smaller = Money.minimum(sum, allowed)
            let sure = bonus ?? allowed
            let big = sum.cents > 100
            let label = big ? "big" : "small"
            let count = 3
            let maybe = plan.tier(2)
            let year = plan.year
            let made = Money(cents: 5)
            let written: Double
            let counted = [1, 2].count
            let zero = .zero
            if let bonus { print(bonus, tier, smaller, sure, label, count, maybe, year, made, written, counted, zero) }
        }
        """

    static func types(_ source: String) throws -> [String: String] {
        let structure = SwiftStructure(tokens: try SwiftLexer.tokens(of: source))
        let bindings = SwiftBindings(structure: structure, declarations: SwiftDeclarations([structure]))
        var types: [String: String] = [:]
        for (name, all) in bindings.byName {
            types[name] = all.map { $0.type ?? "?" }.joined(separator: " | ")
        }
        return types
    }

    @Test func typesWrittenOrEvidentAreRead() throws {
        let types = try Self.types(Self.source)
        let expected = [
            "tier": "Tier", "deductible": "Money", "copay": "Money", "sum": "Money", "smaller": "Money",
            "sure": "Money",
            "big": "Bool", "label": "String", "count": "Int", "maybe": "Tier?", "year": "Int", "made": "Money",
            "written": "Double",
            "plan": "Plan", "allowed": "Money | Money", "total": "Int",
        ]
        for (name, type) in expected {
            #expect(types[name] == type, "\(name)")
        }
        #expect(types["counted"] == "?", "a standard library member is not read")
        #expect(types["zero"] == "?", "an implicit member has the type of its context, which is not read")
        #expect(types["bonus"] == "Money? | ?", "the parameter, then the name `if let` binds, whose type is not read")
    }

    @Test func declarationsKeepOnlyWhatIsWrittenOnce() throws {
        let source = """
            struct Account {
                enum Request { case open }
                public private(set) var posted: Int
                var request: Request
                var doubled: Int { posted * 2 }
                static func make() -> Self { Account(posted: 0, request: .open) }
            }
            struct Service { enum Request { case close } }
            """
        let declarations = SwiftDeclarations([SwiftStructure(tokens: try SwiftLexer.tokens(of: source))])
        #expect(declarations.member("posted", of: "Account") == .init(type: "Int", isStored: true, isStatic: false))
        #expect(
            declarations.member("doubled", of: "Account") == .init(type: "Int", isStored: false, isStatic: false),
            "computed: not stored")
        #expect(
            declarations.member("make(", of: "Account") == .init(type: "Account", isStored: false, isStatic: true),
            "Self is the type")
        #expect(declarations.member("open", of: "Request") == nil, "two types named Request: neither is read")
        #expect(
            declarations.mentionsNestedType("Request", of: "Account"),
            "read from elsewhere, Account's Request is another type")
    }
}
