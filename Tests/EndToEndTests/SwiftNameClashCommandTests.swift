import Foundation
import TestSupport
import XCTest

/// States `Armed` and `armed` would both be `StateID.armed` in the generated Swift: `fsmc generate`
/// and `fsmc check` report it where it is, while `fsmc dot`, `fsmc mermaid` and `fsmc simulate`,
/// which have no Swift, draw and run the machine as written (docs/Diagnostics.md, name-collision).
final class SwiftNameClashCommandTests: XCTestCase {
    private let alarm = """
        machine Alarm {
            initial Armed
            state Armed { disarm -> armed }
            state armed { arm -> Armed }
        }

        """

    private let located = """
        example.fsm:4:11: error: state 'armed' and state 'Armed' would both become 'StateID.armed' in the generated Swift
            state armed { arm -> Armed }
                  ^~~~~
        example.fsm:3:11: note: 'Armed' declared here
            state Armed { disarm -> armed }
                  ^~~~~

        """

    func testGenerateAndCheckReportTheClash() throws {
        let folder = try temporaryFolder(self)
        try alarm.write(to: folder.appendingPathComponent("example.fsm"), atomically: true, encoding: .utf8)
        let generate = try runFSMC(["generate", "example.fsm", "-o", "Generated/"], in: folder)
        XCTAssertEqual(generate.status, 1)
        XCTAssertEqual(generate.stderr, located)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        let check = try runFSMC(["check", "example.fsm"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, located)
    }

    func testDiagramsAndSimulationHaveNoSwiftToClash() throws {
        let folder = try temporaryFolder(self)
        try alarm.write(to: folder.appendingPathComponent("example.fsm"), atomically: true, encoding: .utf8)
        let dot = try runFSMC(["dot", "example.fsm"], in: folder)
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertEqual(dot.stderr, "")
        XCTAssertTrue(dot.stdout.contains("\"Armed\" -> \"armed\" [label=\"disarm\"]"), dot.stdout)
        XCTAssertTrue(dot.stdout.contains("\"armed\" -> \"Armed\" [label=\"arm\"]"), dot.stdout)
        let mermaid = try runFSMC(["mermaid", "example.fsm"], in: folder)
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        XCTAssertEqual(mermaid.stderr, "")
        XCTAssertTrue(mermaid.stdout.hasSuffix("    Armed --> armed : disarm\n    armed --> Armed : arm\n"), mermaid.stdout)
        let simulate = try runFSMC(["simulate", "example.fsm"], stdin: "disarm\n", in: folder)
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        XCTAssertEqual(simulate.stderr, "")
        XCTAssertTrue(simulate.stdout.hasSuffix("    enter armed\n  state: armed\n"), simulate.stdout)
    }
}
