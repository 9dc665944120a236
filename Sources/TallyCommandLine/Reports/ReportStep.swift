import Foundation

/// The step of a night that wrote a report file, known by the marker Tally's reports carry; the steps
/// are in the order `Scripts/nightly-fuzz.sh` runs them. A run clears from its report folders what an
/// earlier run wrote at its own step and at the steps after it (``ReportFolder``).
enum ReportStep: Int, Comparable {
    /// `tally fuzz --report`: Markdown under `# Tally nightly fuzz`, JSON with `seed` and `properties`,
    /// JUnit whose suite is `tally fuzz`.
    case fuzz
    /// `tally mutate --report`: Markdown under `# Tally mutation analysis`, JSON with `command`,
    /// `mutants` and `mutants_per_minute`, JUnit whose suites are `mutate TARGET`.
    case mutation
    /// `tally check`, `tally tables run` and `tally report`: Markdown under `# Tally report`, other
    /// JUnit, and the HTML report's pages.
    case check

    static func < (left: ReportStep, right: ReportStep) -> Bool { left.rawValue < right.rawValue }

    /// The step that wrote the file at `path`, by its marker; `nil` when Tally did not write it.
    init?(reportAt path: String) {
        if path.hasSuffix(".json") {
            // The whole file: a JSON report's keys are sorted, so they may come late.
            guard let data = FileManager.default.contents(atPath: path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            let keys = Set(object.keys)
            if keys.isSuperset(of: ["seed", "properties"]) {
                self = .fuzz
            } else if keys.isSuperset(of: ["command", "mutants", "mutants_per_minute"]) {
                self = .mutation
            } else {
                return nil
            }
            return
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let start = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        switch String(start.prefix { $0 != "\n" && $0 != "\r" }) {
        case "# Tally nightly fuzz": self = .fuzz
        case "# Tally mutation analysis": self = .mutation
        case "# Tally report": self = .check
        default:
            if start.contains(ReportPlace.xmlMarker) {
                self =
                    start.contains("<testsuite name=\"tally fuzz\"")
                    ? .fuzz : start.contains("<testsuite name=\"mutate ") ? .mutation : .check
            } else if start.contains(ReportPlace.htmlMarker)
                // Pages written before the marker: their footer names the report.
                || (path.hasSuffix(".html")
                    && String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
                        .contains("<footer>Tally requirements report ·"))
            {
                self = .check
            } else {
                return nil
            }
        }
    }
}
