import Foundation
import XCTest

/// The result of running a program to completion.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: String
    /// Empty when the program ran with its standard error merged into ``stdout``.
    public var stderr: String
    /// Whether the program was stopped because it ran past its timeout.
    public var timedOut = false

    /// Standard output, then standard error: what a compiler reported, wherever it wrote it.
    public var output: String { stdout + stderr }
}

/// Runs a program to completion and collects its exit status and output. With
/// `mergingStandardError`, standard error goes into the same pipe as standard output, interleaved
/// as the program wrote them. When `timeout` (seconds) passes first, the program is stopped and
/// the result says so.
public func runProcess(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
    environment: [String: String]? = nil, mergingStandardError: Bool = false, timeout: Double? = nil
) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = mergingStandardError ? out : Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    let started = Date()
    try process.run()
    let watchdog = timeout.map { seconds in
        let item = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
        return item
    }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Standard error is read on another thread while standard output is read here, so a program
    // that fills one pipe while the other is being read cannot block.
    let errData = Locked(Data())
    let errDone = DispatchGroup()
    if !mergingStandardError {
        errDone.enter()
        DispatchQueue.global().async {
            errData.value = err.fileHandleForReading.readDataToEndOfFile()
            errDone.leave()
        }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errDone.wait()
    process.waitUntilExit()
    watchdog?.cancel()
    var result = RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.value, as: UTF8.self))
    if let timeout, process.terminationReason == .uncaughtSignal, Date().timeIntervalSince(started) >= timeout {
        result.timedOut = true
        result.stdout += "\n(stopped: still running after \(Int(timeout)) s)"
    }
    return result
}

/// Runs the real `fsmc` executable (built next to the test bundle by `swift test`), without colour.
public func runFSMC(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil) throws -> RunResult {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try runProcess(fsmcExecutable(), arguments, stdin: stdin, in: directory, environment: environment)
}

/// The built `fsmc` executable.
public func fsmcExecutable() -> URL {
    // The test bundle lives in the build products folder, next to the `fsmc` executable.
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("fsmc")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "fsmc")
}

/// Runs `swiftc` (as the shell finds it) with `arguments`; its diagnostics are in the result's
/// ``RunResult/output``.
public func runSwiftc(_ arguments: [String], in directory: URL? = nil) throws -> RunResult {
    try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, in: directory)
}

/// The program `name` as the shell would find it on the `PATH`, or `nil` when it is not installed.
public func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}

/// A fresh temporary folder, removed when the test ends.
public func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// A value shared with another thread, behind a lock.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
