/// A horizontal bar chart in inline SVG: one bar per label, its share of the cases, and for a label a
/// `cover` call requires, a mark at the required share (the bar is red when it falls short).
struct BarChart {
    struct Bar {
        var label: String
        var count: Int
        /// The least share required, in percent, if a `cover` call requires one.
        var required: Double?
    }

    var title: String
    var bars: [Bar]
    var cases: Int

    /// The bars of a run's labels, most frequent first.
    init(title: String, counts: [String: Int], required: [String: Double] = [:], cases: Int) {
        self.title = title
        self.cases = cases
        bars = Set(counts.keys).union(required.keys)
            .map { Bar(label: $0, count: counts[$0, default: 0], required: required[$0]) }
            .sorted { ($0.count, $1.label) > ($1.count, $0.label) }
    }

    static let width = 420.0, rowHeight = 34.0

    var svg: String {
        guard !bars.isEmpty, cases > 0 else { return "<p class=\"meta\">No labels.</p>" }
        let height = Double(bars.count) * Self.rowHeight
        var svg =
            "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(Int(Self.width)) "
            + "\(Int(height))\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\">"
        svg += "<title>\(title.htmlEscaped)</title>"
        for (index, bar) in bars.enumerated() {
            let top = Double(index) * Self.rowHeight
            let share = Double(bar.count) * 100 / Double(cases)
            let short = bar.required.map { share < $0 } ?? false
            var caption = "\(Self.shortened(bar.label)) — \(Self.number(share))% (\(bar.count) of \(cases))"
            if let required = bar.required {
                caption += short ? ", needs ≥ \(Self.number(required))% ✘" : ", needs ≥ \(Self.number(required))%"
            }
            svg += "<g class=\"entry\" data-label=\"\(bar.label.htmlEscaped)\"><title>\(bar.label.htmlEscaped)</title>"
            svg += "<text x=\"0\" y=\"\(Self.number(top + 12))\">\(caption.htmlEscaped)</text>"
            svg +=
                "<rect class=\"track\" x=\"0\" y=\"\(Self.number(top + 17))\" "
                + "width=\"\(Int(Self.width))\" height=\"12\"/>"
            svg +=
                "<rect class=\"bar\(short ? " short" : "")\" x=\"0\" y=\"\(Self.number(top + 17))\" "
                + "width=\"\(Self.number(Self.width * min(share, 100) / 100))\" height=\"12\"/>"
            if let required = bar.required {
                let x = Self.number(Self.width * min(required, 100) / 100)
                svg +=
                    "<line class=\"need\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(Self.number(top + 14))\" "
                    + "y2=\"\(Self.number(top + 32))\"/>"
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }

    static func shortened(_ label: String) -> String {
        label.count <= 48 ? label : label.prefix(47) + "…"
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
