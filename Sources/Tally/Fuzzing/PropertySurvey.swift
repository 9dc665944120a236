import Foundation

#if os(Linux)
import Glibc
#endif

/// What a run of a test binary says about the properties its tests hold, so that `tally fuzz` and
/// `tally replay` know them without a catalog: with ``variable`` naming a file, every `forAll` and
/// ``Property/verify(sourceLocation:)`` appends one line of JSON to it, naming itself and its test, and
/// returns without searching (the run only finds the properties).
package struct PropertySurvey {
    /// The environment variable naming the file a test run appends its properties to.
    package static let variable = "TALLY_TEST_SURVEY"

    /// One property as a test ran it.
    package struct Entry: Codable, Sendable, Equatable {
        /// The property's id, as its replay tokens and saved failures know it.
        package var id: String
        /// The names `--property` selects it by besides its id: its test function's name.
        package var aliases: [String]
        /// The test's `Test.ID`, as `--filter ^…$` runs it alone.
        package var testID: String
        /// The filter `swift test --filter` takes for the test, as a replay line prints it.
        package var filter: String
        /// Where the property is: `Module/File.swift:12`.
        package var place: String

        package init(id: String, aliases: [String], testID: String, filter: String, place: String) {
            (self.id, self.aliases, self.testID, self.filter, self.place) = (id, aliases, testID, filter, place)
        }
    }

    /// The file this test run appends to, if it was asked for a survey.
    static let path: String? = ProcessInfo.processInfo.environment[variable]

    /// Whether this test run only finds its properties.
    static var isSurveying: Bool { path != nil }

    /// Appends `entry` to the survey file: one `write` of one line, whole even when tests run at once.
    static func record(_ entry: Entry) {
        guard let path, let json = try? JSONEncoder().encode(entry) else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array(json) + [10]
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The entries of a survey file, the first of each id kept (a parameterized test meets its
    /// property once per argument).
    package static func entries(in text: String) -> [Entry] {
        var entries: [Entry] = []
        for line in text.split(separator: "\n") {
            guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line.utf8)) else { continue }
            if !entries.contains(where: { $0.id == entry.id }) { entries.append(entry) }
        }
        return entries
    }
}
