import Foundation
import Tally

/// The lines changed since a git revision, per file relative to the package root: what
/// `tally mutate --since REF` mutates. Files git does not track yet count as changed throughout.
enum ChangedLines {
    static func since(_ revision: String, root: String) throws -> [String: Set<Int>] {
        let diff = try ChildRun.run([
            "/usr/bin/env", "git", "-C", root, "diff", "--relative", "--unified=0", "--no-color", revision, "--", ".",
        ])
        guard diff.succeeded else {
            throw MutationError(
                "--since \(revision): git cannot compare with it: \(diff.output.split(separator: "\n").first ?? "")")
        }
        var changed = parse(diff.output)
        let untracked = try ChildRun.run([
            "/usr/bin/env", "git", "-C", root, "ls-files", "--others", "--exclude-standard", "--", ".",
        ])
        for path in untracked.output.split(separator: "\n") where path.hasSuffix(".swift") {
            let text = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
            changed[String(path)] = Set(1...max(text.split(separator: "\n", omittingEmptySubsequences: false).count, 1))
        }
        return changed
    }

    /// Added and changed lines of a `git diff --unified=0`, by the new file's path.
    static func parse(_ diff: String) -> [String: Set<Int>] {
        var changed: [String: Set<Int>] = [:]
        var file: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                let path = line.dropFirst(4)
                file = path == "/dev/null" ? nil : String(path.hasPrefix("b/") ? path.dropFirst(2) : path)
            } else if line.hasPrefix("@@"), let file,
                let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") })
            {
                let numbers = plus.dropFirst().split(separator: ",").compactMap { Int($0) }
                guard let start = numbers.first else { continue }
                let count = numbers.count > 1 ? numbers[1] : 1
                if count > 0 { changed[file, default: []].formUnion(start..<(start + count)) }
            }
        }
        return changed
    }
}
