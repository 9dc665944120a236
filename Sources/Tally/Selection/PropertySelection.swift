/// Which properties a run checks: those named (`TALLY_PROPERTY`, `--property`), those of a spec
/// (`--spec`), the one that owns a replay token (`TALLY_REPLAY`). An empty selection selects all.
///
/// Selectors of one kind add up (any name selects); kinds narrow each other (a name *and* a spec).
/// A selector that selects nothing is an error naming the nearest names: green must mean checked.
///
/// ```swift
/// let selection = PropertySelection([.init(.name("claims/no amount is ever negative"), from: "--property")])
/// selection.selects(SelectableProperty(id: "no amount is ever negative", spec: "claims"))  // true
/// ```
public struct PropertySelection: Sendable, Hashable {
    /// The selectors, in the order given.
    public var selectors: [PropertySelector]

    /// A selection of `selectors`; none selects every property.
    public init(_ selectors: [PropertySelector] = []) {
        self.selectors = selectors
    }

    /// Whether the selection selects every property.
    public var isEmpty: Bool { selectors.isEmpty }

    /// Whether `property` is selected: for each kind of selector given, one of that kind matches it.
    public func selects(_ property: SelectableProperty) -> Bool {
        let matching = Set(selectors.filter { $0.matches(property) }.map(\.kind.order))
        return Set(selectors.map(\.kind.order)).isSubset(of: matching)
    }

    /// Why the selection is wrong, one message per mistake, given every property the run knows, the
    /// selectors that matched one, and whether any was selected. `scope`: `"of this test run"`, say.
    public func problems(known: [SelectableProperty], matched: Set<PropertySelector>, selectedAny: Bool, scope: String)
        -> [String]
    {
        let unmatched = selectors.filter { !matched.contains($0) }
        let messages = unmatched.map { $0.problem(known: known, scope: scope) }
        if messages.isEmpty, !selectors.isEmpty, !selectedAny {
            let given = selectors.map(\.shown).joined(separator: " and ")
            return ["\(given) select no property together: each matches a property, but never the same one"]
        }
        return messages
    }
}

/// One selector: a property's name, a spec's name or a replay token, and where it came from.
public struct PropertySelector: Sendable, Hashable {
    /// What the selector asks for.
    public enum Kind: Sendable, Hashable {
        /// A property's name, or `spec/name`.
        case name(String)
        /// A spec's name: every property of it.
        case spec(String)
        /// The property that owns this token.
        case token(ReplayToken)

        var order: Int {
            switch self {
            case .name: 0
            case .spec: 1
            case .token: 2
            }
        }
    }

    /// What the selector asks for.
    public var kind: Kind
    /// Where it came from, as the person typed it: `TALLY_PROPERTY`, `--property`, `--spec`, `TALLY_REPLAY`.
    public var source: String

    /// A selector asking for `kind`, given as `source`.
    public init(_ kind: Kind, from source: String) {
        self.kind = kind
        self.source = source
    }

    /// Whether this selector alone matches `property`.
    public func matches(_ property: SelectableProperty) -> Bool {
        switch kind {
        case .name(let name): property.names.contains(name)
        case .spec(let spec): property.spec == spec
        case .token(let token): token.belongs(to: property.id)
        }
    }

    /// The selector as it was given: `TALLY_PROPERTY="…"` or `--spec "…"`.
    var shown: String {
        let separator = source.hasPrefix("-") ? " " : "="
        switch kind {
        case .name(let value), .spec(let value): return "\(source)\(separator)\"\(value)\""
        case .token(let token): return "\(source)\(separator)\(token)"
        }
    }

    func problem(known: [SelectableProperty], scope: String) -> String {
        switch kind {
        case .name(let name):
            var shownAs: [String: String] = [:]
            for property in known { for name in property.names { shownAs[name] = property.displayName } }
            var near: [String] = []
            for found in nearestNames(to: name, among: Array(shownAs.keys), limit: 6)
            where !near.contains(shownAs[found]!) {
                near.append(shownAs[found]!)
            }
            near = Array(near.prefix(3))
            return "\(shown) names no property \(scope)" + suggestion(near, fallback: known.map(\.displayName))
                + " Names match exactly, as \"name\" or \"spec/name\"."
        case .spec(let spec):
            let specs = Array(Set(known.compactMap(\.spec))).sorted()
            let near = nearestNames(to: spec, among: specs)
            return "\(shown) names no spec \(scope)" + suggestion(near, fallback: specs)
        case .token(let token):
            return
                "\(shown) belongs to no property \(scope) "
                + "(its property hash is \(token.propertyHash)): the property was "
                + "renamed or removed, or it is not part of this run"
                + suggestion([], fallback: known.map(\.displayName))
        }
    }

    private func suggestion(_ near: [String], fallback: [String]) -> String {
        if !near.isEmpty { return ". Did you mean \(quotedList(near))?" }
        let names = Array(Set(fallback)).sorted()
        guard !names.isEmpty else { return ": no property ran at all." }
        let shown = names.prefix(5)
        return
            ". \(names.count == 1 ? "The one there is" : "Those there include") "
            + "\(quotedList(Array(shown), conjunction: "and"))"
            + (names.count > shown.count ? " and \(names.count - shown.count) more." : ".")
    }
}

/// What a selector can match a property by: its identity, its spec's name, and other names it answers to.
public struct SelectableProperty: Sendable, Hashable {
    /// The property's identity (its name).
    public var id: String
    /// The spec the property belongs to, if it is part of a ``PropertySuite``.
    public var spec: String?
    /// Other names it answers to, such as the test function of a ``forAll(_:name:fileID:function:sourceLocation:_:)``.
    public var aliases: [String]

    /// A property named `id`, of `spec`, also answering to `aliases`.
    public init(id: String, spec: String? = nil, aliases: [String] = []) {
        self.id = id
        self.spec = spec
        self.aliases = aliases
    }

    /// Every name a selector may use: `id`, `spec/id`, the aliases.
    public var names: [String] { [id] + (spec.map { ["\($0)/\(id)"] } ?? []) + aliases }

    /// The name to show: `spec/id`, or the first alias of an unnamed `forAll`, or `id`.
    var displayName: String { spec.map { "\($0)/\(id)" } ?? aliases.first ?? id }
}
