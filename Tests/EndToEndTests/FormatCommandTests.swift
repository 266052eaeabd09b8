import Foundation
import TestSupport
import XCTest

/// `fsmc format` end to end: rewriting files, `--check`, standard input, syntax errors.
final class FormatCommandTests: XCTestCase {
    let messy = "machine Door{initial Closed;state Closed{open->Opened}\nstate Opened { close -> Closed }}"
    let tidy = """
        machine Door {
            initial Closed
            state Closed { open -> Opened }
            state Opened { close -> Closed }
        }

        """

    func testRewritesFilesAndCheckListsThoseThatWouldChange() throws {
        let folder = try temporaryFolder(self)
        let messyFile = folder.appendingPathComponent("Messy.fsm")
        let tidyFile = folder.appendingPathComponent("Tidy.fsm")
        try messy.write(to: messyFile, atomically: true, encoding: .utf8)
        try tidy.write(to: tidyFile, atomically: true, encoding: .utf8)

        let check = try runFSMC(["format", "--check", messyFile.path, tidyFile.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "\(messyFile.path): not formatted (run 'fsmc format \(messyFile.path)')\n")
        let relative = try runFSMC(["format", "--check", "Messy.fsm", "Tidy.fsm"], in: folder)
        XCTAssertEqual(relative.status, 1)
        XCTAssertEqual(relative.stdout, "Messy.fsm: not formatted (run 'fsmc format Messy.fsm')\n")
        XCTAssertEqual(relative.stderr, "")
        XCTAssertEqual(try String(contentsOf: messyFile, encoding: .utf8), messy, "--check changed the file")

        let format = try runFSMC(["format", messyFile.path, tidyFile.path])
        XCTAssertEqual(format.status, 0, format.stderr)
        XCTAssertEqual(format.stdout, "")
        XCTAssertEqual(try String(contentsOf: messyFile, encoding: .utf8), tidy)
        XCTAssertEqual(try runFSMC(["format", "--check", messyFile.path, tidyFile.path]).status, 0)
    }

    func testStandardInputGoesToStandardOutput() throws {
        let piped = try runFSMC(["format", "-"], stdin: messy)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, tidy)
        let checked = try runFSMC(["format", "--check", "-"], stdin: messy)
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdout, "<stdin>: not formatted (run 'fsmc format -')\n")
    }

    func testSyntaxErrorsLeaveTheFileUntouchedAndAreReported() throws {
        let folder = try temporaryFolder(self)
        let broken = folder.appendingPathComponent("Broken.fsm")
        let source = "machine M {\n  initial A\n  state A { go -> }\n}\n"
        try source.write(to: broken, atomically: true, encoding: .utf8)
        let result = try runFSMC(["format", broken.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Broken.fsm:3:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error:"), result.stderr)
        XCTAssertEqual(try String(contentsOf: broken, encoding: .utf8), source)
        let piped = try runFSMC(["format", "-"], stdin: source)
        XCTAssertEqual(piped.status, 1)
        XCTAssertEqual(piped.stdout, source, "standard input must come back unchanged")
    }

    /// `fsmc help format` describes what --check prints, in the words it prints.
    func testHelpDescribesTheCheckOutput() throws {
        let help = try runFSMC(["help", "format"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--check                     Change nothing; report each file that is not formatted"))
        XCTAssertTrue(
            help.stdout.contains(
                "With --check, no file is rewritten; each file that\nwould change gets a line on standard output:\n  Door.fsm: not formatted (run 'fsmc format Door.fsm')\n"
            ), help.stdout)
    }

    func testMissingFileAndMissingArgument() throws {
        XCTAssertEqual(try runFSMC(["format"]).status, 2)
        let missing = try runFSMC(["format", "/nonexistent/No.fsm"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
    }
}
