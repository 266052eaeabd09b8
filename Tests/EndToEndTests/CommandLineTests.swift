import Foundation
import TestSupport
import XCTest

/// End-to-end tests of the command line: they run the built binary.
final class CommandLineTests: XCTestCase {
    @discardableResult
    private func write(_ text: String, to name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testVersionMatchesTheChangelog() throws {
        let result = try runFSMC(["--version"])
        XCTAssertEqual(result.status, 0)
        let changelog = try String(
            contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"),
            encoding: .utf8)
        let version = try XCTUnwrap(result.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(result.stdout, "fsmc \(version)\n")
        XCTAssertTrue(changelog.contains("## \(version)"), "CHANGELOG.md has no section for \(version)")
    }

    func testHelp() throws {
        let overview = try runFSMC(["--help"])
        XCTAssertEqual(overview.status, 0)
        XCTAssertTrue(overview.stdout.contains("USAGE: fsmc <subcommand>"))
        XCTAssertTrue(overview.stdout.contains("check"))
        let check = try runFSMC(["help", "check"])
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.stdout.contains("--warnings-as-errors"))
        XCTAssertEqual(try runFSMC(["check", "--help"]).stdout, check.stdout)
        let unknown = try runFSMC(["help", "chek"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown subcommand 'chek'; did you mean 'check'?"))
    }

    func testNoArgumentsIsAUsageError() throws {
        let result = try runFSMC([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("USAGE:"))
    }

    func testUnknownSubcommandAndOptionsAreNamed() throws {
        let subcommand = try runFSMC(["chekc", "a.fsm"])
        XCTAssertEqual(subcommand.status, 2)
        XCTAssertTrue(subcommand.stderr.hasPrefix("error: unknown subcommand 'chekc'; did you mean 'check'?\n"))
        let option = try runFSMC(["check", "--formt", "json", "a.fsm"])
        XCTAssertEqual(option.status, 2)
        XCTAssertEqual(
            option.stderr,
            "error: unknown option '--formt'; did you mean '--format'?\nUsage: fsmc check <file>... [--format text|json|sarif] [--warnings-as-errors]\n  See 'fsmc help check'.\n"
        )
        let value = try runFSMC(["check", "--format", "xml", "a.fsm"])
        XCTAssertEqual(value.status, 2)
        XCTAssertTrue(value.stderr.hasPrefix("error: invalid value 'xml' for '--format'; expected one of: text, json, sarif\n"))
        let missing = try runFSMC(["check", "a.fsm", "--format"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("error: missing value for '--format <format>'\n"))
        let noFiles = try runFSMC(["check"])
        XCTAssertEqual(noFiles.status, 2)
        XCTAssertTrue(noFiles.stderr.hasPrefix("error: missing input file"))
    }

    /// Suggestions use the compiler's measure (a swap of neighbouring letters is one edit, a
    /// difference in case none) with a fixed limit of two edits, short names included; a
    /// subcommand too far for that but the start of exactly one name (`gen`) is suggested too.
    func testSuggestionsForSubcommandsAndOptions() throws {
        let cases: [([String], String?)] = [
            (["mremiad", "a.fsm"], "unknown subcommand 'mremiad'; did you mean 'mermaid'?"),  // two swaps
            (["chk", "a.fsm"], "unknown subcommand 'chk'; did you mean 'check'?"),  // two edits in three letters
            (["check", "--FORMAT", "json", "a.fsm"], "unknown option '--FORMAT'; did you mean '--format'?"),
            (["gen", "a.fsm"], "unknown subcommand 'gen'; did you mean 'generate'?"),  // the start of one name
            (["chek", "a.fsm"], "unknown subcommand 'chek'; did you mean 'check'?"),
            (["simulte", "a.fsm"], "unknown subcommand 'simulte'; did you mean 'simulate'?"),
            (["help", "gen"], "unknown subcommand 'gen'; did you mean 'generate'?"),
            (["d", "a.fsm"], "unknown subcommand 'd'; did you mean 'dot'?"),  // within two edits of 'dot'
            (["GEN", "a.fsm"], "unknown subcommand 'GEN'; did you mean 'generate'?"),  // case aside
            (["m", "a.fsm"], "unknown subcommand 'm'; did you mean 'mermaid'?"),  // the start of one name
            (["translate", "a.fsm"], nil),  // neither close nor a start
        ]
        for (arguments, suggestion) in cases {
            let result = try runFSMC(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            if let suggestion {
                XCTAssertEqual(firstLine, "error: " + suggestion)
            } else {
                XCTAssertFalse(firstLine.contains("did you mean"), firstLine)
            }
        }
    }

    func testCheckCleanFileSucceedsSilently() throws {
        let folder = try temporaryFolder(self)
        let path = try write(validMachine, to: "door.fsm", in: folder)
        let result = try runFSMC(["check", path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout + result.stderr, "")
    }

    func testCheckReportsErrorsWithExitStatusOne() throws {
        let folder = try temporaryFolder(self)
        try write(validMachine.replacingOccurrences(of: "-> Opened", with: "-> Opend"), to: "door.fsm", in: folder)
        let result = try runFSMC(["check", "door.fsm"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            door.fsm:3:28: error: cannot find state 'Opend' in machine; did you mean 'Opened'?
                state Closed { open -> Opend }
                                       ^~~~~
                                       Opened

            """)
    }

    func testWarningsPassUnlessWarningsAreErrors() throws {
        let folder = try temporaryFolder(self)
        let path = try write(
            validMachine.replacingOccurrences(of: "initial Closed", with: "initial Closed\n    event unused"), to: "w.fsm",
            in: folder)
        let lenient = try runFSMC(["check", path])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(lenient.stderr.contains("warning: event 'unused' is declared but no transition uses it"))
        XCTAssertEqual(try runFSMC(["check", "--warnings-as-errors", path]).status, 1)
    }

    func testJSONAndSARIFGoToStandardOutput() throws {
        let folder = try temporaryFolder(self)
        try write(validMachine.replacingOccurrences(of: "-> Opened", with: "-> Nowhere"), to: "door.fsm", in: folder)
        let spaced = try runFSMC(["check", "--format", "json", "door.fsm"], in: folder)
        let joined = try runFSMC(["check", "--format=json", "door.fsm"], in: folder)
        XCTAssertEqual(spaced.status, 1)
        XCTAssertEqual(spaced.stderr, "")
        XCTAssertEqual(spaced.stdout, joined.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(spaced.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(json?.first?["id"] as? String, "unknown-state")
        let sarif = try runFSMC(["check", "--format", "sarif", "door.fsm"], in: folder)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(log?["version"] as? String, "2.1.0")
    }

    func testUnreadableInputsAreUsageErrors() throws {
        let folder = try temporaryFolder(self)
        let missing = try runFSMC(["check", "nope.fsm"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: nope.fsm: no such file\n")
        let directory = try runFSMC(["check", folder.path])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("is a directory"))
    }

    func testDoubleDashEndsOptionsAndDashReadsStandardInput() throws {
        let folder = try temporaryFolder(self)
        try write(validMachine, to: "--odd.fsm", in: folder)
        XCTAssertEqual(try runFSMC(["check", "--", "--odd.fsm"], in: folder).status, 0)
        let piped = try runFSMC(["check", "-"], stdin: "machine M {\n  initial A\n  state A { go -> B }\n}\n")
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.stderr.hasPrefix("<stdin>:3:19: error: cannot find state 'B' in machine"))
    }

    func testInputCountsAreCheckedAsEachCommandTakesThem() throws {
        let folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("door.fsm"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["dot"], "error: missing input file; pass one or more .fsm files\n"),
            (["mermaid"], "error: missing input file; pass one or more .fsm files\n"),
            (["dot", "door.fsm", "door.fsm", "-o", "out"], "error: 'door.fsm' is given twice\n"),
            (["simulate"], "error: missing input file; pass one .fsm file\n"),
            (["check"], "error: missing input file; pass one or more .fsm files\n"),
            (["check", "-", "-"], "error: standard input ('-') can be read only once\n"),
            (["format", "-", "-"], "error: standard input ('-') can be read only once\n"),
            (["generate", "door.fsm", "door.fsm"], "error: 'door.fsm' is given twice\n"),
        ]
        for (arguments, message) in cases {
            let result = try runFSMC(arguments, stdin: validMachine, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testEveryFileIsCheckedInOneRun() throws {
        let folder = try temporaryFolder(self)
        try write("machine A {\n  initial X\n}\n", to: "a.fsm", in: folder)
        try write("machine B {\n  initial Y\n}\n", to: "b.fsm", in: folder)
        let result = try runFSMC(["check", "a.fsm", "b.fsm"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("a.fsm:2:11: error: cannot find state 'X'"))
        XCTAssertTrue(result.stderr.contains("b.fsm:2:11: error: cannot find state 'Y'"))
    }

    func testHugeFilesAreRefusedWithALocatedDiagnostic() throws {
        let folder = try temporaryFolder(self)
        let big = Data(repeating: UInt8(ascii: "\n"), count: 33 * 1024 * 1024)
        try big.write(to: folder.appendingPathComponent("big.fsm"))
        let result = try runFSMC(["check", "big.fsm"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "big.fsm:1:1: error: file is too large; fsmc reads files of up to 32 MiB\n")
    }
}
