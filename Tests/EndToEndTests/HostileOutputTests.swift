import Foundation
import TestSupport
import XCTest

/// Outputs that cannot be written: each run gets a clear error (exit status 2) or a correct result,
/// never a crash, a truncated or mixed file, or a temporary file left behind; and a failed run
/// leaves the earlier output byte-identical.
///
/// The suite may run as root, which ignores file permissions; a read-only folder and a full disk
/// are then made real with small tmpfs mounts (skipped where mounting is not allowed), and
/// `/dev/full` gives a genuine "No space left on device" on standard output.
final class HostileOutputTests: XCTestCase {
    private var mounts: [URL] = []

    override func tearDown() {
        for mount in mounts.reversed() { _ = try? shell("/bin/umount", [mount.path]) }
        mounts = []
        super.tearDown()
    }

    @discardableResult
    private func shell(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Mounts a tmpfs at `folder` with `options`, or skips the test where that is not allowed.
    private func mountTmpfs(at folder: URL, options: String) throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"),
            try shell("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.path]) == 0
        else { throw XCTSkip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)") }
        mounts.append(folder)
    }

    private func setUpFolder() throws -> URL {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("door.fsm"), atomically: true, encoding: .utf8)
        return folder
    }

    private func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    func testMissingOutputFolderAndAFolderUnderAFile() throws {
        let folder = try setUpFolder()
        let missing = try runFSMC(["dot", "door.fsm", "-o", "missing/door.dot"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasSuffix("/missing: output directory does not exist\n"), missing.stderr)
        let underFile = try runFSMC(["dot", "door.fsm", "-o", "door.fsm/door.dot"], in: folder)
        XCTAssertEqual(underFile.status, 2)
        XCTAssertTrue(underFile.stderr.hasSuffix("/door.fsm: output directory does not exist\n"), underFile.stderr)
        let generate = try runFSMC(["generate", "door.fsm", "-o", "door.fsm"], in: folder)
        XCTAssertEqual(generate.status, 2)
        XCTAssertEqual(generate.stderr, "error: door.fsm: exists and is not a folder\n")
        // `generate` creates missing folders, but not under a file: the file is named.
        let deeper = try runFSMC(["generate", "door.fsm", "-o", "door.fsm/out/swift"], in: folder)
        XCTAssertEqual(deeper.status, 2)
        XCTAssertTrue(
            deeper.stderr.hasPrefix("error: door.fsm/out/swift: cannot create folder: ")
                && deeper.stderr.hasSuffix("/door.fsm is not a folder\n"), deeper.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("door.fsm"), encoding: .utf8), validMachine)
    }

