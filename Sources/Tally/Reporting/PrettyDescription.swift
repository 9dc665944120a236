import Foundation

/// A readable description of any value, for counterexamples.
///
/// Types with their own `description` use it; other structs, classes, enums and tuples are spelled out
/// field by field, on indented lines when they do not fit on one. A `Date` adds the exact expression that
/// makes it, whose fractions of a second its own description drops.
///
/// ```swift
/// struct Visit { var allowed: Int; var copay: Int }
/// prettyDescription(of: Visit(allowed: 10_000, copay: 2_500))  // "Visit(allowed: 10000, copay: 2500)"
/// ```
public func prettyDescription(of value: Any, width: Int = 100) -> String {
    PrettyPrinter(width: width).describe(value, indent: "")
}

private struct PrettyPrinter {
    let width: Int

    func describe(_ value: Any, indent: String) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped, indent: indent)
        case .collection, .set:
            if let custom = customDescription(value), mirror.children.isEmpty { return custom }
            let parts = mirror.children.map { describe($0.value, indent: indent + "  ") }
            return layout(open: "[", parts: parts, close: "]", indent: indent)
        case .dictionary:
            let parts = mirror.children.map { child -> String in
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                guard pair.count == 2 else { return describe(child.value, indent: indent + "  ") }
                return describe(pair[0], indent: indent + "  ") + ": " + describe(pair[1], indent: indent + "  ")
            }
            return parts.isEmpty ? "[:]" : layout(open: "[", parts: parts, close: "]", indent: indent)
        case .tuple:
            let parts = fields(
                of: mirror, indent: indent, labelled: mirror.children.contains { !isPositional($0.label) })
            return layout(open: "(", parts: parts, close: ")", indent: indent)
        case .struct, .class:
            if let custom = customDescription(value, indent: indent) { return custom }
            let name = String(describing: type(of: value))
            return layout(
                open: name + "(", parts: fields(of: mirror, indent: indent, labelled: true), close: ")", indent: indent)
        case .enum:
            if let custom = customDescription(value, indent: indent) { return custom }
            guard let payload = mirror.children.first else { return "." + String(describing: value) }
            let inner = describe(payload.value, indent: indent)
            let wrapped = inner.hasPrefix("(") ? inner : "(" + inner + ")"
            return "." + (payload.label ?? "") + wrapped
        default:
            return customDescription(value, indent: indent) ?? String(describing: value)
        }
    }

    /// `value`'s own description, its later lines indented like its first, which the caller indents.
    func customDescription(_ value: Any, indent: String) -> String? {
        customDescription(value).map { $0.replacingOccurrences(of: "\n", with: "\n" + indent) }
    }

    func customDescription(_ value: Any) -> String? {
        if let text = value as? String { return literal(text) }
        if let character = value as? Character { return literal(String(character)) }
        if let date = value as? Date {
            // Foundation describes dates before year 1 as "<description unavailable>": then the expression alone.
            let exact = "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
            return date.description.hasPrefix("<") ? exact : "\(date.description) (\(exact))"
        }
        if let debug = value as? any CustomDebugStringConvertible { return debug.debugDescription }
        if let plain = value as? any CustomStringConvertible { return plain.description }
        return nil
    }

    /// `text` as a Swift literal; with every scalar beyond ASCII written `\u{…}` when one of them does not
    /// show for itself (a mark, a joiner, a control, a conjoining jamo…), so that `"\u{AC00}\u{11A8}"` is
    /// not printed as the 각 it renders as.
    func literal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Self.isInvisibleAlone) else { return text.debugDescription }
        let escaped = text.unicodeScalars.map { scalar in
            scalar.isASCII
                ? String(scalar).debugDescription.dropFirst().dropLast()
                : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return "\"" + escaped.joined() + "\""
    }

    static func isInvisibleAlone(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .privateUse, .unassigned,
            .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate:
            return true
        default:
            return (0x1100...0x11FF).contains(scalar.value) || (0xA960...0xA97F).contains(scalar.value)
                || (0xD7B0...0xD7FF).contains(scalar.value) || scalar.properties.isNoncharacterCodePoint
        }
    }

    func fields(of mirror: Mirror, indent: String, labelled: Bool) -> [String] {
        mirror.children.map { child in
            let text = describe(child.value, indent: indent + "  ")
            guard labelled, let label = child.label, !isPositional(label) else { return text }
            return label + ": " + text
        }
    }

    func isPositional(_ label: String?) -> Bool {
        guard let label else { return true }
        return label.hasPrefix(".") && label.dropFirst().allSatisfy(\.isNumber)
    }

    func layout(open: String, parts: [String], close: String, indent: String) -> String {
        let oneLine = open + parts.joined(separator: ", ") + close
        if oneLine.count + indent.count <= width, !oneLine.contains("\n") { return oneLine }
        let inner = indent + "  "
        return open + "\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + close
    }
}
