import Foundation
import Testing

/// The README's and the DocC articles' ```swift blocks compile and run as the generated files in
/// `Snippets/`; this test fails when a document changed and those files were not regenerated, so a
/// block can never drift from the code it shows.
@Test func snippetsAreGeneratedFromTheDocumentsAsTheyAreNow() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", root.appendingPathComponent("Scripts/doc-snippets.sh").path, "--check"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, Comment(rawValue: text))
}
