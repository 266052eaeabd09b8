import Foundation
import TestSupport
import XCTest

/// docs/Preview.md promises the page's test hooks and shows `fsmc preview`'s usage: both must be
/// what fsmc has.
final class PreviewDocumentationTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every hook of the table (`data-state`, `data-control="advance"`, ...) is written by the
    /// page's HTML or script, and the table names every `data-` attribute the script sets on controls.
    func testEveryHookOfTheTableIsThePages() throws {
        let doc = try read("docs/Preview.md")
        let table = try XCTUnwrap(
            doc.components(separatedBy: "## The page's test hooks").last?.components(separatedBy: "\n## ").first)
        let page = try ["page.html", "page.js"].map { try read("Sources/fsmc/Preview/" + $0) }.joined(separator: "\n")
        var hooks = 0
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let first = line.dropFirst(2).prefix { $0 != "|" }
            for match in first.matches(of: /`([a-z\[\]-]+)(?:="([^"]*)")?`/) {
                hooks += 1
                var attribute = String(match.1)
                if attribute.hasPrefix("body[data-") {  // set by the script as document.body.dataset.<name>
                    attribute = "body.dataset." + attribute.dropFirst("body[data-".count).dropLast()
                }
                XCTAssertTrue(page.contains(attribute), "docs/Preview.md names \(attribute), which the page does not have")
                guard let value = match.2.map(String.init), !value.hasPrefix("<") else { continue }
                XCTAssertTrue(
                    page.contains("\(attribute)=\"\(value)\"") || page.contains("'\(attribute)': '\(value)'"),
                    "docs/Preview.md names \(attribute)=\"\(value)\", which the page does not have")
            }
            for value in first.matches(of: /, `"([a-z-]+)"`/) {
                XCTAssertTrue(page.contains("data-control=\"\(value.1)\""), "docs/Preview.md names data-control=\"\(value.1)\"")
            }
        }
        XCTAssertGreaterThan(hooks, 15)
        for hook in ["data-state", "data-event", "data-param", "data-guard", "data-activity", "data-outcome", "data-log"] {
            XCTAssertTrue(table.contains("`\(hook)"), "the table lacks \(hook)")
        }
    }

    func testTheUsageShownIsFsmcs() throws {
        let doc = try read("docs/Preview.md")
        let help = try runFSMC(["help", "preview"]).stdout
        let usage = try XCTUnwrap(help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }).dropFirst("USAGE: ".count)
        XCTAssertTrue(doc.contains("```\n\(usage)\n```"), "docs/Preview.md's usage is not `fsmc help preview`'s: \(usage)")
    }
}
