import FSMCore
import Foundation
import TestSupport
import XCTest

/// `fsmc paths` end to end: every example's scripts replay in `fsmc simulate` to the states the
/// JSON claims and cover what it claims; the committed Swift Testing suite is current; usage errors.
final class PathsCommandTests: XCTestCase {
    /// The bundled examples' machines (one per example folder).
    private var examples: [URL] {
        fsmFiles(under: ["examples"]).filter {
            $0.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent == "examples"
        }
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testEveryExamplesScriptsReplayInSimulateToTheStatesTheyClaim() throws {
        XCTAssertGreaterThan(examples.count, 10)
        for machine in examples {
            let name = machine.deletingPathExtension().lastPathComponent
            let folder = try temporaryFolder(self)
            let scripts = folder.appendingPathComponent("paths")
            let written = try runFSMC(["paths", machine.path, "-o", scripts.path])
            XCTAssertEqual(written.status, 0, written.stderr)
            let jsonRun = try runFSMC(["paths", machine.path, "--format", "json"])
            XCTAssertEqual(jsonRun.status, 0, jsonRun.stderr)
            let document = try json(jsonRun.stdout)
            XCTAssertEqual(document["covered"] as? Int, document["goals"] as? Int, "\(name): \(written.stderr)")
            let paths = try XCTUnwrap(document["paths"] as? [[String: Any]])
            XCTAssertFalse(paths.isEmpty, name)
            var scriptPaths: [String] = []
            for path in paths {
                let file = scripts.appendingPathComponent(try XCTUnwrap(path["name"] as? String))
                scriptPaths.append(file.path)
                let options = try XCTUnwrap(path["replayOptions"] as? [String])
                let steps = try XCTUnwrap(path["steps"] as? [[String: Any]])
                let replay = try runFSMC(["simulate", machine.path, "--events", file.path] + options)
                XCTAssertEqual(replay.status, 0, "\(name) \(file.lastPathComponent): \(replay.stderr)")
                // One `state:` line after the start and after each step, as the JSON says.
                let states = replay.stdout.split(separator: "\n").filter { $0.hasPrefix("  state: ") }
                    .map { String($0.dropFirst("  state: ".count)) }
                XCTAssertEqual(
                    states, steps.compactMap { $0["state"] as? String }, "\(name) \(file.lastPathComponent)")
            }
            // What the scripts cover, measured by running them, is everything.
            let coverage = try runFSMC(["paths", machine.path, "--coverage"] + scriptPaths + ["--format", "json"])
            XCTAssertEqual(coverage.status, 0, coverage.stderr)
            let measured = try json(coverage.stdout)
            XCTAssertEqual(measured["covered"] as? Int, document["goals"] as? Int, "\(name): \(coverage.stdout)")
        }
    }

    func testTheExamplesOwnScriptsCoverWhatTheyReach() throws {
        let machine = repositoryRoot.appendingPathComponent("examples/SecuritySystem/SecuritySystem.fsm")
        let script = repositoryRoot.appendingPathComponent("examples/SecuritySystem/session.script")
        let result = try runFSMC(["paths", machine.path, "--coverage", script.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "SecuritySystem: 1 script covers 5 of 9 transitions (55%)")
        XCTAssertTrue(
            lines.contains { $0.hasSuffix("SecuritySystem.fsm:24:9: Armed: breach -> Alarm") && $0.hasPrefix("  missed: ") },
            result.stdout)
        let signIn = try runFSMC([
            "paths", repositoryRoot.appendingPathComponent("examples/SignIn/SignIn.fsm").path, "--coverage",
            repositoryRoot.appendingPathComponent("examples/SignIn/session.script").path, "--cover", "states",
        ])
        XCTAssertEqual(signIn.status, 0, signIn.stderr)
        XCTAssertTrue(signIn.stdout.hasPrefix("SignIn: 1 script covers 4 of 6 states (66%)\n"), signIn.stdout)
    }

    /// The suite examples/PluginConsumer runs (scripts/test-plugin-consumer builds and passes it) is
    /// what fsmc writes today. `FSMC_UPDATE_GOLDEN=1` (`make golden`) writes it again.
    func testGoldenSwiftTestingSuiteIsCurrent() throws {
        let machine = repositoryRoot.appendingPathComponent("examples/SignIn/SignIn.fsm")
        let committed = repositoryRoot.appendingPathComponent(
            "examples/PluginConsumer/Tests/AccountsTests/SignInPathTests.swift")
        let result = try runFSMC(
            ["paths", "SignIn.fsm", "--format", "swift-testing", "--module", "Accounts"],
            in: machine.deletingLastPathComponent())
        XCTAssertEqual(result.status, 0, result.stderr)
        if ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" {
            try result.stdout.write(to: committed, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            result.stdout, try String(contentsOf: committed, encoding: .utf8),
            "the committed suite is stale: run make golden")
        XCTAssertTrue(result.stdout.contains("@testable import Accounts"))
        XCTAssertTrue(result.stdout.contains("timing: .manual, activities: .manual"))
    }

    func testOutputIsTheSameBytesEveryTimeAndStaleScriptsGo() throws {
        let folder = try temporaryFolder(self)
        let machine = repositoryRoot.appendingPathComponent("examples/MediaPlayer/MediaPlayer.fsm").path
        let first = try runFSMC(["paths", machine, "--format", "json", "--cover", "guards"])
        let second = try runFSMC(["paths", machine, "--format", "json", "--cover", "guards"])
        XCTAssertEqual(first.stdout, second.stdout)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for name in ["MediaPlayer-path-99.script", "notes.script", "Other-path-01.script"] {
            try "old\n".write(to: out.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try runFSMC(["paths", machine, "-o", out.path]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertFalse(names.contains("MediaPlayer-path-99.script"), "a script of an earlier run with more paths goes")
        XCTAssertTrue(names.contains("notes.script") && names.contains("Other-path-01.script"), "\(names)")
        XCTAssertTrue(names.contains("MediaPlayer-path-01.script"), "\(names)")
    }

    func testUsageErrorsAndAFileWithErrors() throws {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("door.fsm"), atomically: true, encoding: .utf8)
        try "machine Broken {\n".write(to: folder.appendingPathComponent("broken.fsm"), atomically: true, encoding: .utf8)
        try "open\nopn\n".write(to: folder.appendingPathComponent("bad.script"), atomically: true, encoding: .utf8)
        for (arguments, status, message) in [
            (["paths"], 2, "missing input file; pass one .fsm file"),
            (["paths", "door.fsm", "bad.script"], 2, "pass --coverage to measure scripts"),
            (["paths", "door.fsm", "--coverage"], 2, "--coverage needs at least one script after the machine"),
            (["paths", "door.fsm", "--max-length", "0"], 2, "invalid '--max-length 0'; expected a positive whole number"),
            (["paths", "door.fsm", "--delay", "wait=1s"], 2, "the machine has no delay 'wait'; it has none"),
            (["paths", "door.fsm", "--format", "text"], 2, "'--format text' is for --coverage"),
            (["paths", "door.fsm", "--coverage", "bad.script", "--format", "script"], 2, "--coverage writes text or json"),
            (["paths", "door.fsm", "--coverage", "bad.script"], 1, "bad.script:2: error: unknown event 'opn'"),
            (["paths", "broken.fsm", "-o", "out"], 1, "broken.fsm:1:17: error:"),
        ] {
            let result = try runFSMC(arguments, in: folder)
            XCTAssertEqual(result.status, Int32(status), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
