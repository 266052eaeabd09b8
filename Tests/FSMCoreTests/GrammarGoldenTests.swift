import FSMCore
import Foundation
import TestSupport
import XCTest

/// Every `Tests/Golden/Grammar/RULE.fsm` (one sample per rule of grammars/fsm.ebnf, see
/// DocumentationTests) is parsed and its syntax tree, dumped by ``ASTDump``, compared with
/// `RULE.ast`, byte for byte: what the parser builds from each rule, and the ranges it records,
/// are reviewed output. The parser's own diagnostics, if any, follow the tree. `make golden`
/// (which sets `FSMC_UPDATE_GOLDEN=1`) rewrites the files; read the diff before committing.
final class GrammarGoldenTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Grammar")

    func testEverySampleParsesToItsReviewedTree() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        let samples = names.filter { $0.hasSuffix(".fsm") }.map { String($0.dropLast(".fsm".count)) }.sorted()
        XCTAssertGreaterThan(samples.count, 20)
        let orphans = names.filter { $0.hasSuffix(".ast") }.map { String($0.dropLast(".ast".count)) }
            .filter { !samples.contains($0) }
        XCTAssertEqual(orphans, [], "golden trees without a sample")
        for sample in samples {
            let source = try Data(contentsOf: Self.folder.appendingPathComponent(sample + ".fsm"))
            let file = SourceFile(path: sample + ".fsm", bytes: [UInt8](source))
            var diagnostics = DiagnosticEngine()
            let machine = Parser.parse(file, diagnostics: &diagnostics)
            var actual = ASTDump.dump(machine, in: file)
            if !diagnostics.diagnostics.isEmpty {
                actual += "\n" + TextDiagnosticRenderer(colors: false).render(diagnostics.sorted, in: file)
            }
            let expectedURL = Self.folder.appendingPathComponent(sample + ".ast")
            if update {
                try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "<missing \(sample).ast>"
            XCTAssertEqual(actual, expected, "\(sample): run 'make golden' to update, then review the diff")
        }
    }

    /// The dump must tell apart what the canonical spelling of a type or a guard would not.
    func testDumpShowsTheShapeOfTypesAndGuards() {
        func dump(_ text: String) -> String {
            let file = SourceFile(path: "t.fsm", text: text)
            var diagnostics = DiagnosticEngine()
            return ASTDump.dump(Parser.parse(file, diagnostics: &diagnostics), in: file)
        }
        let optionalExistential = dump("machine M { event e(p: any P?) }")
        XCTAssertTrue(optionalExistential.contains("type (any P)? = optional(any(named(P)))"), optionalExistential)
        let grouped = dump("machine M { state A { e [(a || b) && !c] -> A } }")
        XCTAssertTrue(
            grouped.contains("          and @1:26-1:40\n            parentheses @1:26-1:34\n              or @1:27-1:33\n"),
            grouped)
        XCTAssertEqual(dump(""), "<no machine>\n")
    }
}
