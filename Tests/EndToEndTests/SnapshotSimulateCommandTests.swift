import FSMCore
import FSMRuntime
import Foundation
import TestSupport
import XCTest

/// `fsmc simulate` with snapshots (section 4g): `save PATH` lines write the JSON a generated
/// machine's snapshot encodes to, `--restore PATH` starts from one; a file that is no snapshot is
/// an error at its place, a snapshot that does not fit the machine an error naming the problem.
final class SnapshotSimulateCommandTests: XCTestCase {
    static let machine = """
        machine Editor {
            initial Watching
            after 10min -> Off
            state Watching {
                initial Browsing
                state Browsing {
                    open -> Editing
                    help -> push Help
                    back -> history Editing
                }
                state Editing {
                    initial Typing
                    state Typing {
                        entry / showCursor
                        drag -> Dragging
                        every 1s / autosave
                        do / spellcheck
                    }
                    state Dragging { drop -> Typing }
                    leave -> Browsing
                }
            }
            state Help { close -> pop }
            final state Off
        }

        """

    private func folder(_ files: [String: String]) throws -> URL {
        let folder = try temporaryFolder(self)
        for (name, text) in files.merging(["editor.fsm": Self.machine], uniquingKeysWith: { first, _ in first }) {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func simulate(_ arguments: [String], in folder: URL) throws -> RunResult {
        try runFSMC(["simulate", "editor.fsm"] + arguments, in: folder)
    }

    /// The file a `save` writes is `JSONEncoder`'s, sorted keys and pretty-printed, with a line end;
    /// restored, the machine goes on where it was: no entry action, its timers with their time left,
    /// its activities running.
    func testSaveThenRestore() throws {
        let folder = try folder([
            "first.txt": "open\nwait 1.5s\ndrag\nleave\nhelp\nsave snap.json\n",
            "second.txt": "close\nback\ndrop\nwait 500ms\nsave \"after all.json\" # with a space\n",
        ])
        let first = try simulate(["--events", "first.txt"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasSuffix("> save snap.json\n  saved to snap.json\n"), first.stdout)
        let expected = Snapshot(
            machine: "Editor", started: true, finished: false, activeStates: ["Help"], history: ["Editing": ["Dragging"]],
            stack: ["Browsing"], timers: [Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 598_500_000_000)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let saved = try String(contentsOf: folder.appendingPathComponent("snap.json"), encoding: .utf8)
        XCTAssertEqual(saved, String(decoding: try encoder.encode(expected), as: UTF8.self) + "\n")

        let second = try simulate(["--events", "second.txt", "--restore", "snap.json"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stderr, "")
        XCTAssertEqual(
            second.stdout,
            """
            restored from snap.json
              timer armed: machine after 10min -> Off, due at 598.5s
              state: Help
            > close
              Help -> pop (to Browsing)
                exit Help
                enter Watching
                enter Browsing
              state: Watching > Browsing
            > back
              Browsing -> history Editing
                exit Browsing
                enter Editing
                enter Dragging
              state: Watching > Editing > Dragging
            > drop
              Dragging -> Typing
                exit Dragging
                enter Typing
                  showCursor
                  timer armed: Typing every 1s, due at 1s
              activity started: Typing do / spellcheck
              state: Watching > Editing > Typing
            > wait 500ms
              time: 500ms
              state: Watching > Editing > Typing
            > save "after all.json" # with a space
              saved to after all.json

            """)
        let third = try simulate(["--restore", "after all.json", "--events", "/dev/null"], in: folder)
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertEqual(
            third.stdout,
            """
            restored from after all.json
              timer armed: machine after 10min -> Off, due at 598s
              timer armed: Typing every 1s, due at 500ms
              activity started: Typing do / spellcheck
              state: Watching > Editing > Typing

            """)
    }

    /// A snapshot of a machine not started restores as not started: the start follows, as without one.
    func testAnUnstartedSnapshotStartsAsUsual() throws {
        let folder = try folder([
            "new.json":
                #"{"activeStates": [], "finished": false, "history": {}, "machine": "Editor", "stack": [], "started": false, "timers": []}"#
        ])
        let result = try simulate(["--restore", "new.json", "--events", "/dev/null"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            restored from new.json
            start
              timer armed: machine after 10min -> Off, due at 10min
                enter Watching
                enter Browsing
              state: Watching > Browsing

            """)
    }

    /// A file that is no JSON, or not the JSON of a snapshot: `path:line:column: error:`, exit 1.
    func testAFileThatIsNoSnapshotIsALocatedError() throws {
        let folder = try folder([
            "syntax.json": "{\n  \"machine\": \"Editor\",\n  \"started\": tru\n}\n",
            "shape.json": "{\n  \"machine\": \"Editor\",\n  \"started\": \"yes\"\n}\n",
            "missing.json": "{\n  \"machine\": \"Editor\"\n}\n",
        ])
        for (file, message) in [
            ("syntax.json", "syntax.json:3:14: error: expected a JSON value, found 't'"),
            ("shape.json", "shape.json:3:14: error: \"started\" must be true or false"),
            ("missing.json", "missing.json:1:1: error: the key \"started\" is missing"),
        ] {
            let result = try simulate(["--restore", file, "--events", "/dev/null"], in: folder)
            XCTAssertEqual(result.status, 1, file)
            XCTAssertEqual(result.stdout, "", file)
            XCTAssertEqual(result.stderr, message + "\n", file)
        }
    }

    /// A snapshot that does not fit the machine (saved before a state was renamed, or of another
    /// machine): the restore's message, after the file's name; exit 1.
    func testAStaleSnapshotIsAnErrorNamingTheProblem() throws {
        func snapshot(_ machine: String, _ active: [String]) -> String {
            let states = active.map { "\"\($0)\"" }.joined(separator: ", ")
            return """
                {"activeStates": [\(states)], "finished": false, "history": {}, "machine": "\(machine)", "stack": [],
                 "started": true, "timers": []}
                """
        }
        let folder = try folder([
            "stale.json": snapshot("Editor", ["Watching", "Editing", "Composing"]),
            "other.json": snapshot("Player", ["Idle"]),
            "partial.json": snapshot("Editor", ["Watching", "Editing"]),
        ])
        for (file, message) in [
            ("stale.json", "stale.json: error: the snapshot names the state 'Composing', which the machine does not have"),
            ("other.json", "other.json: error: the snapshot is of machine 'Player', not of the machine restoring it"),
            (
                "partial.json",
                "partial.json: error: the snapshot's active states are not a configuration of the machine: 'Editing' is active without an active child"
            ),
        ] {
            let result = try simulate(["--restore", file, "--events", "/dev/null"], in: folder)
            XCTAssertEqual(result.status, 1, file)
            XCTAssertEqual(result.stdout, "", file)
            XCTAssertEqual(result.stderr, message + "\n", file)
        }
    }

    func testBadSaveLinesAndFilesThatCannotBeReadOrWritten() throws {
        for (line, message) in [
            ("save", "expected a file to save the snapshot to after 'save', like 'save snapshot.json'"),
            ("save # here", "expected a file to save the snapshot to after 'save', like 'save snapshot.json'"),
            ("save \"\"", "expected a file to save the snapshot to after 'save', like 'save snapshot.json'"),
            ("save a.json b.json", "expected the end of the line after the file of 'save', found 'b.json'"),
            ("save \"a.json", "unterminated string"),
        ] {
            let folder = try folder(["events.txt": "open\n\(line)\n"])
            let result = try simulate(["--events", "events.txt"], in: folder)
            XCTAssertEqual(result.status, 1, line)
            XCTAssertEqual(result.stderr, "events.txt:2: error: \(message)\n", line)
        }
        let folder = try folder(["events.txt": "save nowhere/snap.json\nopen\n"])
        let unwritable = try simulate(["--events", "events.txt"], in: folder)
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.stderr.hasPrefix("error: "), unwritable.stderr)
        XCTAssertFalse(unwritable.stdout.contains("> open"), "the script stops")
        let missing = try simulate(["--restore", "nothing.json", "--events", "events.txt"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: nothing.json: no such file\n")
        for (arguments, message) in [
            (
                ["--restore", "-"],
                "error: the snapshot and the events cannot both come from standard input; pass --events <path>"
            ),
            (["--restore", "-", "--events", "events.txt"], nil),
        ] {
            let result = try runFSMC(["simulate", "editor.fsm"] + arguments, stdin: "", in: folder)
            if let message {
                XCTAssertEqual(result.status, 2)
                XCTAssertTrue(result.stderr.hasPrefix(message + "\n"), result.stderr)
            } else {
                XCTAssertEqual(result.status, 1)
                XCTAssertEqual(result.stderr, "<stdin>:1:1: error: expected a JSON value, found the end of the file\n")
            }
        }
        let both = try runFSMC(["simulate", "-", "--restore", "-", "--events", "events.txt"], stdin: "", in: folder)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(
            both.stderr.hasPrefix("error: the machine and the snapshot cannot both come from standard input\n"), both.stderr)
    }

    /// In a machine with an event `save`, `save` with no file (or with its parameters) is the event.
    func testAMachinesEventNamedSaveStaysAnEvent() throws {
        let folder = try folder([
            "saver.fsm": """
            machine Saver {
                event save(slot: Int)
                initial Idle
                state Idle { save / store(slot) -> Idle }
            }

            """,
            "events.txt": "save slot=1\nsave snap.json\n",
        ])
        let result = try runFSMC(["simulate", "saver.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("> save slot=1\n  Idle -> Idle\n"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("> save snap.json\n  saved to snap.json\n"), result.stdout)
    }

    func testHelpDescribesSaveAndRestore() throws {
        let help = try runFSMC(["help", "simulate"])
        XCTAssertTrue(help.stdout.contains("[--restore <path>]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("A line 'save <path>' writes the machine's snapshot"), help.stdout)
    }
}
