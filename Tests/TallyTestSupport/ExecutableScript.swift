import Foundation

/// Writes `text` to `path` as an executable script, through a child shell rather than from this
/// process.
///
/// A script this process wrote itself may fail to start with "Text file busy" (ETXTBSY): while the
/// file is open for writing, another thread of the test process may fork, and its child holds the
/// write descriptor until it runs its own program. Written by a child, the file is never open here.
public func writeExecutableScript(_ text: String, to path: String) throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh", path]
    let input = Pipe()
    shell.standardInput = input
    try shell.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    shell.waitUntilExit()
    guard shell.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
}
