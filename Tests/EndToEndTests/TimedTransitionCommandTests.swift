import Foundation
import TestSupport
import XCTest

/// Timed transitions and `raise` through the command line: `check` accepts a valid timed machine,
/// `generate` and `simulate` refuse it with an error at each construct and write nothing.
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

    func testGenerateRefusesTimedTransitionsAndRaiseAndWritesNothing() throws {
        let folder = try folder()
        let result = try runFSMC(["generate", "call.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            call.fsm:5:9: error: timed transitions ('every') are not generated yet; fsmc check, dot and mermaid support them
                    every 5s / ring
                    ^~~~~~~~~~~~~~~
            call.fsm:6:9: error: timed transitions ('after') are not generated yet; fsmc check, dot and mermaid support them
                    after 30s / raise giveUp
                    ^~~~~~~~~~~~~~~~~~~~~~~~
            call.fsm:6:21: error: internal events ('raise') are not generated yet; fsmc check, dot and mermaid support them
                    after 30s / raise giveUp
                                ^~~~~~~~~~~~

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/call.swift").path))
    }

    func testSimulateRefusesARaise() throws {
        let folder = try folder(
            with: Self.machine.replacingOccurrences(of: "        every 5s / ring\n", with: "")
                .replacingOccurrences(of: "after 30s / raise giveUp", with: "timeout / raise giveUp"))
        try "connected\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "call.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            call.fsm:5:19: error: internal events ('raise') are not simulated yet; fsmc check, dot and mermaid support them
                    timeout / raise giveUp
                              ^~~~~~~~~~~~

            """)
        XCTAssertEqual(result.stdout, "")
    }
}
