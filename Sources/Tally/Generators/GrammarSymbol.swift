/// One part of an alternative of a grammar rule given to ``Gen/grammar(start:depth:rules:fileID:line:)``:
/// text written as is, another rule, a string from a generator, or a rule repeated.
///
/// A string literal is a ``literal(_:)``: `["[", .rule("items"), "]"]` is an opening bracket, the
/// expansion of the rule `items`, and a closing bracket. It may interpolate, as a rule per element name
/// is written: `["<\(name)>", .rule("text"), "</\(name)>"]`.
public enum GrammarSymbol: Sendable, ExpressibleByStringInterpolation {
    /// Text written as it is.
    case literal(String)
    /// An expansion of the rule with this name.
    case rule(String)
    /// A string drawn from a generator, such as a field's text or a number; it shrinks as the
    /// generator's strings do.
    case generated(any Generator<String>)
    /// As many expansions of the rule named, one after another, as a length in the range: each is one
    /// element the shrinker can delete. A repetition does not count toward the grammar's depth; the
    /// rule it repeats does if it is recursive. Past the depth a repetition that may be empty makes nothing.
    case repeated(String, ClosedRange<Int>)

    /// A literal.
    public init(stringLiteral value: String) {
        self = .literal(value)
    }

    /// The name of the rule this symbol expands, if it expands one.
    var ruleName: String? {
        switch self {
        case .rule(let name), .repeated(let name, _): name
        case .literal, .generated: nil
        }
    }

    /// The symbol as it is written in Swift, to name an alternative in a message.
    var source: String {
        switch self {
        case .literal(let text): String(reflecting: text)
        case .rule(let name): ".rule(\(String(reflecting: name)))"
        case .generated: ".generated(…)"
        case .repeated(let name, let length): ".repeated(\(String(reflecting: name)), \(length))"
        }
    }
}
