import FSMCore
import XCTest

/// Bad input never crashes, overflows the stack or hangs the front end: every case here ends in
/// located errors or a clean refusal.
final class HostileInputTests: XCTestCase {
    private func compile(_ bytes: [UInt8]) -> Compilation {
        Compilation(path: "hostile.fsm", bytes: bytes)
    }

    func testInvalidUTF8IsLocated() {
        let bytes = Array("machine M {\n  initial A\n  state A // caf".utf8) + [0xC3, 0x28] + Array("\n}".utf8)
        let result = compile(bytes)
        XCTAssertEqual(result.diagnostics.map(\.id), [.invalidUTF8])
        let location = result.file.location(of: result.diagnostics[0].range.start)
        XCTAssertEqual([location.line, location.column], [3, 17])
        XCTAssertTrue(result.diagnostics[0].message.contains("0xC3"))
    }

    /// The check reads ASCII eight bytes at a time: an invalid byte is found at its exact offset
    /// wherever it falls in a word, and valid sequences across word boundaries pass.
    func testInvalidUTF8IsFoundAtEveryAlignment() {
        let ascii = Array("state Idle // a comment that runs on".utf8)
        for offset in ascii.indices {
            var bytes = ascii
            bytes[offset] = 0xFF
            XCTAssertEqual(SourceFile(path: "f", bytes: bytes).firstInvalidUTF8Offset(), offset)
            let valid = Array(ascii[..<offset]) + Array("é☃😀".utf8) + ascii
            XCTAssertNil(SourceFile(path: "f", bytes: valid).firstInvalidUTF8Offset())
            let truncated = Array(ascii[..<offset]) + Array("😀".utf8).dropLast() + ascii
            XCTAssertEqual(SourceFile(path: "f", bytes: truncated).firstInvalidUTF8Offset(), offset)
        }
    }

    func testOverlongAndSurrogateEncodingsAreInvalid() {
        XCTAssertEqual(compile([0xC0, 0x80]).diagnostics.map(\.id), [.invalidUTF8])
        XCTAssertEqual(compile([0xED, 0xA0, 0x80]).diagnostics.map(\.id), [.invalidUTF8])
        XCTAssertEqual(compile(Array("machine M {".utf8) + [0xF0, 0x9F]).diagnostics.map(\.id), [.invalidUTF8])
    }

    func testNULBytesAreReportedAsInvalidCharacters() {
        let result = compile(Array("machine M {\n  initial A\n  state A\u{0}\u{0}\n}".utf8))
        XCTAssertEqual(result.diagnostics.map(\.id), [.invalidCharacter])
        XCTAssertEqual(result.diagnostics[0].message, "invalid character U+0000 in source file")
        XCTAssertEqual(result.file.location(of: result.diagnostics[0].range.start).line, 3)
    }

    func testFiftyMegabytesAreRefused() {
        let result = compile([UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024))
        XCTAssertEqual(result.diagnostics.map(\.id), [.fileTooLarge])
        XCTAssertNil(result.model)
    }

    func testHundredThousandNestedStatesHitTheDepthLimit() {
        var text = "machine M {\n initial S0\n"
        for level in 0..<100_000 { text += "state S\(level) {\n" }
        let result = Compilation(path: "deep.fsm", text: text)
        XCTAssertEqual(result.diagnostics.map(\.id), [.nestingTooDeep, .missingBrace])
        XCTAssertEqual(result.file.location(of: result.diagnostics[0].range.start).line, 2 + Parser.maximumDepth + 1)
    }

    func testBalancedDeepNestingIsCutOffCleanly() {
        let depth = 5_000
        var text = "machine M {\n initial S0\n"
        for level in 0..<depth { text += "state S\(level) { initial S\(level + 1)\n" }
        text += String(repeating: "}", count: depth) + "\n}\n"
        let result = Compilation(path: "deep.fsm", text: text)
        XCTAssertEqual(result.diagnostics.map(\.id), [.nestingTooDeep])
    }

    func testDeepGuardAndTypeNestingHitTheDepthLimit() {
        let bangs = "machine M {\n initial A\n state A { go [" + String(repeating: "!", count: 100_000) + "x] -> A }\n}"
        XCTAssertEqual(Compilation(path: "g.fsm", text: bangs).diagnostics.map(\.id), [.nestingTooDeep])
        let parens = "machine M {\n initial A\n state A { go [" + String(repeating: "(", count: 100_000) + "x] -> A }\n}"
        XCTAssertEqual(Compilation(path: "g.fsm", text: parens).diagnostics.map(\.id), [.nestingTooDeep])
        let types = "machine M {\n event e(x: " + String(repeating: "[", count: 100_000) + "Int)\n initial A\n state A\n}"
        XCTAssertEqual(Compilation(path: "t.fsm", text: types).diagnostics.map(\.id), [.nestingTooDeep])
    }

    func testUnterminatedCommentAndStringAreLocated() {
        let comment = Compilation(path: "c.fsm", text: "machine M {\n /* /* nested */\n initial A\n")
        XCTAssertEqual(comment.diagnostics.map(\.id), [.unterminatedComment])
        let string = Compilation(path: "s.fsm", text: "machine M {\n initial A\n state A { go / say(t: \"oops\n}\n}")
        XCTAssertEqual(string.diagnostics.map(\.id), [.unterminatedString])
    }

    func testGarbageStopsAtTheErrorLimit() {
        let text = "machine M {\n" + String(repeating: "@ x\n", count: 200_000) + "}"
        let result = Compilation(path: "garbage.fsm", text: text)
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, DiagnosticEngine().errorLimit)
        XCTAssertEqual(result.diagnostics.last?.id, .tooManyErrors)
    }

    func testRandomBytesNeverCrash() {
        // A fixed-seed generator: deterministic, so a failure here is reproducible.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet = Array(
            "machine state initial final entry exit event push pop true false {}()[]<>,;:.?/->!&&|| \n\"\\ A b _ 1 -2 3.5 // /* */ é"
                .utf8)
        for _ in 0..<2_000 {
            let length = Int(next() % 200)
            let bytes = (0..<length).map { _ in
                next() % 4 == 0 ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next() % UInt64(alphabet.count))]
            }
            let result = compile(Array("machine M {\n".utf8) + bytes)
            for diagnostic in result.diagnostics {
                XCTAssertLessThanOrEqual(diagnostic.range.end, result.file.bytes.count + 1)
                _ = TextDiagnosticRenderer().render(result.diagnostics, in: result.file)
            }
        }
    }

    func testEmptyAndWhitespaceFiles() {
        XCTAssertEqual(Compilation(path: "e.fsm", text: "").diagnostics.map(\.id), [.expectedMachine])
        XCTAssertEqual(
            Compilation(path: "e.fsm", text: "\n\n  \t\n// only a comment\n").diagnostics.map(\.id), [.expectedMachine])
    }
}
