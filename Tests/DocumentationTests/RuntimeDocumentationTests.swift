import Foundation
import TestSupport
import XCTest

/// docs/Runtime.md's promises: its commands for a build without SwiftPM work as shown, its Swift
/// compiles against the runtime, a file without the runtime stops where it says, and every public
/// type of the runtime is in its table.
final class RuntimeDocumentationTests: XCTestCase {
    private func page() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("docs/Runtime.md"), encoding: .utf8)
    }

    private func section(_ heading: String) throws -> String {
        let sections = try page().components(separatedBy: "\n## ")
        return try XCTUnwrap(sections.first { $0.hasPrefix(heading + "\n") }, heading)
    }

    private static let door =
        "machine Door {\n    initial Closed\n    state Closed { open -> Opened }\n    state Opened { close -> Closed }\n}\n"

    /// "Without SwiftPM": the three commands, run as written with fsmc on the PATH, build a program
    /// from a generated machine.
    func testTheCommandsWithoutSwiftPMBuildAMachine() throws {
        let commands = try XCTUnwrap(fencedBlocks("sh", in: try section("Without SwiftPM")).first)
        XCTAssertEqual(commands.split(separator: "\n").count, 3, commands)
        let folder = try temporaryFolder(self)
        try Self.door.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try runFSMC(["generate", "Door.fsm"], in: folder).status, 0)
        try """
        final class Hinges: DoorActions {}
        let hinges = Hinges()
        let door = Door(actions: hinges)
        door.open()
        print(door.state)
        """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = fsmcExecutable().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-e", "-c", commands + "./door\n"], in: folder, environment: environment,
            mergingStandardError: true)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.output, "opened\n")
    }

    /// The Swift of the page compiles against the runtime (built as the page says), and a generated
    /// file compiled without it stops at its import with the error the page quotes.
    func testItsSwiftCompilesAndAFileWithoutTheRuntimeStopsAtItsImport() throws {
        let folder = try temporaryFolder(self)
        XCTAssertEqual(try runFSMC(["runtime", "-o", "FSMRuntime"], in: folder).status, 0)
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("FSMRuntime").path)
            .filter { $0.hasSuffix(".swift") }.map { "FSMRuntime/" + $0 }
        let built = try runSwiftc(
            ["-parse-as-library", "-emit-module", "-module-name", "FSMRuntime", "-o", "FSMRuntime.swiftmodule"] + sources,
            in: folder)
        XCTAssertEqual(built.status, 0, built.output)
        for (number, block) in fencedBlocks("swift", in: try page()).enumerated() where block.contains("import FSMRuntime") {
            try block.write(to: folder.appendingPathComponent("block\(number).swift"), atomically: true, encoding: .utf8)
            let compile = try runSwiftc(["-typecheck", "-warnings-as-errors", "-I", ".", "block\(number).swift"], in: folder)
            XCTAssertEqual(compile.status, 0, "\(block)\n\(compile.output)")
        }
        try Self.door.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try runFSMC(["generate", "Door.fsm"], in: folder).status, 0)
        let alone = try runSwiftc(["-typecheck", "Door.swift"], in: folder)
        XCTAssertNotEqual(alone.status, 0)
        XCTAssertTrue(try section("With SwiftPM").contains("`error: no such module 'FSMRuntime'`"))
        XCTAssertTrue(alone.output.contains("error: no such module 'FSMRuntime'"), alone.output)
        // The version line the page shows is the generated file's.
        let versionLine = try XCTUnwrap(fencedBlocks("swift", in: try section("Versions")).first)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("Door.swift"), encoding: .utf8).contains(versionLine))
        XCTAssertTrue(try runFSMC(["help", "runtime"]).stdout.contains("FSMRuntime version 4"))
    }

    /// Every public type of Sources/FSMRuntime is named in the page's table.
    func testTheTableNamesEveryPublicTypeOfTheRuntime() throws {
        let table = try page().components(separatedBy: "\n## ")[0]
        let folder = repositoryRoot.appendingPathComponent("Sources/FSMRuntime")
        var types: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(separator: " ")
                if let keyword = words.firstIndex(where: { ["enum", "struct", "class"].contains($0) }), keyword + 1 < words.count
                {
                    types.append(String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber }))
                }
            }
        }
        XCTAssertGreaterThanOrEqual(types.count, 10)
        for type in types { XCTAssertTrue(table.contains("`\(type)`"), "docs/Runtime.md's table lacks \(type)") }
    }
}
