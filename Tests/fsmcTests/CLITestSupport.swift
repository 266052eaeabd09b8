import Foundation
import TestSupport

/// Runs the real `fsmc` executable (built next to the test bundle by `swift test`), without colour.
func runFSMC(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> RunResult {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try runProcess(fsmcExecutable(), arguments, stdin: stdin, in: directory, environment: environment)
}

func fsmcExecutable() -> URL {
    // The test bundle lives in the build products folder, next to the `fsmc` executable.
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("fsmc")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "fsmc")
}

let validMachine = """
    machine Door {
        initial Closed
        state Closed { open -> Opened }
        state Opened { close -> Closed }
    }

    """
