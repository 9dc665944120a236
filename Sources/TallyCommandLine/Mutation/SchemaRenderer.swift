/// Rewrites one file with every mutant of its sites compiled in, each guarded by the mutant switch
/// (`_tallyMutant`); line breaks and comments are kept. An operator becomes one of its own in the same
/// precedence group (`a +⊕⊗ b * c`), so the expression keeps its shape and the type checker sees one
/// overload; other sites call the helpers of ``SchemaSupport``, and statements become an `if` on the switch.
struct SchemaRenderer {
    let source: [UInt8]
    let tokens: [SwiftToken]
    let sites: [MutationSite]
    private(set) var nextID: Int
    /// The first mutant id of each site, by site index, for the sites that were rendered.
    private(set) var firstIDs: [Int: Int] = [:]
    /// Byte ranges of the output that each site's schema occupies, innermost last.
    private(set) var spans: [(bytes: Range<Int>, site: Int)] = []
    /// The operators of its own each operator site was given: id, original and mutated spelling, and
    /// how many dropped clauses follow (ids `id + 1`, `id + 2`).
    private(set) var operators: [SchemaSupport.Operator] = []
    private var output: [UInt8] = []
    private let siteStarts: [Int: [Int]]

    init(source: String, tokens: [SwiftToken], sites: [MutationSite], firstID: Int) {
        self.source = Array(source.utf8)
        self.tokens = tokens
        self.sites = sites
        self.nextID = firstID
        siteStarts = Dictionary(grouping: sites.indices, by: { sites[$0].range.lowerBound })
    }

    mutating func render() -> String {
        guard let last = tokens.last else { return String(decoding: source, as: UTF8.self) }
        output = Array(source[0..<tokens[0].range.lowerBound])
        renderTokens(0..<tokens.count, overrides: [:], active: [])
        output += source[last.range.upperBound...]
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func renderTokens(_ range: Range<Int>, overrides: [Int: String], active: Set<Int>) {
        var position = range.lowerBound
        while position < range.upperBound {
            if let site = siteStarts[position]?.first(where: {
                !active.contains($0) && sites[$0].range.upperBound <= range.upperBound
            }) {
                renderSite(site, overrides: overrides, active: active)
                position = sites[site].range.upperBound
            } else {
                if let text = overrides[position] {
                    output += Array(text.utf8)
                } else {
                    output += source[tokens[position].range]
                }
                position += 1
            }
            if position < range.upperBound {
                output += source[tokens[position - 1].range.upperBound..<tokens[position].range.lowerBound]
            }
        }
    }

    private mutating func text(_ string: String) {
        output += Array(string.utf8)
    }

    private mutating func renderSite(_ index: Int, overrides: [Int: String], active: Set<Int>) {
        let site = sites[index]
        // A site rendered twice (inside both branches of a swap) keeps its ids.
        let first = firstIDs[index] ?? nextID
        if firstIDs[index] == nil { nextID += site.mutants.count }
        firstIDs[index] = first
        let start = output.count
        var inner = active
        inner.insert(index)
        switch site.form {
        case .operatorToken(let mutated, let drops):
            let original = tokens[site.range.lowerBound].text
            text(original + SchemaSupport.operatorSuffix(first))
            if !operators.contains(where: { $0.id == first }) { operators.append((first, original, mutated, drops)) }
        case .pick(let value, let variants):
            text("_tallyPick\(variants.count)(\(first), ")
            renderTokens(value, overrides: overrides, active: inner)
            text(", " + variants.joined(separator: ", ") + ")")
        case .minMax(let arguments, let isMin):
            text(isMin ? "_tallyMin(\(first), " : "_tallyMax(\(first), ")
            renderTokens(arguments, overrides: overrides, active: inner)
            text(")")
        case .statement(let swapOperator, let swapped, let removable):
            var id = first
            if let swapOperator, let swapped {
                text("if _tallyMutant == \(id) { ")
                renderTokens(site.range, overrides: overrides.merging([swapOperator: swapped]) { $1 }, active: inner)
                text(" } else ")
                id += 1
            }
            text(removable ? "if _tallyMutant != \(id) { " : "{ ")
            renderTokens(site.range, overrides: overrides, active: inner)
            text(" }")
        case .swaps(let statements, let pairs):
            for (offset, swapped) in pairs.enumerated() {
                var order = Array(statements.indices)
                order.swapAt(swapped, swapped + 1)
                text("if _tallyMutant == \(first + offset) { ")
                for (position, statement) in order.enumerated() {
                    if position > 0 { text("; ") }
                    renderTokens(statements[statement], overrides: overrides, active: inner)
                }
                text(" } else ")
            }
            text("{ ")
            renderTokens(site.range, overrides: overrides, active: inner)
            text(" }")
        case .sortOrder(let receiver):
            text("_tallyPick2(\(first), ")
            renderTokens(site.range, overrides: overrides, active: inner)
            text(", Array((")
            renderTokens(site.range, overrides: overrides, active: inner)
            text(").reversed()), Array(")
            renderTokens(receiver, overrides: overrides, active: inner)
            text("))")
        }
        spans.append((start..<output.count, index))
    }
}
