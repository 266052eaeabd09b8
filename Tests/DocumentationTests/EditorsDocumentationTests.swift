import FSMCore
import Foundation
import TestSupport
import XCTest

/// Keeps docs/Editors.md honest: its formatting example is what `fsmc format` does, its editor
/// configurations start `fsmc lsp` and name the grammar as it is, and its list of semantic tokens is
/// the server's legend.
final class EditorsDocumentationTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheFormattingExampleIsWhatFormatDoes() throws {
        let blocks = fencedBlocks("fsm", in: try read("docs/Editors.md"))
        XCTAssertEqual(blocks.count, 2)
        guard blocks.count == 2 else { return }
        XCTAssertEqual(Formatter.format(blocks[0]).text, blocks[1])
        XCTAssertEqual(Formatter.format(blocks[1]).text, blocks[1])
        XCTAssertFalse(Compilation(path: "Lamp.fsm", text: blocks[1]).hasErrors)
    }

    func testEveryEditorConfigurationStartsTheServer() throws {
        let text = try read("docs/Editors.md")
        let snippets = [
            ("js", #"{ command: "fsmc", args: ["lsp"] }"#),
            ("lua", #"cmd = { "fsmc", "lsp" }"#),
            ("toml", "command = \"fsmc\"\nargs = [\"lsp\"]"),
        ]
        for (language, expected) in snippets {
            let blocks = fencedBlocks(language, in: text)
            XCTAssertFalse(blocks.isEmpty, "no \(language) block")
            XCTAssertTrue(blocks.allSatisfy { $0.contains(expected) }, "a \(language) block does not start fsmc lsp")
        }
    }

    func testTheGrammarIsNamedAsTheDocsSay() throws {
        let grammar =
            try JSONSerialization.jsonObject(with: Data(try read("grammars/fsm.tmLanguage.json").utf8)) as? [String: Any]
        let scope = try XCTUnwrap(grammar?["scopeName"] as? String)
        let text = try read("docs/Editors.md")
        let json = fencedBlocks("json", in: text).joined()
        XCTAssertTrue(json.contains(#""scopeName": "source.fsm""#))
        XCTAssertEqual(scope, "source.fsm")
        XCTAssertTrue(text.contains(#"scope = "source.fsm""#))
        XCTAssertEqual(grammar?["fileTypes"] as? [String], ["fsm"])
    }

    func testTheSemanticTokensRowNamesTheLegend() throws {
        let row = try XCTUnwrap(try read("docs/Editors.md").split(separator: "\n").first { $0.hasPrefix("| Semantic tokens") })
        for kind in SemanticTokenKind.allCases {
            XCTAssertTrue(row.contains(kind.name), "docs/Editors.md does not list \(kind.name)")
        }
    }
}
