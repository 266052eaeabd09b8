import Foundation
import TestSupport
import XCTest

@testable import FSMCore

/// FSMCore's copy of the run-time code of generated machines (Sources/FSMCore/SwiftGeneration/
/// MachineRuntimeSource.swift) is the text of Sources/MachineRuntime/Runtime, where the code is
/// written, type-checked and tested. `make golden` rewrites the copy after an edit there.
final class GoldenMachineRuntimeSourceTests: XCTestCase {
    private static let runtimeFolder = repositoryRoot.appendingPathComponent("Sources/MachineRuntime/Runtime")
    private static let copy = repositoryRoot.appendingPathComponent("Sources/FSMCore/SwiftGeneration/MachineRuntimeSource.swift")

    /// Each file of Runtime/ by its name without `.swift`, from its first line that is not a `//`
    /// comment (the header for readers of the repository) or blank.
    private func runtimeFiles() throws -> [(name: String, body: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.runtimeFolder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let text = try String(contentsOf: Self.runtimeFolder.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let body = lines.drop { ($0.hasPrefix("//") && !$0.hasPrefix("///")) || $0.isEmpty }
            return (String(name.dropLast(".swift".count)), body.dropLast().joined(separator: "\n"))
        }
    }

    private func rendered(_ files: [(name: String, body: String)]) -> String {
        var text = """
            // Generated from Sources/MachineRuntime/Runtime by `make golden`. Do not edit: edit the run-time
            // code there (Sources/MachineRuntime/README.md).
            // swift-format-ignore-file

            /// The run-time code of generated machines, as written in Sources/MachineRuntime/Runtime.
            enum MachineRuntimeSource {
                /// Each file's text by its name, without the header comment.
                static let files: [String: String] = [

            """
        for file in files {
            text += "        \"\(file.name)\": #\"\"\"\n\(file.body)\n\"\"\"#,\n"
        }
        return text + "    ]\n}\n"
    }

    func testTheCopyIsTheRuntimeCode() throws {
        let files = try runtimeFiles()
        XCTAssertEqual(Set(files.map(\.name)), Set(RuntimeCode.allCases.map(\.rawValue)), "one file per RuntimeCode part")
        let expected = rendered(files)
        if ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" {
            try expected.write(to: Self.copy, atomically: true, encoding: .utf8)
            return
        }
        let copy = (try? String(contentsOf: Self.copy, encoding: .utf8)) ?? "<missing>"
        XCTAssertEqual(copy, expected, "Sources/MachineRuntime/Runtime changed: run 'make golden' and review the diff")
        // What FSMCore was built with is the same text.
        for file in files {
            XCTAssertEqual(MachineRuntimeSource.files[file.name], file.body, file.name)
        }
    }
}