    func testOutputPathIsAFolder() throws {
        let folder = try setUpFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out/door.swift"), withIntermediateDirectories: true)
        let generate = try runFSMC(["generate", "door.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(generate.status, 2)
        XCTAssertEqual(generate.stderr, "error: out/door.swift: is a directory; cannot write output there\n")
        // A diagram's -o that is a folder gets <stem>.mmd inside it, which is a folder here too.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out/door.mmd"), withIntermediateDirectories: true)
        let dot = try runFSMC(["mermaid", "door.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(dot.status, 2)
        XCTAssertEqual(dot.stderr, "error: out/door.mmd: is a directory; cannot write output there\n")
    }

    func testReadOnlyFolderLeavesTheEarlierOutputIntact() throws {
        let folder = try setUpFolder()
        let output = folder.appendingPathComponent("readonly")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        if getuid() == 0 {
            try mountTmpfs(at: output, options: "size=64k")
            try Data("earlier output\n".utf8).write(to: output.appendingPathComponent("door.swift"))
            XCTAssertEqual(try shell("/bin/mount", ["-o", "remount,ro", output.path]), 0)
        } else {
            try Data("earlier output\n".utf8).write(to: output.appendingPathComponent("door.swift"))
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: output.path)
            addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output.path) }
        }
        let result = try runFSMC(["generate", "door.fsm", "-o", "readonly"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("error: readonly/door.swift: cannot write: "), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Read-only file system") || result.stderr.contains("Permission denied"), result.stderr)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("door.swift"), encoding: .utf8), "earlier output\n")
        XCTAssertEqual(try leftovers(in: output), [])
    }

    func testFullDiskLeavesTheEarlierOutputIntactAndNoTemporaryFile() throws {
        let folder = try setUpFolder()
        let output = folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try mountTmpfs(at: output, options: "size=12k")
        let earlier = Data("earlier output\n".utf8)
        try earlier.write(to: output.appendingPathComponent("door.swift"))
        // Fill what is left; writes that need a new page now fail with ENOSPC.
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path + "/filler", contents: nil))
        let filler = try XCTUnwrap(FileHandle(forWritingAtPath: output.path + "/filler"))
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        let result = try runFSMC(["generate", "door.fsm", "-o", "small"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: small/door.swift: cannot write: No space left on device\n")
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("door.swift")), earlier)
        XCTAssertEqual(try leftovers(in: output), [])
    }

    func testStandardOutputOnAFullDeviceIsAnErrorNotACrash() throws {
        let folder = try setUpFolder()
        let process = Process()
        process.executableURL = fsmcExecutable()
        process.arguments = ["dot", "door.fsm"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(stderr, "error: cannot write to standard output: No space left on device\n")
    }

    func testDevicesAndSymbolicLinks() throws {
        let folder = try setUpFolder()
        let link = folder.appendingPathComponent("full.dot")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/full")
        let device = try runFSMC(["dot", "door.fsm", "-o", "full.dot"], in: folder)
        XCTAssertEqual(device.status, 2)
        XCTAssertEqual(
            device.stderr, "error: full.dot: is not a regular file (a device, FIFO or socket); cannot write output there\n")
        // A link to a regular file is written through; the link stays a link.
        try Data("old\n".utf8).write(to: folder.appendingPathComponent("real.dot"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.dot").path, withDestinationPath: "real.dot")
        let written = try runFSMC(["dot", "door.fsm", "-o", "link.dot"], in: folder)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.dot").path),
            "real.dot")
        XCTAssertTrue(
            try String(contentsOf: folder.appendingPathComponent("real.dot"), encoding: .utf8).contains("digraph \"Door\""))
        XCTAssertEqual(try leftovers(in: folder), [])
    }

    /// Two fsmc processes writing the same outputs at once, many times: each file is always one
    /// complete output (of one process or the other), never a mix or a truncation.
    func testConcurrentWritersNeverMixOrTruncate() throws {
        let folder = try setUpFolder()
        XCTAssertEqual(try runFSMC(["generate", "door.fsm", "-o", "internal"], in: folder).status, 0)
        XCTAssertEqual(try runFSMC(["generate", "door.fsm", "-o", "public", "--access", "public"], in: folder).status, 0)
        let internalText = try Data(contentsOf: folder.appendingPathComponent("internal/door.swift"))
        let publicText = try Data(contentsOf: folder.appendingPathComponent("public/door.swift"))
        let output = folder.appendingPathComponent("shared/door.swift")
        for round in 0..<12 {
            try? FileManager.default.removeItem(at: output)
            let processes = ["internal", "public"].map { access in
                let process = Process()
                process.executableURL = fsmcExecutable()
                process.arguments = ["generate", "door.fsm", "-o", "shared", "--access", access]
                process.currentDirectoryURL = folder
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            XCTAssertEqual(processes.map(\.terminationStatus), [0, 0], "round \(round)")
            let result = try Data(contentsOf: output)
            XCTAssertTrue(result == internalText || result == publicText, "round \(round): a mixed or truncated file")
        }
        XCTAssertEqual(try leftovers(in: folder.appendingPathComponent("shared")), [])
    }

    /// Inputs that are not ordinary files: an endless device, an empty one, links that lead nowhere.
    func testSpecialInputs() throws {
        let folder = try setUpFolder()
        let zero = try runFSMC(["check", "/dev/zero"], in: folder)
        XCTAssertEqual(zero.status, 1)
        XCTAssertEqual(zero.stderr, "/dev/zero:1:1: error: file is too large; fsmc reads files of up to 32 MiB\n")
        let empty = try runFSMC(["check", "/dev/null"], in: folder)
        XCTAssertEqual(empty.status, 1)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/loop2", withDestinationPath: "loop1")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/dangling", withDestinationPath: "nowhere")
        let loop = try runFSMC(["check", "loop1"], in: folder)
        XCTAssertEqual(loop.status, 2)
        XCTAssertEqual(loop.stderr, "error: loop1: cannot be read: Too many levels of symbolic links\n")
        let dangling = try runFSMC(["simulate", "dangling"], in: folder)
        XCTAssertEqual(dangling.status, 2)
        XCTAssertEqual(dangling.stderr, "error: dangling: cannot be read: No such file or directory\n")
    }
}
