import Foundation
import TestSupport
import XCTest

/// Every link between the repository's Markdown files leads somewhere: the file exists, and an
/// anchor (`Language.md#parallel-states`) is the slug of one of its headings, as GitHub makes it.
final class DocumentationLinkTests: XCTestCase {
    /// README.md, CHANGELOG.md and every Markdown file under docs/ and examples/.
    private func markdownFiles() throws -> [String] {
        var files = ["README.md", "CHANGELOG.md"]
        for folder in ["docs", "examples"] {
            let url = repositoryRoot.appendingPathComponent(folder)
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: url.path))
            for case let path as String in enumerator where path.hasSuffix(".md") && !path.contains(".build") {
                files.append(folder + "/" + path)
            }
        }
        return files.sorted()
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped, spaces
    /// as `-`.
    static func slug(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
                return nil
            })
    }

    /// The anchors of a Markdown text's headings, outside fenced blocks; a repeated heading gets `-1`,
    /// `-2`… after the first.
    static func anchors(in text: String) -> Set<String> {
        var anchors = Set<String>()
        var counts: [String: Int] = [:]
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let base = slug(heading.replacingOccurrences(of: "`", with: ""))
            let count = counts[base, default: 0]
            counts[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    /// The targets of inline links `[text](target)` outside fenced blocks and code spans.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence else { continue }
            // Code spans hold code, not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }

    func testTheSlugsAreGitHubs() {
        XCTAssertEqual(Self.slug("3. swiftc time on generated code"), "3-swiftc-time-on-generated-code")
        XCTAssertEqual(
            Self.slug("Ninth round: static calls per leaf, measured and not built"),
            "ninth-round-static-calls-per-leaf-measured-and-not-built")
        XCTAssertEqual(
            Self.anchors(in: "# A\n```\n# not a heading\n```\n## A\n## `push()` out of line\n"),
            ["a", "a-1", "push-out-of-line"])
    }

    func testEveryLinkBetweenTheMarkdownFilesLeadsSomewhere() throws {
        let files = try markdownFiles()
        XCTAssertTrue(files.contains("docs/Language.md"))
        var checked = 0
        for file in files {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for target in Self.linkTargets(in: text) {
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path =
                    parts[0].isEmpty
                    ? file : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                let url = repositoryRoot.appendingPathComponent(path)
                XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "\(file): link to \(target): no such file")
                checked += 1
                guard parts.count == 2, path.hasSuffix(".md") else { continue }
                let linked = try String(contentsOf: url, encoding: .utf8)
                XCTAssertTrue(Self.anchors(in: linked).contains(parts[1]), "\(file): link to \(target): no such heading")
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }
}
