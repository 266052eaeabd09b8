import Foundation

/// Standard output and error, and whether to colour them.
enum Terminal {
    /// Writes to standard output. When that fails (a full disk, a closed pipe that does not raise
    /// SIGPIPE), fsmc reports it and exits with status 2 rather than go on with a truncated output.
    static func writeOut(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            writeError(
                "error: cannot write to standard output: \(reason.map { String(cString: strerror(Int32($0))) } ?? "\(error)")\n")
            exit(2)
        }
    }

    static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Colour only for a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    static var standardErrorWantsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(2) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
