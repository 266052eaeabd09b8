import Foundation
import TestSupport
import XCTest

/// Every output format is the same, byte for byte, from one fsmc process to the next.
///
/// Swift seeds its hashing per process, so iterating a `Set` or a `Dictionary` gives a different
/// order in each process (and the same order twice within one). Generating twice in one process
/// would therefore prove nothing: each run here is a separate `fsmc` process, started without
/// `SWIFT_DETERMINISTIC_HASHING` so that every process gets its own random seed, and three runs
/// of each command are compared. The inputs are every example plus two synthetic machines large
/// enough for an order that depends on hashing to show: many states, events, guards and actions,
/// and many diagnostics of several kinds.
final class DeterminismTests: XCTestCase {
    static let runs = 3
    static let examples = repositoryRoot.appendingPathComponent("examples")

    /// Runs fsmc in a fresh process whose hash seed is random: the variable that would fix it is
    /// removed from the environment, whatever the test runner was started with.
    private func run(_ arguments: [String], in folder: URL) throws -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        environment["NO_COLOR"] = "1"
        return try runProcess(fsmcExecutable(), arguments, in: folder, environment: environment)
    }

    /// Copies every example and writes the synthetic machines into `folder`; returns the file names.
    private func inputs(in folder: URL) throws -> (valid: [String], withErrors: String) {
        var valid: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).sorted() {
            let source = Self.examples.appendingPathComponent("\(name)/\(name).fsm")
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("\(name).fsm"))
            valid.append("\(name).fsm")
        }
        XCTAssertEqual(valid.count, 12, "expected the twelve bundled examples")
        try Self.largeMachine.write(to: folder.appendingPathComponent("Large.fsm"), atomically: true, encoding: .utf8)
        try Self.machineWithManyWarnings.write(
            to: folder.appendingPathComponent("Warned.fsm"), atomically: true, encoding: .utf8)
        try Self.machineWithManyErrors.write(to: folder.appendingPathComponent("Faulty.fsm"), atomically: true, encoding: .utf8)
        return (valid + ["Large.fsm", "Warned.fsm"], "Faulty.fsm")
    }

    /// Runs `arguments` in `runs` processes and checks that each gives the same status and the
    /// same bytes on standard output and standard error as the first.
    @discardableResult
    private func expectSameOutput(
        _ arguments: [String], in folder: URL, status: Int32, file: StaticString = #filePath, line: UInt = #line
    ) throws -> RunResult {
        let first = try run(arguments, in: folder)
        XCTAssertEqual(first.status, status, "\(arguments): \(first.stderr)", file: file, line: line)
        XCTAssertFalse(first.stdout.isEmpty && first.stderr.isEmpty, "\(arguments) printed nothing", file: file, line: line)
        for _ in 1..<Self.runs {
            let next = try run(arguments, in: folder)
            XCTAssertEqual(next.status, first.status, "\(arguments)", file: file, line: line)
            XCTAssertNil(difference(first.stdout, next.stdout), "\(arguments): stdout", file: file, line: line)
            XCTAssertNil(difference(first.stderr, next.stderr), "\(arguments): stderr", file: file, line: line)
        }
        return first
    }

    /// `nil` when the two texts are the same bytes; otherwise the first line where they differ.
    private func difference(_ first: String, _ second: String) -> String? {
        guard !first.utf8.elementsEqual(second.utf8) else { return nil }
        let lines = (
            first.split(separator: "\n", omittingEmptySubsequences: false),
            second.split(separator: "\n", omittingEmptySubsequences: false)
        )
        let index =
            zip(lines.0, lines.1).enumerated().first { !$1.0.utf8.elementsEqual($1.1.utf8) }?.offset
            ?? min(lines.0.count, lines.1.count)
        func line(_ text: [Substring]) -> String { index < text.count ? String(text[index]) : "<end>" }
        return "differs between two fsmc processes at line \(index + 1):\n  \(line(lines.0))\n  \(line(lines.1))"
    }

    func testGeneratedSwiftIsTheSameInEveryProcess() throws {
        let folder = try temporaryFolder(self)
        let files = try inputs(in: folder).valid
        var outputs: [[String: Data]] = []
        for run in 0..<Self.runs {
            let result = try self.run(["generate"] + files + ["-o", "out\(run)"], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            var output: [String: Data] = [:]
            for file in files {
                let stem = String(file.dropLast(".fsm".count))
                output[stem] = try Data(contentsOf: folder.appendingPathComponent("out\(run)/\(stem).swift"))
            }
            outputs.append(output)
        }
        XCTAssertGreaterThan(outputs[0]["Large"]?.count ?? 0, 50_000, "the large machine is large")
        for output in outputs.dropFirst() {
            for (stem, data) in outputs[0] {
                let other = output[stem].map { String(decoding: $0, as: UTF8.self) } ?? "<missing>"
                XCTAssertNil(difference(String(decoding: data, as: UTF8.self), other), "\(stem).swift")
            }
        }
    }

    func testDiagramsAreTheSameInEveryProcess() throws {
        let folder = try temporaryFolder(self)
        for file in try inputs(in: folder).valid {
            for command in ["dot", "mermaid"] {
                for detail in ["full", "overview"] {
                    try expectSameOutput([command, file, "--detail", detail], in: folder, status: 0)
                }
            }
        }
    }

    func testJSONAndSARIFDiagnosticsAreTheSameInEveryProcess() throws {
        let folder = try temporaryFolder(self)
        let (valid, withErrors) = try inputs(in: folder)
        for format in ["json", "sarif", "text"] {
            let result = try expectSameOutput(["check", "--format", format] + valid + [withErrors], in: folder, status: 1)
            if format != "text" {
                XCTAssertGreaterThan(result.stdout.components(separatedBy: "\"message\"").count, 100, "many diagnostics")
            }
        }
    }

    /// Eight composite states of six states each, forty events with parameters, and a guard and an
    /// action per event, used from many places; a push and a pop; a final state.
    static let largeMachine: String = {
        var text = "/// A machine large enough for an order that depends on hashing to show.\nmachine Large {\n"
        for event in 0..<40 { text += "    event e\(event)(n: Int, s: String)\n" }
        text += "    initial G0\n    pause -> push Paused\n"
        for group in 0..<8 {
            text += "    /// Group \(group).\n    state G\(group) {\n        initial G\(group)S0\n"
            text += "        entry / enterGroup\(group)\n        exit / leaveGroup\(group)\n"
            for state in 0..<6 {
                text += "        state G\(group)S\(state) {\n            entry / mark(group: \(group), member: \(state))\n"
                for choice in 0..<3 {
                    let event = (group * 7 + state * 3 + choice) % 40
                    let target = "G\((group + choice) % 8)S\((state + 1) % 6)"
                    text +=
                        "            e\(event) [ok\(event)(n) && !busy\(group)] / act\(event)(n, s), note\(choice) -> \(target)\n"
                }
                text += "        }\n"
            }
            text += "    }\n"
        }
        text += "    state Paused {\n        resume -> pop\n        quit -> Done\n    }\n    final state Done\n}\n"
        return text
    }()

    /// Warnings of four kinds, spread over the file: unused events, pops without a push,
    /// unreachable states and a dead end. (Warnings are judged only when there are no errors.)
    static let machineWithManyWarnings = chain("Warned", header: (0..<30).map { "    event unused\($0)\n" }.joined()) {
        "    state A\($0) {\n        next / step\($0) -> A\($0 + 1)\n        back -> pop\n    }\n"
            + "    state Lost\($0) { back\($0) -> A0 }\n"
    }

    /// Unknown states, each with a suggestion and a note.
    static let machineWithManyErrors = chain("Faulty") {
        "    state A\($0) {\n        go\($0) / act\($0) -> A\($0 + 1)x\n        next -> A\($0 + 1)\n    }\n"
    }

    /// A machine of thirty states `A0` to `A29` (each written by `members`), after `header`,
    /// ending in the state `A30`.
    private static func chain(_ name: String, header: String = "", _ members: (Int) -> String) -> String {
        "machine \(name) {\n    initial A0\n" + header + (0..<30).map(members).joined() + "    state A30\n}\n"
    }
}
