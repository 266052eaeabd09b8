import Foundation
import TestSupport
import XCTest

/// Every example in `examples/` is generated, compiled with its driver under Swift 6 strict
/// concurrency (warnings as errors) and run; its output must match the reviewed
/// `expected-output.txt` next to it. `make golden` rewrites those files after a deliberate change.
final class ExamplesTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    func testEveryExampleRunsAndTellsItsStory() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter {
            FileManager.default.fileExists(atPath: Self.examples.appendingPathComponent("\($0)/main.swift").path)
        }.sorted()
        XCTAssertEqual(names.count, 10, "expected the ten bundled examples")
        let script = Self.examples.deletingLastPathComponent().appendingPathComponent("scripts/run-example")
        let output = try temporaryFolder(self)
        for name in names {
            let folder = Self.examples.appendingPathComponent(name)
            let result = try runProcess(script, [fsmcExecutable().path, folder.path, output.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, "\(name) failed:\n\(result.stderr)")
            let expectedURL = folder.appendingPathComponent("expected-output.txt")
            if update {
                try result.stdout.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "<missing expected-output.txt>"
            XCTAssertEqual(result.stdout, expected, "\(name): output differs; run 'make golden' and review the diff")
        }
    }

    /// The README's first machine and its Swift snippet compile together and print what the
    /// snippet's comments say.
    func testReadmeSnippetRunsAsShown() throws {
        let readme = try String(
            contentsOf: Self.examples.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        func block(_ language: String) throws -> String {
            let start = try XCTUnwrap(readme.range(of: "```\(language)\n"))
            let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
            return String(readme[start.upperBound..<end.lowerBound])
        }
        let folder = try temporaryFolder(self)
        let example = folder.appendingPathComponent("SecuritySystem")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try block("fsm").write(to: example.appendingPathComponent("SecuritySystem.fsm"), atomically: true, encoding: .utf8)
        let swift = try block("swift")
        try swift.write(to: example.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let script = Self.examples.deletingLastPathComponent().appendingPathComponent("scripts/run-example")
        let result = try runProcess(script, [fsmcExecutable().path, example.path, folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every `// comment` after a statement lists what that statement prints, comma separated.
        let promised = swift.split(separator: "\n").compactMap { line -> [String]? in
            guard let comment = line.range(of: "// "), !line.hasPrefix("//") else { return nil }
            let text = line[comment.upperBound...]
            return text.contains(":") ? nil : text.components(separatedBy: ", ")
        }.flatMap { $0 }
        XCTAssertEqual(result.stdout, promised.map { $0 + "\n" }.joined())
    }
}
