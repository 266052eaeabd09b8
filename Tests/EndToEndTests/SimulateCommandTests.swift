import Foundation
import TestSupport
import XCTest

/// `fsmc simulate` end to end: the transcript, event-line errors, guard answers, exit statuses.
final class SimulateCommandTests: XCTestCase {
    private let machine = """
        machine Lock {
            event unlock(code: String)
            initial Locked
            state Locked {
                entry / showLocked
                unlock [isValid(code)] / beep -> Open
                unlock / countFailure
            }
            state Open {
                exit / closeDoor
                lock -> Locked
            }
        }

        """

    private func folder(with events: String) throws -> URL {
        let folder = try temporaryFolder(self)
        try machine.write(to: folder.appendingPathComponent("lock.fsm"), atomically: true, encoding: .utf8)
        try events.write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    func testPrintsEachTransitionItsActionsAndTheNewStates() throws {
        let folder = try folder(with: "unlock code=\"42\"\n\n# locked again\nlock\nlock\n")
        let result = try runFSMC(
            ["simulate", "lock.fsm", "--events", "events.txt", "--guard", "isValid=true"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter Locked
                  showLocked
              state: Locked
            > unlock code="42"
              guard isValid(code: "42") = true
              Locked -> Open
                exit Locked
                effects of Locked -> Open
                  beep
                enter Open
              state: Open
            > lock
              Open -> Locked
                exit Open
                  closeDoor
                enter Locked
                  showLocked
              state: Locked
            > lock
              unhandled in Locked
              state: Locked

            """)
    }

    func testEventsFromStandardInputAndAFalseGuard() throws {
        let folder = try folder(with: "")
        let result = try runFSMC(
            ["simulate", "lock.fsm", "--guard=isValid=false"], stdin: "unlock code=\"0\"\n", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                > unlock code="0"
                  guard isValid(code: "0") = false
                  Locked: internal transition
                    effects
                      countFailure
                  state: Locked

                """), result.stdout)
    }

    func testAnUnansweredGuardWithoutATerminalIsAnError() throws {
        let folder = try folder(with: "unlock code=\"42\"\n")
        let result = try runFSMC(["simulate", "lock.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "error: guard 'isValid' has no answer; pass --guard isValid=true or --guard isValid=false, "
                + "or answer it on the event's line: [isValid=true]\n")
    }

    func testAnEventLineAnswersGuardsForThatEventOnly() throws {
        // The line's answer wins over --guard, for that event only; the next event has --guard's.
        let folder = try folder(
            with: "unlock code=\"1\" [isValid=false]\nunlock code=\"2\"\nlock\nunlock code=\"3\" [ isValid = true ]  # ok\n")
        let result = try runFSMC(
            ["simulate", "lock.fsm", "--events", "events.txt", "--guard", "isValid=true"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let asked = result.stdout.split(separator: "\n").filter { $0.contains("guard ") }
        XCTAssertEqual(
            asked,
            [
                #"  guard isValid(code: "1") = false"#, #"  guard isValid(code: "2") = true"#,
                #"  guard isValid(code: "3") = true"#,
            ])
        // Without --guard, the lines alone answer.
        let alone = try runFSMC(["simulate", "lock.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stdout.contains(#"guard isValid(code: "1") = false"#), alone.stdout)
        XCTAssertTrue(
            alone.stderr.hasSuffix(
                "error: guard 'isValid' has no answer; pass --guard isValid=true or --guard isValid=false, "
                    + "or answer it on the event's line: [isValid=true]\n"), alone.stderr)
    }

    func testBadEventLinesAreLocated() throws {
        for (line, message) in [
            ("unlok", "unknown event 'unlok'; did you mean 'unlock'? The events are: unlock, lock"),
            ("open", "unknown event 'open'; the events are: unlock, lock"),
            ("unlock code=42", "parameter 'code' is String, but 42 is not"),
            ("unlock", "event 'unlock' needs 'code=...' (String)"),
            ("lock now=1", "event 'lock' has no parameter 'now'; it takes none"),
            // Only the language's escapes: Swift's `\r` is not one, in an event line as in a `.fsm` file.
            (#"unlock code="4\r2""#, #"unknown escape '\r' in a string; use \", \\, \n, \t or \u{...}"#),
            // Guards answered on the line.
            (
                #"unlock code="1" [isVald=true]"#,
                "the machine has no guard 'isVald'; did you mean 'isValid'? Its guards are: isValid"
            ),
            (#"unlock code="1" [isValid=maybe]"#, "expected 'isValid=true' or 'isValid=false'"),
            (#"unlock code="1" [isValid=true"#, "expected ']' to close the guards' answers"),
            (#"unlock code="1" [isValid=true] now"#, "expected the end of the line after the guards' ']', found 'now'"),
        ] {
            let folder = try folder(with: "lock\n\n\(line)\nlock\n")
            let result = try runFSMC(
                ["simulate", "lock.fsm", "--events", "events.txt", "--guard", "isValid=true"], in: folder)
            XCTAssertEqual(result.status, 1, line)
            XCTAssertEqual(result.stderr, "events.txt:3: error: \(message)\n", line)
        }
    }

    func testUsageErrors() throws {
        let folder = try folder(with: "")
        let cases: [([String], String)] = [
            (
                ["simulate", "lock.fsm", "--guard", "isValid"],
                "error: invalid '--guard isValid'; expected name=true or name=false"
            ),
            (
                ["simulate", "lock.fsm", "--guard", "nope=true"],
                "error: '--guard nope=...': the machine has no guard 'nope'; its guards are: isValid"
            ),
            (
                ["simulate", "lock.fsm", "--guard", "isVaild=true"],
                "error: '--guard isVaild=...': the machine has no guard 'isVaild'; did you mean 'isValid'? Its guards are: isValid"
            ),
            (
                // Two unknown guards: the first by name is reported, on every run.
                ["simulate", "lock.fsm", "--guard", "zeta=true", "--guard", "isValid=true", "--guard", "alpha=false"],
                "error: '--guard alpha=...': the machine has no guard 'alpha'; its guards are: isValid"
            ),
            (
                ["simulate", "lock.fsm", "--guard", "isValid=true", "--guard", "isValid=false"],
                "error: '--guard isValid=...' given more than once"
            ),
            (["simulate", "-"], "error: the machine and the events cannot both come from standard input; pass --events <path>"),
            (["simulate", "lock.fsm", "lock.fsm"], "error: 'fsmc simulate' takes one file, not 2"),
        ]
        for (arguments, message) in cases {
            let result = try runFSMC(arguments, stdin: "", in: folder)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(message + "\n"), result.stderr)
        }
        let missing = try runFSMC(["simulate", "lock.fsm", "--events", "nothing.txt"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: nothing.txt: no such file\n")
    }

    func testAMachineWithErrorsIsReportedAndNotRun() throws {
        let folder = try folder(with: "lock\n")
        try "machine M { initial Nowhere }".write(
            to: folder.appendingPathComponent("bad.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "bad.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("bad.fsm:1:21: error: "), result.stderr)
    }

    func testPushPopAndQueuedEventsAreShown() throws {
        let folder = try temporaryFolder(self)
        try """
        machine Menu {
            initial Playing
            state Playing { pause -> push Paused }
            state Paused { resume / fadeIn -> pop }
        }
        """.write(to: folder.appendingPathComponent("menu.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "menu.fsm"], stdin: "pause\nresume\n", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("  Playing -> push Paused\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  Paused -> pop (to Playing)\n"), result.stdout)
        // When the effects run, the pop's target is already off the stack: the pop is named alone.
        XCTAssertTrue(result.stdout.contains("    effects of Paused -> pop\n      fadeIn\n"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("  state: Playing\n"), result.stdout)
    }

    private let shop = """
        machine Shop {
            initial Browsing
            state Browsing { checkout -> Checkout }
            state Checkout {
                initial history Address
                state Address { next -> Verifying }
                state Verifying { [addressValid] -> Payment }
                state Payment { pay / charge -> Paid }
                final state Paid
                / thank -> Browsing
                help -> Help
            }
            state Help { close -> history Checkout }
        }

        """

    func testCompletionsAndHistoryAreShown() throws {
        let folder = try temporaryFolder(self)
        try shop.write(to: folder.appendingPathComponent("shop.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(
            ["simulate", "shop.fsm", "--guard", "addressValid=true"], stdin: "checkout\nnext\nhelp\nclose\npay\ncheckout\n",
            in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        // The last `checkout` finds Paid recorded for Checkout: its default entry (Address), not Paid.
        let lastCheckout = try XCTUnwrap(result.stdout.range(of: "> checkout\n", options: .backwards))
        XCTAssertEqual(
            result.stdout[lastCheckout.upperBound...],
            "  Browsing -> Checkout\n    exit Browsing\n    enter Checkout\n    enter Address\n  state: Checkout > Address\n")
        XCTAssertEqual(
            result.stdout[..<lastCheckout.lowerBound],
            """
            start
                enter Browsing
              state: Browsing
            > checkout
              Browsing -> Checkout
                exit Browsing
                enter Checkout
                enter Address
              state: Checkout > Address
            > next
              Address -> Verifying
                exit Address
                enter Verifying
              Verifying completes
              guard addressValid = true
              Verifying -> Payment
                exit Verifying
                enter Payment
              state: Checkout > Payment
            > help
              Checkout -> Help
                history of Checkout: Payment
                exit Payment
                exit Checkout
                enter Help
              state: Help
            > close
              Help -> history Checkout
                exit Help
                enter Checkout
                enter Payment
              state: Checkout > Payment
            > pay
              Payment -> Paid
                exit Payment
                effects of Payment -> Paid
                  charge
                enter Paid
              Checkout completes
              Checkout -> Browsing
                history of Checkout: Paid
                exit Paid
                exit Checkout
                effects of Checkout -> Browsing
                  thank
                enter Browsing
              state: Browsing

            """)
        // A completion none of whose transitions fires is dropped.
        let dropped = try runFSMC(
            ["simulate", "shop.fsm", "--guard", "addressValid=false"], stdin: "checkout\nnext\n", in: folder)
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertTrue(
            dropped.stdout.hasSuffix(
                """
                  Verifying completes
                  guard addressValid = false
                  no completion transition fires
                  state: Checkout > Verifying

                """), dropped.stdout)
    }

    func testACompletionCycleWhoseGuardsKeepHoldingIsStopped() throws {
        let folder = try temporaryFolder(self)
        try "machine Loop { initial A; state A { [again] -> B }; state B { [again] -> A } }\n".write(
            to: folder.appendingPathComponent("loop.fsm"), atomically: true, encoding: .utf8)
        let looping = try runFSMC(["simulate", "loop.fsm", "--guard", "again=true"], stdin: "", in: folder)
        XCTAssertEqual(looping.status, 1)
        XCTAssertTrue(
            looping.stderr.hasSuffix(
                "error: more than 10000 completions in a row: a cycle of completion transitions whose guards keep holding\n"),
            looping.stderr)
        // A guard of a completion at start needs an answer too.
        let unanswered = try runFSMC(["simulate", "loop.fsm"], stdin: "", in: folder)
        XCTAssertEqual(unanswered.status, 1)
        XCTAssertTrue(
            unanswered.stderr.hasSuffix(
                "error: guard 'again' has no answer; pass --guard again=true or --guard again=false\n"), unanswered.stderr)
        XCTAssertEqual(unanswered.stdout, "start\n    enter A\n  A completes\n")
    }

    /// On a terminal (a pseudo-terminal from util-linux's `script`), events are read at a prompt,
    /// guards without --guard are asked, and a wrong line is reported without ending the session.
    func testInteractiveSessionAsksForGuards() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("needs /usr/bin/script for a pseudo-terminal")
        }
        let folder = try folder(with: "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(fsmcExecutable().path)' simulate lock.fsm", "/dev/null"]
        process.currentDirectoryURL = folder
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        try process.run()
        input.fileHandleForWriting.write(Data("unlock code=\"7\"\nyes\nbogus\nlock\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: "")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("guard isValid(code: \"7\")? [t/f] "), text)
        XCTAssertTrue(text.contains("  guard isValid(code: \"7\") = true\n  Locked -> Open\n"), text)
        XCTAssertTrue(text.contains("error: unknown event 'bogus'; the events are: unlock, lock\n"), text)
        XCTAssertTrue(text.contains("  Open -> Locked\n"), text)
    }
}
