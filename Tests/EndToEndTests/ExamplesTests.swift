import Foundation
import TestSupport
import XCTest

/// Every example in `examples/` is generated, compiled with its driver under Swift 6 strict
/// concurrency (warnings as errors) and run; its output must match the reviewed
/// `expected-output.txt` next to it. `make golden` rewrites those files after a deliberate change.
final class ExamplesTests: XCTestCase {
    static let examples = repositoryRoot.appendingPathComponent("examples")

    func testEveryExampleRunsAndTellsItsStory() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter {
            FileManager.default.fileExists(atPath: Self.examples.appendingPathComponent("\($0)/main.swift").path)
        }.sorted()
        XCTAssertEqual(names.count, 12, "expected the twelve bundled examples")
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
}
