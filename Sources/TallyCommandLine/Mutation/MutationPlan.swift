import Foundation

/// The mutants of one run: the sites of every file of the mutated targets, numbered from 1, and
/// their schemata rendered for the scratch copy. A site whose schema does not compile is dropped
/// and its mutants are counted as "did not compile".
struct MutationPlan {
    struct File {
        var target: String
        /// Relative to the package root.
        var path: String
        var bytes: [UInt8]
        var tokens: [SwiftToken]
        var sites: [MutationSite]
        /// The folder of the file, where its target's support file goes.
        var directory: String { path.split(separator: "/").dropLast().joined(separator: "/") }

        func mutant(_ change: MutationSite.Change, id: Int) -> Mutant {
            Mutant(id: id, target: target, file: path, token: tokens[change.anchor], change: change, source: bytes)
        }
    }

    /// A site: its file's index and its index among the file's sites.
    struct SiteID: Hashable {
        var file: Int
        var site: Int
    }

    /// What one rendering produced: the files to write, where each site's schema is, and the mutants.
    struct Rendering {
        /// Relative path → text, for every file of the mutated targets and each target's support file.
        var files: [String: String] = [:]
        /// Relative path → the spans of each site's schema in the rendered text.
        var spans: [String: [(bytes: Range<Int>, site: SiteID)]] = [:]
        var mutants: [Mutant] = []
        var siteOfMutant: [Int: SiteID] = [:]
    }

    var files: [File] = []
    var dropped: Set<SiteID> = []
    /// The compiler's message that dropped each site, where known.
    var dropReasons: [SiteID: String] = [:]
    /// Per target, the types of its own that declare `+ - * /`.
    var operatorTypes: [String: [String: Set<String>]] = [:]
    /// Types whose conformance to a helper protocol did not compile, per target.
    var refusedTypes: [String: Set<String>] = [:]

    /// The sites of `targets`' files; with `changedLines`, only sites on those lines of those files.
    init(targets: [String], package: PackageTargets, changedLines: [String: Set<Int>]?) throws {
        for target in targets {
            var catalogs: [(path: String, text: String, catalog: MutationCatalog)] = []
            for path in package.sourceFiles(of: target) {
                let text = try String(contentsOfFile: package.root + "/" + path, encoding: .utf8)
                do {
                    catalogs.append((path, text, MutationCatalog(tokens: try SwiftLexer.tokens(of: text))))
                } catch {
                    throw MutationError(
                        "\(path):\(error.line):\(error.column): \(error.message); tally mutate cannot read this file")
                }
            }
            // A name's type may be declared in another file of the target: `line.network` in ClaimLine.swift.
            let declarations = SwiftDeclarations(catalogs.map(\.catalog.structure))
            operatorTypes[target] = declarations.operatorTypes
            for (path, text, var catalog) in catalogs {
                catalog.declarations = declarations
                var sites = catalog.allSites()
                if let changedLines {
                    let lines = changedLines[path] ?? []
                    sites = sites.filter { site in
                        site.mutants.contains { lines.contains(catalog.tokens[$0.anchor].line) }
                    }
                }
                files.append(
                    File(target: target, path: path, bytes: Array(text.utf8), tokens: catalog.tokens, sites: sites))
            }
        }
    }

    /// Renders every file with the sites not dropped, numbering mutants from 1.
    func render() -> Rendering {
        var rendering = Rendering()
        var nextID = 1
        var operators: [String: [SchemaSupport.Operator]] = [:]
        for (fileIndex, file) in files.enumerated() {
            let kept = file.sites.indices.filter { !dropped.contains(SiteID(file: fileIndex, site: $0)) }
            let source = String(decoding: file.bytes, as: UTF8.self)
            var renderer = SchemaRenderer(
                source: source, tokens: file.tokens, sites: kept.map { file.sites[$0] }, firstID: nextID)
            rendering.files[file.path] = renderer.render()
            rendering.spans[file.path] = renderer.spans.map { ($0.bytes, SiteID(file: fileIndex, site: kept[$0.site])) }
            operators[file.target, default: []] += renderer.operators
            for (renderedIndex, first) in renderer.firstIDs.sorted(by: { $0.value < $1.value }) {
                let site = file.sites[kept[renderedIndex]]
                for (offset, change) in site.mutants.enumerated() {
                    let mutant = file.mutant(change, id: first + offset)
                    rendering.mutants.append(mutant)
                    rendering.siteOfMutant[mutant.id] = SiteID(file: fileIndex, site: kept[renderedIndex])
                }
            }
            nextID = renderer.nextID
        }
        for target in Set(files.map(\.target)) {
            guard let directory = files.first(where: { $0.target == target })?.directory else { continue }
            let types = operatorTypes[target] ?? [:]
            let refused = refusedTypes[target] ?? []
            let addable = types.filter { $0.value.isSuperset(of: ["+", "-"]) && !refused.contains($0.key) }.keys
                .sorted()
            let multipliable = types.filter { $0.value.isSuperset(of: ["*", "/"]) && !refused.contains($0.key) }.keys
                .sorted()
            rendering.files[directory + "/" + SchemaSupport.fileName] = SchemaSupport.source(
                operators: operators[target] ?? [], addable: addable, multipliable: multipliable)
        }
        return rendering
    }

    /// Drops what a compiler error at `path:line:column` of `rendering` points at: the innermost
    /// site there, or every site on that line, or a support file's conformance. Returns false when
    /// the error belongs to no mutant.
    mutating func drop(errorIn path: String, line: Int, column: Int, message: String, rendering: Rendering) -> Bool {
        if path.hasSuffix("/" + SchemaSupport.fileName), let text = rendering.files[path] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard line - 1 < lines.count, lines[line - 1].hasPrefix("extension "),
                let target = files.first(where: { path.hasPrefix($0.directory + "/") })?.target
            else { return false }
            let type = lines[line - 1].dropFirst("extension ".count).prefix { $0 != ":" }
            return refusedTypes[target, default: []].insert(String(type)).inserted
        }
        guard let text = rendering.files[path], let spans = rendering.spans[path] else { return false }
        let offset = Self.offset(ofLine: line, column: column, in: text)
        var sites =
            spans.filter { $0.bytes.contains(offset) }.min(by: { $0.bytes.count < $1.bytes.count }).map { [$0.site] }
            ?? []
        if sites.isEmpty {
            let lineRange =
                Self.offset(ofLine: line, column: 1, in: text)..<Self.offset(ofLine: line + 1, column: 1, in: text)
            sites = spans.filter { $0.bytes.overlaps(lineRange) }.map(\.site)
        }
        var dropped = false
        for site in sites where self.dropped.insert(site).inserted {
            dropReasons[site] = message
            dropped = true
        }
        return dropped
    }

    static func offset(ofLine line: Int, column: Int, in text: String) -> Int {
        var offset = 0
        var current = 1
        for byte in text.utf8 {
            if current == line { break }
            offset += 1
            if byte == UInt8(ascii: "\n") { current += 1 }
        }
        return offset + column - 1
    }

    /// The mutants of the dropped sites, with the compiler's reason, for the "did not compile" count.
    var droppedMutants: [(mutant: Mutant, reason: String?)] {
        dropped.sorted { ($0.file, $0.site) < ($1.file, $1.site) }.flatMap { id in
            files[id.file].sites[id.site].mutants.map { (files[id.file].mutant($0, id: 0), dropReasons[id]) }
        }
    }
}
