import Foundation
import TestSupport
import XCTest

/// Timed transitions and `raise` through the command line: `check` accepts a valid timed machine,
/// `generate` writes it, `simulate` runs it.
final class TimedTransitionCommandTests: XCTestCase {
    static let machine = """
        machine Call {
            initial Dialing
            state Dialing {
                connected -> Talking
                every 5s / ring
                after 30s / raise giveUp
                giveUp -> Failed
            }
            state Talking { hangUp -> Failed }
            final state Failed
        }

        """

    private func folder(with text: String = machine) throws -> URL {
        let folder = try temporaryFolder(self)
        try text.write(to: folder.appendingPathComponent("call.fsm"), atomically: true, encoding: .utf8)
        return folder
    }

    func testCheckAcceptsATimedMachine() throws {
        let result = try runFSMC(["check", "call.fsm"], in: try folder())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "")
    }

    /// `generate` writes a main-actor machine with manual and clock timing; `--isolation` (or
    /// `"isolation"` in the config file) chooses the actor, and a bad value is a usage error.
    func testGenerateWritesATimedMachineInTheIsolationAsked() throws {
        let folder = try folder()
        let result = try runFSMC(["generate", "call.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let swift = try String(contentsOf: folder.appendingPathComponent("out/call.swift"), encoding: .utf8)
        XCTAssertTrue(swift.contains("@MainActor\nfinal class Call {"), "isolated to the main actor by default")
        XCTAssertTrue(swift.contains("typealias Timing = FSMRuntime.Timing"), "clock or manual timing, the runtime's")
        XCTAssertTrue(swift.contains("func advanceTime(by duration: Swift.Duration)"))

        let nonisolated = try runFSMC(["generate", "call.fsm", "-o", "-", "--isolation", "nonisolated"], in: folder)
        XCTAssertEqual(nonisolated.status, 0, nonisolated.stderr)
        XCTAssertFalse(nonisolated.stdout.contains("@MainActor"))
        XCTAssertTrue(nonisolated.stdout.contains("init(actions: some CallActions, timing: Timing = .manual)"))

        try #"{ "isolation": "DatabaseActor" }"#.write(
            to: folder.appendingPathComponent("fsmc.json"), atomically: true, encoding: .utf8)
        let configured = try runFSMC(["generate", "call.fsm", "-o", "-", "--config", "fsmc.json"], in: folder)
        XCTAssertEqual(configured.status, 0, configured.stderr)
        XCTAssertTrue(configured.stdout.contains("@DatabaseActor\nfinal class Call {"))

        let misspelt = try runFSMC(["generate", "call.fsm", "-o", "-", "--isolation", "mainactor"], in: folder)
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.contains("did you mean 'MainActor'?"), misspelt.stderr)
        for keyword in ["actor", "Self.actor", "class"] {
            let keywordResult = try runFSMC(["generate", "call.fsm", "-o", "-", "--isolation", keyword], in: folder)
            XCTAssertEqual(keywordResult.status, 2, keyword)
        }
        let bad = try runFSMC(["generate", "call.fsm", "-o", "-", "--isolation", "main actor"], in: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(
            bad.stderr.contains("'--isolation main actor': expected MainActor, nonisolated or the name of a global actor"),
            bad.stderr)
        try #"{ "isolation": 3 }"#.write(to: folder.appendingPathComponent("fsmc.json"), atomically: true, encoding: .utf8)
        let badConfig = try runFSMC(["generate", "call.fsm", "-o", "-", "--config", "fsmc.json"], in: folder)
        XCTAssertEqual(badConfig.status, 2)
        XCTAssertTrue(
            badConfig.stderr.contains(#""isolation" must be "MainActor", "nonisolated" or the name of a global actor"#),
            badConfig.stderr)
    }

    /// `simulate` runs them: `wait` moves virtual time, the timers are shown armed, timing out and
    /// cancelled (in the order they were armed: the `every`, armed again at 10s, last), a raised event is shown raised and processed; `--delay` answers a named delay.
    func testSimulateRunsTimersAndRaise() throws {
        let folder = try folder(
            with: Self.machine.replacingOccurrences(
                of: "    state Talking { hangUp -> Failed }\n",
                with: "    state Talking {\n        after callLimit / warn -> Failed\n        hangUp -> Failed\n    }\n"))
        try "wait 11s\nconnected\nwait 2.5s\n".write(
            to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "call.fsm", "--events", "events.txt", "--delay", "callLimit=2s"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter Dialing
                  timer armed: Dialing every 5s, due at 5s
                  timer armed: Dialing after 30s, due at 30s
              state: Dialing
            > wait 11s
              timeout at 5s: Dialing every 5s
                effects
                  ring
                  timer armed: Dialing every 5s, due at 10s
              timeout at 10s: Dialing every 5s
                effects
                  ring
                  timer armed: Dialing every 5s, due at 15s
              time: 11s
              state: Dialing
            > connected
              Dialing -> Talking
                exit Dialing
                  timer cancelled: Dialing after 30s
                  timer cancelled: Dialing every 5s
                enter Talking
                  timer armed: Talking after callLimit -> Failed, due at 13s
              state: Talking
            > wait 2.5s
              timeout at 13s: Talking after callLimit -> Failed
                exit Talking
                effects of Talking -> Failed
                  warn
                enter Failed
              finished
              time: 13.5s
              state: Failed (finished)

            """)
    }

    /// The raise of a timeout's effects is processed after them, as an event from outside would be.
    func testSimulateShowsARaisedEvent() throws {
        let folder = try folder()
        try "wait 30s\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "call.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                  timeout at 30s: Dialing after 30s
                    effects
                      raise giveUp
                giveUp (raised)
                  Dialing -> Failed
                    exit Dialing
                      timer cancelled: Dialing every 5s
                    enter Failed
                  finished
                  time: 30s
                  state: Failed (finished)

                """), result.stdout)
    }

    /// Bad `wait` lines and `--delay` options are located and explained, as bad event lines and
    /// `--guard` options are; a named delay without an answer stops the run.
    func testBadWaitsAndDelays() throws {
        let folder = try folder(
            with: Self.machine.replacingOccurrences(of: "after 30s", with: "after giveUpDelay"))
        for (line, message) in [
            ("wait", "expected a duration after 'wait', like 'wait 2s' or 'wait 500ms'"),
            ("wait 2sec", "unknown unit 'sec' in duration '2sec'; did you mean 's'?"),
            ("wait 2 s", "a duration is written without a space between number and unit: '2s'"),
            ("wait -1s", "duration '-1s' is negative; a delay is zero or more"),
            ("wait 1s now", "expected the end of the line after 'wait 1s', found 'now'"),
        ] {
            try "connected\n\(line)\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
            let result = try runFSMC(
                ["simulate", "call.fsm", "--events", "events.txt", "--delay", "giveUpDelay=1s"], in: folder)
            XCTAssertEqual(result.status, 1, line)
            XCTAssertEqual(result.stderr, "events.txt:2: error: \(message)\n", line)
        }
        try "wait 1s\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        for (option, message) in [
            ("giveUpDelay", "invalid '--delay giveUpDelay'; expected name=duration, like retryDelay=2s"),
            (
                "giveUpDelay=3",
                "invalid '--delay giveUpDelay=3': duration '3' has no unit; write it with one of ms, s, min or h, with no space: '3s'"
            ),
            (
                "giveUpDelai=3s",
                "'--delay giveUpDelai=...': the machine has no delay 'giveUpDelai'; did you mean 'giveUpDelay'? Its delays are: giveUpDelay"
            ),
        ] {
            let result = try runFSMC(["simulate", "call.fsm", "--events", "events.txt", "--delay", option], in: folder)
            XCTAssertEqual(result.status, 2, option)
            XCTAssertTrue(result.stderr.hasPrefix("error: \(message)\n"), result.stderr)
        }
        let unanswered = try runFSMC(["simulate", "call.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(unanswered.status, 1)
        XCTAssertEqual(
            unanswered.stderr,
            "error: delay 'giveUpDelay' has no answer; pass --delay giveUpDelay=<duration>, like --delay giveUpDelay=2s\n")
    }

    /// An endless cycle of raises stops the run with an error at the raise.
    func testSimulateStopsAnEndlessRaiseAtTheRaise() throws {
        let folder = try folder(
            with: "machine P {\n    initial A\n    state A {\n        ping / raise ping\n    }\n}\n")
        try "ping\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "call.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "call.fsm:4:16: error: more than 10000 raised events in a row ('ping' raised here): a cycle of 'raise'\n"),
            result.stderr)
    }
}
