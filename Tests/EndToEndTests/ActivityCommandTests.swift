import Foundation
import TestSupport
import XCTest

/// Activities (`do /`) and `catch` through the command line: `check`, `dot`, `mermaid` and
/// `simulate` accept them (ActivitiesSimulateCommandTests runs them); `generate` refuses them with an error
/// at each and writes nothing.
final class ActivityCommandTests: XCTestCase {
    static let machine = """
        machine Loader {
            initial Loading
            state Loading {
                do / fetchVideo
                -> Ready
                catch / report(error) -> Failed
            }
            state Ready { reload -> Loading }
            final state Failed
        }

        """

    private func folder() throws -> URL {
        let folder = try temporaryFolder(self)
        try Self.machine.write(to: folder.appendingPathComponent("loader.fsm"), atomically: true, encoding: .utf8)
        try "done Loading\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    func testCheckSimulateAndTheDiagramsAcceptActivities() throws {
        let folder = try folder()
        for command in ["check", "dot", "mermaid", "simulate"] {
            let arguments = command == "simulate" ? ["--events", "events.txt"] : []
            let result = try runFSMC([command, "loader.fsm"] + arguments, in: folder)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", command)
        }
    }

    func testGenerateRefusesActivitiesAndWritesNothing() throws {
        let folder = try folder()
        let result = try runFSMC(["generate", "loader.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            loader.fsm:4:9: error: activities ('do /') and 'catch' are not generated yet; fsmc check, simulate, dot and mermaid support them
                    do / fetchVideo
                    ^~~~~~~~~~~~~~~
            loader.fsm:6:9: error: activities ('do /') and 'catch' are not generated yet; fsmc check, simulate, dot and mermaid support them
                    catch / report(error) -> Failed
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/loader.swift").path))
    }
}
