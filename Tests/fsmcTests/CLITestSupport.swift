import Foundation
import XCTest

/// The result of running the built `fsmc` binary.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `fsmc` executable (built next to the test bundle by `swift test`), without colour.
func runFSMC(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> RunResult {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try runProcess(fsmcExecutable(), arguments, stdin: stdin, in: directory, environment: environment)
}

/// Runs a program to completion and collects its exit status and output.
func runProcess(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes before waiting so a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// The program `name` as the shell would find it on the `PATH`, or `nil` when it is not installed.
func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
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

/// A fresh temporary folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

let validMachine = """
    machine Door {
        initial Closed
        state Closed { open -> Opened }
        state Opened { close -> Closed }
    }

    """
