import FSMCore
import TestSupport
import XCTest

/// Every `Tests/Golden/Diagnostics/NAME.fsm` is checked and its text diagnostics compared with
/// `NAME.txt`, byte for byte; `NAME-warnings.fsm` must have warnings and no errors, the others errors. The golden files are reviewed output: regenerate them with
/// `make golden` (which sets `FSMC_UPDATE_GOLDEN=1`) and read the diff before committing.
final class GoldenDiagnosticsTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Diagnostics")

    func testEveryGoldenFile() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        let inputs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".fsm") }.sorted()
        XCTAssertGreaterThan(inputs.count, 20)
        for input in inputs {
            let source = try Data(contentsOf: Self.folder.appendingPathComponent(input))
            let compilation = Compilation(path: input, bytes: [UInt8](source))
            let actual = TextDiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.file)
            let expectedURL = Self.folder.appendingPathComponent(String(input.dropLast(4)) + ".txt")
            if update {
                try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "<missing \(expectedURL.lastPathComponent)>"
            XCTAssertEqual(actual, expected, "\(input): run 'make golden' to update, then review the diff")
            // NAME-warnings.fsm shows warnings of a machine that is otherwise fine; the others, errors.
            if input.hasSuffix("-warnings.fsm") {
                XCTAssertFalse(compilation.hasErrors, "\(input) should have warnings only")
                XCTAssertTrue(compilation.hasWarnings, "\(input) should have warnings")
            } else {
                XCTAssertTrue(compilation.hasErrors, "\(input) should have errors")
            }
        }
    }
}

final class TextRendererTests: XCTestCase {
    func testColoursOnlyWhenAsked() {
        let compilation = Compilation(path: "c.fsm", text: "machine M {\n  initial A\n  state A { go -> B }\n}\n")
        let plain = TextDiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.file)
        let coloured = TextDiagnosticRenderer(colors: true).render(compilation.diagnostics, in: compilation.file)
        XCTAssertFalse(plain.contains("\u{1B}["))
        XCTAssertTrue(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        // Stripping the escapes gives back exactly the plain text.
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        XCTAssertEqual(stripped, plain)
    }
}
