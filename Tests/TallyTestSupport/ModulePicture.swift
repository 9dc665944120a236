import Foundation

/// The picture of the architecture page (`Sources/Tally/Tally.docc/Resources/modules.svg`), drawn from
/// its text source, `Package.swift`: every module of the package in a row by its depth (a module sits
/// above everything it imports), an arrow from each module to each it may import. Drawn from the
/// manifest, the picture cannot say what the build does not.
public enum ModulePicture {
    /// A target of the manifest and the targets it depends on.
    public struct Module: Equatable {
        public var name: String
        public var imports: [String]
    }

    /// The `.target` and `.executableTarget` entries of `manifest` (not the test targets).
    public static func modules(inManifest manifest: String) -> [Module] {
        let pattern = /\.(?:executableTarget|target)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/
        return manifest.matches(of: pattern).compactMap { match in
            let name = String(match.1)
            guard !name.hasSuffix("Support") else { return nil }
            let imports = (match.2.map(String.init) ?? "").matches(of: /"([^"]+)"/).map { String($0.1) }
            return Module(name: name, imports: imports)
        }
    }

    /// The SVG text of the picture of `modules`.
    public static func svg(_ modules: [Module]) -> String {
        var depth: [String: Int] = [:]
        func depthOf(_ name: String) -> Int {
            if let known = depth[name] { return known }
            let imports = modules.first { $0.name == name }?.imports ?? []
            let value = imports.map { depthOf($0) + 1 }.max() ?? 0
            depth[name] = value
            return value
        }
        let rows = Dictionary(grouping: modules.map(\.name), by: depthOf).sorted { $0.key > $1.key }.map {
            $0.value.sorted()
        }
        let (boxWidth, boxHeight, gap, rowGap) = (170, 30, 14, 56)
        let width = (rows.map(\.count).max() ?? 1) * (boxWidth + gap) + gap
        var place: [String: (x: Int, y: Int)] = [:]
        for (row, names) in rows.enumerated() {
            // Under the modules that import it, on average: fewer arrows cross.
            let importers = { (name: String) -> Double in
                let xs = modules.filter { $0.imports.contains(name) }.compactMap { place[$0.name].map { Double($0.x) } }
                return xs.isEmpty ? 0 : xs.reduce(0, +) / Double(xs.count)
            }
            let ordered = names.sorted { (importers($0), $0) < (importers($1), $1) }
            let start = (width - names.count * (boxWidth + gap) + gap) / 2
            for (column, name) in ordered.enumerated() {
                place[name] = (start + column * (boxWidth + gap), gap + row * (boxHeight + rowGap))
            }
        }
        let height = gap + rows.count * (boxHeight + rowGap) - rowGap + gap
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "font-family=\"-apple-system, Helvetica, sans-serif\" font-size=\"13\">",
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" "
                + "markerHeight=\"7\" orient=\"auto\">"
                + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#667\"/></marker></defs>",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
        ]
        for module in modules.sorted(by: { $0.name < $1.name }) {
            guard let from = place[module.name] else { continue }
            for target in module.imports.sorted() {
                guard let to = place[target] else { continue }
                lines.append(
                    "<line x1=\"\(from.x + boxWidth / 2)\" y1=\"\(from.y + boxHeight)\" "
                        + "x2=\"\(to.x + boxWidth / 2)\" y2=\"\(to.y)\" "
                        + "stroke=\"#889\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>")
            }
        }
        for (name, point) in place.sorted(by: { $0.key < $1.key }) {
            let engine = !name.hasPrefix("Tally") && !name.hasSuffix("Spec") && name != "tally" && name != "DollarText"
            let fill = name.hasSuffix("Spec") ? "#eef6ee" : engine ? "#fdf3e6" : "#e9eefb"
            lines.append(
                "<rect x=\"\(point.x)\" y=\"\(point.y)\" width=\"\(boxWidth)\" height=\"\(boxHeight)\" rx=\"6\" "
                    + "fill=\"\(fill)\" stroke=\"#556\"/>"
            )
            lines.append(
                "<text x=\"\(point.x + boxWidth / 2)\" y=\"\(point.y + 20)\" text-anchor=\"middle\">\(name)</text>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
