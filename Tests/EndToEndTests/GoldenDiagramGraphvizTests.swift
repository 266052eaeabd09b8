import Foundation
import TestSupport
import XCTest

/// Graphviz's `dot` draws every golden DOT file (full and overview) without a warning: the
/// examples' diagrams are checked so by `make check-diagrams`, these by the test suite. Skipped
/// when `dot` is not installed, except in CI. (FSMCoreTests' DiagramGoldenTests compares the
/// files with what fsmc draws.)
final class GoldenDiagramGraphvizTests: XCTestCase {
    func testGraphvizDrawsEveryGoldenDiagramWithoutWarnings() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Diagrams")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".dot") }
            .sorted()
        XCTAssertGreaterThanOrEqual(files.count, 20)
        guard let dot = findExecutable("dot") else {
            let message = "Graphviz 'dot' is not installed: cannot draw the golden diagrams (apt-get install graphviz)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(message) }
            throw XCTSkip(message)
        }
        for file in files {
            let result = try runProcess(dot, ["-Tsvg", folder.appendingPathComponent(file).path])
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "dot warns about \(file)")
        }
    }
}
