import Foundation
import TestSupport
import XCTest

/// `fsmc runtime -o DIR` writes FSMRuntime's sources for builds without SwiftPM; the fsmc
/// executable carries them as text (Sources/fsmc/RuntimeSources.swift), which `make golden`
/// rewrites from Sources/FSMRuntime after an edit there. That the command writes these very files,
/// and that they build as the README says, is EndToEndTests' RuntimeCommandTests.
final class GoldenRuntimeSourcesTests: XCTestCase {
    private static let runtimeFolder = repositoryRoot.appendingPathComponent("Sources/FSMRuntime")
    private static let copy = repositoryRoot.appendingPathComponent("Sources/fsmc/RuntimeSources.swift")

    func testTheCopyIsTheRuntimesSources() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.runtimeFolder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertTrue(names.contains("FSMRuntime.swift"))
        var text = """
            // Generated from Sources/FSMRuntime by `make golden`. Do not edit: edit the runtime there.
            // swift-format-ignore-file

            /// FSMRuntime's sources, which `fsmc runtime -o DIR` writes: each file's name and text.
            enum RuntimeSources {
                static let files: [(name: String, text: String)] = [

            """
        for name in names {
            let source = try String(contentsOf: Self.runtimeFolder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertFalse(source.contains("\"\"\"#"), "\(name) cannot be embedded in a raw string literal")
            XCTAssertTrue(source.hasSuffix("\n"), name)
            text += "        (\"\(name)\", #\"\"\"\n\(source)\"\"\"#),\n"
        }
        text += "    ]\n}\n"
        if ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1" {
            try text.write(to: Self.copy, atomically: true, encoding: .utf8)
            return
        }
        let copy = (try? String(contentsOf: Self.copy, encoding: .utf8)) ?? "<missing>"
        XCTAssertEqual(copy, text, "Sources/FSMRuntime changed: run 'make golden' and review the diff")
    }
}
