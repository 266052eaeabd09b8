import Foundation

/// Standard output and error, and whether to colour them.
enum Terminal {
    static func writeOut(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only for a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    static var standardErrorWantsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(2) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
