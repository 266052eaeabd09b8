import XCTest

@testable import FSMCore

/// The code writer keeps bytes and makes its text in pieces (ASCII runs as they are, lines with
/// other characters decoded): whatever mix it is given, the text is exactly what was written.
final class CodeWriterTests: XCTestCase {
    func testLayoutIsFourSpacesPerLevelWithNoTrailingWhiteSpace() {
        var out = CodeWriter()
        out.docComment(["Doc.", ""])
        out.block("struct S", trailer: " // end") { out in
            out.line("let a = 1")
            out.line()
            out.block("func f()") { out in
                out.beginLine()
                out.write("return ")
                out.write("2")
                out.endLine()
            }
        }
        XCTAssertEqual(
            out.text,
            "/// Doc.\n///\nstruct S {\n    let a = 1\n\n    func f() {\n        return 2\n    }\n} // end\n")
    }

    func testADocParagraphBreaksBetweenWordsWithinItsWidth() {
        var out = CodeWriter()
        out.indented { $0.docParagraph("one two three four five six", width: 9) }
        XCTAssertEqual(out.text, "    /// one two\n    /// three\n    /// four five\n    /// six\n")
        var long = CodeWriter()
        long.docParagraph("a \(String(repeating: "w", count: 12)) b", width: 5)
        XCTAssertEqual(long.text, "/// a\n/// wwwwwwwwwwww\n/// b\n", "a word longer than the width stands alone")
    }

    func testIndentationDeeperThanItsPrewrittenSpacesIsWrittenInFull() {
        var out = CodeWriter()
        func nest(_ depth: Int, _ out: inout CodeWriter) {
            if depth == 0 { out.line("x") } else { out.indented { nest(depth - 1, &$0) } }
        }
        nest(40, &out)
        XCTAssertEqual(out.text, String(repeating: " ", count: 160) + "x\n")
    }

    func testTextOutsideASCIIIsKeptExactlyWhereverItFalls() {
        // Runs of ASCII longer than the 64 KB pieces, non-ASCII at the very start, on adjacent
        // lines, in the middle of a long line, and on a last line without a line break.
        let long = String(repeating: "abcdefghij", count: 20_000)
        let lines = [
            "é at the start", long, "a — dash", "naïve", long + "→" + long, "日本語のコメント", "emoji 👩‍👩‍👧 end",
        ]
        var out = CodeWriter(expectedSize: 10)
        out.lines(lines)
        out.beginLine()
        out.write("last ✓")
        XCTAssertEqual(out.text, lines.joined(separator: "\n") + "\nlast ✓")
    }

    func testPlainASCIILongerThanOnePieceIsKeptWhole() {
        let line = String(repeating: "0123456789abcdef", count: 10_000)  // 160,000 bytes
        var out = CodeWriter()
        out.line(line)
        out.line(line)
        XCTAssertEqual(out.text, line + "\n" + line + "\n")
    }

    func testRoomForAHugeMachineIsCappedWithoutOverflow() {
        // Counts no machine has: the reservation is clamped, not multiplied out (which traps).
        var out = CodeWriter(states: .max, perState: 1024, transitions: .max, perTransition: 256)
        out.line("fine")
        XCTAssertEqual(out.text, "fine\n")
    }

    func testEmptyWriterHasEmptyText() {
        XCTAssertEqual(CodeWriter().text, "")
    }
}
