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
            for offset in stride(from: -1, through: bytes.count + 1, by: max(1, bytes.count / 40)) {
                _ = document.hover(at: offset)
                _ = document.completions(at: offset)
                _ = document.rename(at: offset, to: "Renamed")
                if let symbol = document.index.occurrence(at: offset) {
                    _ = document.index.references(of: symbol)
                    _ = document.index.declaration(of: symbol)
                }
            }
            _ = document.semanticTokens()
            _ = document.outline()
            _ = document.quickFixes(in: SourceRange(start: 0, end: bytes.count))
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
