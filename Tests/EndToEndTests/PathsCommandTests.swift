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

    /// The machines whose events carry values of types fsmc cannot make (a type of the app's own,
    /// `[UInt8]`): their scripts write them `_`, their suites take them from a file the user fills in;
    /// and Settings, whose events carry optionals (`Int?`, `String?`, `Int??`, `Label??`).
    private var userTypedMachines: [URL] { fsmFiles(under: ["Tests/Golden/Paths"]) }

    func testEveryExamplesScriptsReplayInSimulateToTheStatesTheyClaim() throws {
        XCTAssertGreaterThan(examples.count, 10)
        XCTAssertEqual(userTypedMachines.map(\.lastPathComponent), ["Scanner.fsm", "Settings.fsm", "Shop.fsm"])
        for machine in examples + userTypedMachines {
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
            try assertItemsAreAtTheirDeclarations(measured, in: machine)
            for goal in ["states", "guards"] {
                let other = try runFSMC(
                    ["paths", machine.path, "--coverage"] + scriptPaths + ["--format", "json", "--cover", goal])
                XCTAssertEqual(other.status, 0, other.stderr)
                try assertItemsAreAtTheirDeclarations(try json(other.stdout), in: machine)
            }
        }
    }

    /// Each item of a coverage report is where the machine's text declares it: a state at its name, a
    /// transition (and its guard's outcomes) at the start of its declaration, whose first word is the
    /// first word of the item's text.
    private func assertItemsAreAtTheirDeclarations(
        _ report: [String: Any], in machine: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let name = machine.lastPathComponent
        let source = try String(contentsOf: machine, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let items = try XCTUnwrap(report["items"] as? [[String: Any]], file: file, line: line)
        XCTAssertEqual(items.count, report["goals"] as? Int, name, file: file, line: line)
        for item in items {
            let label = try XCTUnwrap(item["item"] as? String, file: file, line: line)
            let (row, column) = (try XCTUnwrap(item["line"] as? Int), try XCTUnwrap(item["column"] as? Int))
            guard row >= 1, row <= source.count, column >= 1 else {
                XCTFail("\(name): \(label) at \(row):\(column), outside the file", file: file, line: line)
                continue
            }
            let there = String(String.UnicodeScalarView(source[row - 1].unicodeScalars.dropFirst(column - 1)))
            // `state Alarm` is at `Alarm`; `Armed: disarm [ok] -> Done, its guard true` at `disarm`.
            let declaration =
                label.hasPrefix("state ")
                ? String(label.dropFirst("state ".count))
                : label.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? label
            let firstWord = declaration.prefix { $0 != " " }  // `disarm`, `[addressValid]`, `->`, `after`
            XCTAssertTrue(
                !firstWord.isEmpty && there.hasPrefix(firstWord), "\(name):\(row):\(column) is \"\(there)\", not \(label)",
                file: file, line: line)
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

    /// The JSON report puts each item where the text report puts a missed one: the file, and the
    /// line and column of its declaration.
    func testTheJSONCoverageReportSaysWhereEachItemIsDeclared() throws {
        let machine = repositoryRoot.appendingPathComponent("examples/SecuritySystem/SecuritySystem.fsm")
        let script = repositoryRoot.appendingPathComponent("examples/SecuritySystem/session.script")
        var places: [String: String] = [:]
        for goal in ["states", "guards"] {
            let text = try runFSMC(["paths", machine.path, "--coverage", script.path, "--cover", goal])
            let json = try runFSMC(["paths", machine.path, "--coverage", script.path, "--cover", goal, "--format", "json"])
            XCTAssertEqual(json.status, 0, json.stderr)
            let report = try self.json(json.stdout)
            XCTAssertEqual(report["file"] as? String, machine.path)
            let items = try XCTUnwrap(report["items"] as? [[String: Any]])
            var missed: [String] = []
            for item in items {
                let label = try XCTUnwrap(item["item"] as? String)
                let place = "\(try XCTUnwrap(item["line"] as? Int)):\(try XCTUnwrap(item["column"] as? Int))"
                places[label] = place
                if item["covered"] as? Bool == false { missed.append("  missed: \(machine.path):\(place): \(label)") }
            }
            XCTAssertFalse(missed.isEmpty, goal)
            XCTAssertEqual(Array(text.stdout.split(separator: "\n").dropFirst().map(String.init)), missed, goal)
        }
        // SecuritySystem.fsm: `state Armed {` on line 22, its transitions from line 24, indented 8.
        XCTAssertEqual(places["state Disarmed"], "15:11")
        XCTAssertEqual(places["state Alarm"], "32:11")
        XCTAssertEqual(places["Armed: breach -> Alarm"], "24:9")
        XCTAssertEqual(places["Armed: disarm [tooManyAttempts] / informAdministrator -> Alarm"], "27:9")
        XCTAssertEqual(places["Armed: disarm [tooManyAttempts] / informAdministrator -> Alarm, its guard false"], "27:9")
        XCTAssertEqual(places["SilentAlarm: reset [isValid(code)] -> Disarmed, its guard true"], "41:9")
    }

    /// The suite examples/PluginConsumer runs (scripts/test-plugin-consumer builds and passes it) is
    /// what fsmc writes today, and so are the suites of the machines with user-typed parameters
    /// (scripts/check-paths-suites compiles and runs them with their values filled in).
    /// `FSMC_UPDATE_GOLDEN=1` (`make golden`) writes them again.
    func testGoldenSwiftTestingSuitesAreCurrent() throws {
        var suites = [
            (
                repositoryRoot.appendingPathComponent("examples/SignIn/SignIn.fsm"),
                repositoryRoot.appendingPathComponent("examples/PluginConsumer/Tests/AccountsTests/SignInPathTests.swift"),
                ["--module", "Accounts"]
            )
        ]
        for machine in userTypedMachines {
            let name = machine.deletingPathExtension().lastPathComponent
            suites.append((machine, machine.deletingLastPathComponent().appendingPathComponent(name + "PathTests.swift"), []))
        }
        for (machine, committed, options) in suites {
            let result = try runFSMC(
                ["paths", machine.lastPathComponent, "--format", "swift-testing"] + options,
                in: machine.deletingLastPathComponent())
            XCTAssertEqual(result.status, 0, result.stderr)
            if ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" {
                try result.stdout.write(to: committed, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(
                result.stdout, try String(contentsOf: committed, encoding: .utf8),
                "\(committed.lastPathComponent) is stale: run make golden")
        }
        let signIn = try String(contentsOf: suites[0].1, encoding: .utf8)
        XCTAssertTrue(signIn.contains("@testable import Accounts"))
        XCTAssertTrue(signIn.contains("timing: .manual, activities: .manual"))
        XCTAssertFalse(signIn.contains("PathValues"), "a machine without user-typed parameters has nothing to fill in")
    }

    /// The command a suite's header says to regenerate it with, run from the machine's folder with
    /// its `-o` placeholder filled in, writes the same suite: every option that changed it is in it.
    func testASuitesRegenerateCommandWritesItAgain() throws {
        let folder = try temporaryFolder(self)
        let machine = folder.appendingPathComponent("AlarmClock.fsm")
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("examples/AlarmClock/AlarmClock.fsm"), to: machine)
        let options = [
            "--cover", "guards", "--max-length", "12", "--max-configurations", "5000", "--module", "Clock",
            "--isolation", "MainActor", "--delay", "untilAlarm=90s", "--delay", "snoozeDelay=500ms",
        ]
        let first = folder.appendingPathComponent("first")
        let written = try runFSMC(["paths", machine.path, "--format", "swift-testing", "-o", first.path] + options)
        XCTAssertEqual(written.status, 0, written.stderr)
        let suite = try String(contentsOf: first.appendingPathComponent("AlarmClockPathTests.swift"), encoding: .utf8)
        let lines = suite.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("// Regenerate it when the machine changes") })
        let command = try XCTUnwrap(lines[header + 1].split(separator: "//     ").last).split(separator: " ").map(String.init)
        // Every option with its value, in a fixed order (delays by name).
        XCTAssertEqual(
            command,
            [
                "fsmc", "paths", "AlarmClock.fsm", "--format", "swift-testing", "--cover", "guards", "--max-length", "12",
                "--max-configurations", "5000", "--module", "Clock", "--isolation", "MainActor",
                "--delay", "snoozeDelay=500ms", "--delay", "untilAlarm=90s", "-o", "<folder>",
            ])
        let again = Array(command.dropFirst().dropLast()) + ["again"]
        let rerun = try runFSMC(again, in: folder)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("again/AlarmClockPathTests.swift"), encoding: .utf8), suite)
        // Without options, the command names none.
        let plain = try runFSMC(["paths", "AlarmClock.fsm", "--format", "swift-testing"], in: folder)
        XCTAssertTrue(
            plain.stdout.contains(
                "//     fsmc paths AlarmClock.fsm --format swift-testing -o <folder>\n"), plain.stdout)
    }

    /// A machine whose events carry a type of the app's own: the header says what to fill in, in
    /// which file, each member with its type; the suite sends the values from there, records such
    /// arguments as `_`, and the JSON and scripts write them `_`.
    func testUserTypedParametersComeFromOnePlaceTheHeaderNames() throws {
        let folder = try temporaryFolder(self)
        try """
        machine Map {
            event move(to: Coordinate, speed: Int)
            event mark(spot: Coordinate?)
            initial Idle
            state Idle { move [isNear(to)] / plan(to, speed) -> Moving }
            state Moving { mark / pin(spot); stop -> Idle }
        }

        """.write(to: folder.appendingPathComponent("Map.fsm"), atomically: true, encoding: .utf8)
        let suite = try runFSMC(["paths", "Map.fsm", "--format", "swift-testing"], in: folder)
        XCTAssertEqual(suite.status, 0, suite.stderr)
        XCTAssertTrue(suite.stderr.hasPrefix("Map: 1 path, 3 steps"), suite.stderr)
        XCTAssertTrue(suite.stderr.contains("cover 3 of 3 transitions"), suite.stderr)
        let header = suite.stdout.split(separator: "\n").prefix { $0.hasPrefix("//") }.joined(separator: "\n")
        XCTAssertTrue(header.contains("take their values from MapPathValues. Give them in a file of your own"), header)
        XCTAssertTrue(header.contains("// MapPathValues.swift (fsmc paths writes this file again, never yours):"), header)
        let members = [
            "//     extension MapPathValues {", "//         static var moveTo: Coordinate { ... }  // move(to:speed:)",
            "//     }",
        ].joined(separator: "\n")
        XCTAssertTrue(header.contains(members), header)
        XCTAssertTrue(header.contains("\"type 'MapPathValues' does not conform to protocol 'MapPathValuesProtocol'\""), header)
        // An optional of such a type gets nil: nothing to fill in for it.
        XCTAssertFalse(suite.stdout.contains("markSpot"), suite.stdout)
        for line in [
            "protocol MapPathValuesProtocol {", "    static var moveTo: Coordinate { get }",
            "enum MapPathValues: MapPathValuesProtocol {}  // an error here? write MapPathValues.swift: see the top of this file",
            "        machine.move(to: MapPathValues.moveTo, speed: 0)",
            "        #expect(actions.actions == [\"plan(to: _, speed: 0)\"])",
            "        machine.mark(spot: nil)",
            "        #expect(actions.actions == [\"pin(spot: nil)\"])",
            "    func plan(to: Coordinate, speed: Int) { actions.append(\"plan(to: \\(opaque(to)), speed: \\(describe(speed)))\") }",
        ] {
            XCTAssertTrue(suite.stdout.contains(line + "\n"), "missing: \(line)\n\(suite.stdout)")
        }
        let json = try self.json(try runFSMC(["paths", "Map.fsm", "--format", "json"], in: folder).stdout)
        let steps = try XCTUnwrap((json["paths"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.compactMap { $0["line"] as? String }, ["move to=_ speed=0 [isNear=true]", "mark spot=nil", "stop"])
        XCTAssertEqual(steps[1]["actions"] as? [String], ["plan(to: _, speed: 0)"])
        let guards = try XCTUnwrap(steps[1]["guards"] as? [[String: Any]])
        XCTAssertEqual(guards.map { $0["call"] as? String }, ["isNear(to: _)"])
        XCTAssertEqual(guards.map { $0["value"] as? Bool }, [true])
        let script = try runFSMC(["paths", "Map.fsm"], in: folder)
        XCTAssertTrue(script.stdout.contains("\nmove to=_ speed=0 [isNear=true]\n"), script.stdout)
        try script.stdout.write(to: folder.appendingPathComponent("path.script"), atomically: true, encoding: .utf8)
        let replay = try runFSMC(["simulate", "Map.fsm", "--events", "path.script"], in: folder)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertTrue(replay.stdout.contains("plan(to: _, speed: 0)"), replay.stdout)
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
