import FSMCore
import Foundation
import TestSupport
import XCTest

/// The editor features on damaged files: every example and golden input, cut and spliced at
/// random (seeded), must go through every query at many offsets without crashing, and whatever the
/// formatter accepts must keep its tokens and be idempotent.
final class EditorRobustnessTests: XCTestCase {
    func testDamagedFilesSurviveEveryQuery() throws {
        let sources = try FormatterTests.corpus().map { [UInt8](try Data(contentsOf: $0)) }
        var generator = SplitMix64(seed: 17)  // deterministic, so a failure can be replayed
        var formatted = 0
        for round in 0..<1000 {
            var bytes = sources[round % sources.count]
            let other = sources.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty && !other.isEmpty {
                let cut = Int.random(in: 0..<bytes.count, using: &generator)
                let length = Int.random(in: 0...min(40, bytes.count - cut), using: &generator)
                let from = Int.random(in: 0..<other.count, using: &generator)
                let splice = other[from..<min(other.count, from + Int.random(in: 0...20, using: &generator))]
                bytes.replaceSubrange(cut..<(cut + length), with: splice)
            }
            let document = EditorDocument(path: "damaged.fsm", bytes: bytes)
            // Every range an answer gives lies in the file, whatever the damage.
            func inFile(_ range: SourceRange) -> Bool { range.start >= 0 && range.start <= range.end && range.end <= bytes.count }
            for offset in stride(from: -1, through: bytes.count + 1, by: max(1, bytes.count / 40)) {
                if let hover = document.hover(at: offset) {
                    XCTAssertFalse(hover.markdown.isEmpty, "round \(round)")
                    XCTAssertTrue(inFile(hover.range), "round \(round): hover at \(offset)")
                }
                _ = document.completions(at: offset)
                if case .success(let edits) = document.rename(at: offset, to: "Renamed") {
                    XCTAssertFalse(edits.isEmpty, "round \(round): a rename that changes nothing")
                    XCTAssertTrue(edits.allSatisfy { inFile($0.range) && $0.replacement == "Renamed" }, "round \(round)")
                }
                if let symbol = document.index.occurrence(at: offset) {
                    XCTAssertTrue(symbol.range.start <= offset && offset <= symbol.range.end, "round \(round)")
                    let references = document.index.references(of: symbol)
                    XCTAssertTrue(references.contains(symbol), "round \(round): a symbol is among its own references")
                    XCTAssertTrue(references.allSatisfy { inFile($0.range) }, "round \(round)")
                    if let declaration = document.index.declaration(of: symbol) {
                        XCTAssertTrue(declaration.isDeclaration && declaration.isSameSymbol(as: symbol), "round \(round)")
                    }
                }
            }
            let tokens = document.semanticTokens()
            XCTAssertTrue(tokens.allSatisfy { inFile($0.range) }, "round \(round)")
            XCTAssertTrue(
                zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }, "round \(round): tokens overlap")
            func check(_ items: [OutlineItem]) {
                for item in items {
                    XCTAssertTrue(inFile(item.range) && inFile(item.selectionRange), "round \(round): \(item.name)")
                    check(item.children)
                }
            }
            check(document.outline())
            for fix in document.quickFixes(in: SourceRange(start: 0, end: bytes.count)) {
                XCTAssertFalse(fix.title.isEmpty, "round \(round)")
                XCTAssertTrue(fix.edits.allSatisfy { inFile($0.range) }, "round \(round): \(fix.title)")
            }
            if let text = Formatter.format(SourceFile(path: "damaged.fsm", bytes: bytes)).text {
                formatted += 1
                let source = String(decoding: bytes, as: UTF8.self)
                XCTAssertEqual(Formatter.format(text).text, text, "round \(round): not idempotent")
                XCTAssertEqual(FormatterTests.tokens(text), FormatterTests.tokens(source), "round \(round): tokens changed")
            }
        }
        XCTAssertGreaterThan(formatted, 30, "too few damaged files were still formattable to test anything")
    }
}
