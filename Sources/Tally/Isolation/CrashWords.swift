import Foundation

/// What a crashed Swift process's standard error says about its death: the runtime's message
/// ("Fatal error: …", "Swift runtime failure: …") and, when the backtracer ran, where it crashed.
package enum CrashWords {
    /// The message and the place, a line each; `nil` when `errors` holds neither.
    package static func read(_ errors: String) -> String? {
        let lines = errors.split(separator: "\n")
        let message = lines.first { line in
            !line.contains(" 0x")
                && [
                    "Fatal error", "Precondition failed", "Assertion failed", "Swift runtime failure",
                    "Program crashed",
                ].contains { line.contains($0) }
        }
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* ")) }
        // The first frame of the crashed thread in code with a source file, as the backtracer prints it:
        // `  1   0x… closure #1 in Suite.test() + 40 in Binary at /path/File.swift:17:19`
        let crashed = lines.firstIndex { $0.hasSuffix(" crashed:") }.map { lines[$0...] } ?? []
        let frame = crashed.first {
            $0.contains(" at /") && !$0.contains("[system]") && !$0.contains("<compiler-generated>")
        }
        let location = frame.flatMap { frame -> String? in
            guard let at = frame.range(of: " at /", options: .backwards), let address = frame.range(of: " 0x") else {
                return nil
            }
            let path = relativeToCurrentDirectory(String(frame[frame.index(after: at.lowerBound)...].dropFirst(3)))
            let symbol = frame[address.upperBound...].drop { !$0.isWhitespace }.drop { $0.isWhitespace }
            let function = symbol.range(of: " + ").map { symbol[..<$0.lowerBound] } ?? symbol
            // A crash inside a macro's expansion (`#expect(a * b > 0)`) has no place in the user's files.
            return path.contains("@__swiftmacro_")
                ? "in \(function), inside a macro's expansion" : "at \(path), in \(function)"
        }
        let words = [message, location].compactMap { $0 }
        return words.isEmpty ? nil : words.joined(separator: "\n")
    }

    /// `path` relative to the current directory when it lies under it, as a person there would type it.
    package static func relativeToCurrentDirectory(_ path: String) -> String {
        let directory = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(directory) ? String(path.dropFirst(directory.count)) : path
    }
}
