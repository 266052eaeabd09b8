import Foundation
import TestSupport
import XCTest

/// `fsmc preview` without a server: its usage errors, `--events` refused, `--export`'s page, and the
/// page's assets compiled into fsmc as scripts/generate-preview-assets writes them.
final class PreviewCommandTests: XCTestCase {
    func testUsageErrors() throws {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["preview"], "error: missing input file; pass one .fsm file\n"),
            (["preview", "-"], "error: the page watches its file; pass a path, not '-'\n"),
            (["preview", "Door.fsm", "--port", "70000"], "error: invalid '--port 70000'; expected a number from 0 to 65535\n"),
            (
                ["preview", "Door.fsm", "--guard", "isOpen"],
                "error: invalid '--guard isOpen'; expected name=true or name=false\n"
            ),
            (
                ["preview", "Door.fsm", "--guard", "isOpen=true"],
                "error: '--guard isOpen=...': the machine has no guard 'isOpen'\n"
            ),
            (["preview", "Door.fsm", "--delay", "wait=2s"], "error: '--delay wait=...': the machine has no delay 'wait'\n"),
        ]
        for (arguments, message) in cases {
            let result = try runFSMC(arguments, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertTrue(try runFSMC(["help", "preview"]).stdout.contains("USAGE: fsmc preview <file> [--port <n>]"))
        XCTAssertTrue(try runFSMC(["--help"]).stdout.contains("  preview     Serve a live simulator page"))
    }

    func testARefusedLineOfTheEventsSaysWhere() throws {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        try "open\n\nslam\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["preview", "Door.fsm", "--events", "events.txt", "--export", "page.html"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "events.txt:3: error: unknown event 'slam'; the events are: open, close\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
        let broken = try runFSMC(["preview", "Broken.fsm"], stdin: nil, in: folder)
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, "error: Broken.fsm: no such file\n")
    }

    /// The exported page holds the script's steps, and nothing it would fetch.
    func testTheExportedPageIsSelfContained() throws {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        try "open\nclose\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["preview", "Door.fsm", "--events", "events.txt", "--export", "page.html"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        let simulated = try runFSMC(["simulate", "Door.fsm", "--events", "events.txt"], in: folder)
        let log = simulated.stdout.split(separator: "\n").map { "\"\($0)\"" }.joined(separator: ",")
        XCTAssertTrue(page.contains("\"log\":[\(log)]"), page)
        XCTAssertTrue(page.contains(#""script":["open","close"]"#))
        XCTAssertEqual(page.components(separatedBy: #""active":"#).count - 1, 3, "a frame for the start and each step")
        for fetching in ["src=\"http", "href=\"http", "url(http", "@import", "<link"] {
            XCTAssertFalse(page.contains(fetching), fetching)
        }
        XCTAssertFalse(page.contains("FSMC-"), "every placeholder is filled")
    }

    /// Sources/fsmc/PreviewAssets.swift is what scripts/generate-preview-assets writes from
    /// Sources/fsmc/Preview/ now: run the script and commit its output after editing the page.
    func testThePagesAssetsAreCurrent() throws {
        let folder = try temporaryFolder(self)
        let output = folder.appendingPathComponent("PreviewAssets.swift")
        let script = repositoryRoot.appendingPathComponent("scripts/generate-preview-assets")
        let result = try runProcess(script, [output.path])
        XCTAssertEqual(result.status, 0, result.output)
        let committed = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/fsmc/PreviewAssets.swift"), encoding: .utf8)
        XCTAssertEqual(
            try String(contentsOf: output, encoding: .utf8), committed,
            "Sources/fsmc/PreviewAssets.swift is stale: run scripts/generate-preview-assets and commit it")
    }
}
