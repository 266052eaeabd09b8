import FSMCore
import XCTest

/// The language server's queries (FSMCore/Editor): positions, symbols, hover, completion, rename,
/// semantic tokens and quick fixes, on source text.
final class EditorTests: XCTestCase {
    static let door = """
        // Façade 😀 door: a comment with non-ASCII text.
        /// The door.
        machine Door {
            /// Unlocking needs a code.
            event unlock(code: String)
            initial Closed

            state Closed {
                open -> Opened
                lock / beep -> Locked
            }
            state Opened {
                close [canClose] / beep, log(text: "é") -> Closed
            }
            state Locked {
                initial Bolted
                state Bolted {
                    unlock [isValid(code)] / record(pin: code) -> Closed
                }
            }
        }
        """

    /// The byte offset of the `occurrence`-th appearance of `text` (plus `shift`).
    func offset(of text: String, _ occurrence: Int = 1, shift: Int = 0, in source: String = door) -> Int {
        let bytes = Array(source.utf8)
        let needle = Array(text.utf8)
        var found = 0
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            found += 1
            if found == occurrence { return start + shift }
        }
        XCTFail("'\(text)' #\(occurrence) not found")
        return 0
    }

    func testPositionsConvertBetweenEncodings() {
        let file = SourceFile(path: "t", text: "é😀x\nab\r\ncd")
        let x = 2 + 4  // after é (2 bytes) and 😀 (4 bytes)
        XCTAssertEqual(file.editorPosition(of: x, encoding: .utf16), EditorPosition(line: 0, character: 3))
        XCTAssertEqual(file.editorPosition(of: x, encoding: .utf32), EditorPosition(line: 0, character: 2))
        XCTAssertEqual(file.editorPosition(of: x, encoding: .utf8), EditorPosition(line: 0, character: 6))
        for encoding in PositionEncoding.allCases {
            for offset in [0, 2, 6, 7, 8, 9, 12, 13, 14] {
                XCTAssertEqual(file.offset(of: file.editorPosition(of: offset, encoding: encoding), encoding: encoding), offset)
            }
        }
        // Inside the surrogate pair: the start of the emoji. Past the end of a line: its end. Past the
        // last line: the end of the file.
        XCTAssertEqual(file.offset(of: EditorPosition(line: 0, character: 2), encoding: .utf16), 2)
        XCTAssertEqual(file.offset(of: EditorPosition(line: 1, character: 99), encoding: .utf16), 10)
        XCTAssertEqual(file.offset(of: EditorPosition(line: 7, character: 0), encoding: .utf16), 14)
        XCTAssertEqual(file.offset(of: EditorPosition(line: -1, character: -5), encoding: .utf16), 0)
        XCTAssertEqual(file.editorPosition(of: 12, encoding: .utf16), EditorPosition(line: 2, character: 0))
        // The cursor agrees with the direct conversion, forwards and after going back.
        for encoding in PositionEncoding.allCases {
            var cursor = EditorPositionCursor(file: file, encoding: encoding)
            for offset in [0, 2, 6, 7, 9, 12, 14, 3, 8, 13, 99] {
                XCTAssertEqual(cursor.position(of: offset), file.editorPosition(of: offset, encoding: encoding), "\(offset)")
            }
        }
    }

    /// The editor's text keeps a byte-order mark as the first character of line 0 (U+FEFF: one
    /// UTF-16 or UTF-32 unit, three UTF-8 bytes); fsmc's bytes leave it out, so line 0 is shifted.
    func testByteOrderMarkCountsAsTheFirstCharacterOfLineZero() {
        let file = SourceFile(path: "t", text: "\u{FEFF}machine M\nx")
        XCTAssertTrue(file.hadByteOrderMark)
        let name = 8  // "machine " without the mark
        for (encoding, mark) in [(PositionEncoding.utf16, 1), (.utf32, 1), (.utf8, 3)] {
            XCTAssertEqual(file.editorPosition(of: name, encoding: encoding), EditorPosition(line: 0, character: 8 + mark))
            XCTAssertEqual(file.offset(of: EditorPosition(line: 0, character: 8 + mark), encoding: encoding), name)
            XCTAssertEqual(file.offset(of: EditorPosition(line: 0, character: 0), encoding: encoding), 0, "on the mark")
            XCTAssertEqual(file.editorPosition(of: 10, encoding: encoding), EditorPosition(line: 1, character: 0))
            var cursor = EditorPositionCursor(file: file, encoding: encoding)
            XCTAssertEqual(cursor.position(of: 0), EditorPosition(line: 0, character: mark))
            XCTAssertEqual(cursor.position(of: name), EditorPosition(line: 0, character: 8 + mark))
        }
        XCTAssertFalse(SourceFile(path: "t", text: "machine M").hadByteOrderMark)
    }

    func testDefinitionAndReferences() {
        let document = EditorDocument(path: "Door.fsm", text: Self.door)
        let target = offset(of: "Closed", 3, shift: 2)  // `-> Closed` in Opened
        guard let symbol = document.index.occurrence(at: target) else { return XCTFail("no symbol") }
        XCTAssertEqual(symbol.kind, .state)
        XCTAssertEqual(document.index.declaration(of: symbol)?.range.start, offset(of: "Closed", 2))
        XCTAssertEqual(document.index.references(of: symbol).count, 4)  // initial, declaration, two targets
        XCTAssertEqual(document.index.references(of: symbol, includingDeclaration: false).count, 3)
        // The cursor right after a name is on it.
        XCTAssertEqual(document.index.occurrence(at: offset(of: "unlock [", shift: 6))?.name, "unlock")
        let unlock = document.index.occurrence(at: offset(of: "unlock [", shift: 1))!
        XCTAssertEqual(document.index.declaration(of: unlock)?.range.start, offset(of: "unlock(code"))
        let beep = document.index.occurrence(at: offset(of: "beep"))!
        XCTAssertEqual(beep.kind, .action)
        XCTAssertNil(document.index.declaration(of: beep))
        XCTAssertEqual(document.index.references(of: beep).map(\.range.start), [offset(of: "beep"), offset(of: "beep", 2)])
        let code = document.index.occurrence(at: offset(of: "pin: code", shift: 6))!
        XCTAssertEqual(code.kind, .parameter)
        XCTAssertEqual(document.index.references(of: code).count, 3)
        XCTAssertEqual(document.index.declaration(of: code)?.range.start, offset(of: "code: String"))
        XCTAssertNil(document.index.occurrence(at: offset(of: "Façade")))
    }

    func testOutlineNestsStatesAndListsEvents() {
        let outline = EditorDocument(path: "Door.fsm", text: Self.door).outline()
        XCTAssertEqual(outline.map(\.name), ["Door"])
        let children = outline[0].children
        XCTAssertEqual(children.map(\.name), ["Closed", "Opened", "Locked", "unlock", "open", "lock", "close"])
        XCTAssertEqual(children[2].children.map(\.name), ["Bolted"])
        XCTAssertEqual(children[2].detail, "composite state")
        XCTAssertEqual(children[3].detail, "(code: String)")
    }

    func testHover() {
        let document = EditorDocument(path: "Door.fsm", text: Self.door)
        let bolted = document.hover(at: offset(of: "Bolted", 2, shift: 1))?.markdown ?? ""
        XCTAssertTrue(bolted.contains("state Bolted") && bolted.contains("path: Door.Locked.Bolted"), bolted)
        let locked = document.hover(at: offset(of: "state Locked", shift: 7))?.markdown ?? ""
        XCTAssertTrue(locked.contains("composite state Locked"), locked)
        let unlock = document.hover(at: offset(of: "unlock [", shift: 2))?.markdown ?? ""
        XCTAssertTrue(unlock.contains("event unlock(code: String)") && unlock.contains("Unlocking needs a code."), unlock)
        let guardHover = document.hover(at: offset(of: "isValid"))?.markdown ?? ""
        XCTAssertTrue(guardHover.contains("func isValid(code: String) -> Bool"), guardHover)
        let action = document.hover(at: offset(of: "record"))?.markdown ?? ""
        XCTAssertTrue(action.contains("func record(pin: String)\n"), action)
        let log = document.hover(at: offset(of: "log("))?.markdown ?? ""
        XCTAssertTrue(log.contains("func log(text: String)\n"), log)
        XCTAssertNil(document.hover(at: offset(of: "{")))
        // With errors there is no model: the requirement is inferred from the first call.
        let broken = Self.door.replacingOccurrences(of: "-> Locked", with: "-> Lockd")
        let withErrors = EditorDocument(path: "Door.fsm", text: broken)
        XCTAssertNil(withErrors.compilation.model)
        let inferred = withErrors.hover(at: offset(of: "isValid", in: broken))?.markdown ?? ""
        XCTAssertTrue(inferred.contains("func isValid(code: String) -> Bool"), inferred)
        let literal = withErrors.hover(at: offset(of: "log(", in: broken))?.markdown ?? ""
        XCTAssertTrue(literal.contains("func log(text: String)\n"), literal)
    }

    func testCompletionByContext() {
        func labels(_ source: String, at marker: String = "$") -> [String] {
            let at = Array(source.utf8).firstIndex(of: UInt8(ascii: "$"))!
            var text = source
            text.remove(at: text.utf8.index(text.utf8.startIndex, offsetBy: at))
            return EditorDocument(path: "t.fsm", text: text).completions(at: at).map(\.label)
        }
        let base = "machine M {\n event go(speed: Int, label: String)\n initial A\n state A { g [ok] / act -> B }\n state B {\n "
        XCTAssertEqual(labels(base + "go -> $\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go -> push $\n }\n}"), ["A", "B"])
        // Only declared states: a target misspelt elsewhere, or the word being typed, is not offered.
        XCTAssertEqual(labels(base + "x -> Bogus\n go -> $\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go -> Bo$\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go -> A$\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go -> history $\n }\n}"), ["A", "B"])
        XCTAssertEqual(labels(base + "go -> deep $\n }\n}"), ["history"])
        XCTAssertEqual(labels(base + "[ok] -> $\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go [$\n }\n}"), ["ok"])
        XCTAssertEqual(labels(base + "go [ok && $] -> A\n }\n}"), ["ok"])
        XCTAssertEqual(labels(base + "go / $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "go / act, $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "go / act(s$) \n }\n}"), ["speed", "label"])
        XCTAssertEqual(labels(base + "go [ok(speed, $)] \n }\n}"), ["speed", "label"])
        // Lists wrapped over lines are still open on their later lines.
        XCTAssertEqual(labels(base + "go / act(speed,\n  $) \n }\n}"), ["speed", "label"])
        XCTAssertEqual(labels(base + "go [ok(speed)\n  && $] -> A\n }\n}"), ["ok"])
        XCTAssertEqual(labels(base + "go [ok(speed) &&\n  $] -> A\n }\n}"), ["ok"])
        XCTAssertEqual(labels("machine M {\n event go(speed: Int,\n $)\n}"), [])
        XCTAssertEqual(
            labels(base + "$\n }\n}"),
            ["initial", "state", "final", "parallel", "entry", "exit", "do", "catch", "after", "every", "go", "g"])
        XCTAssertEqual(labels("machine M {\n $\n}"), ["event", "initial", "state", "final", "parallel", "after", "every"])
        XCTAssertEqual(labels("machine M {\n initial $\n state A\n}"), ["A", "history", "deep"])
        XCTAssertEqual(labels("machine M {\n final $\n}"), ["state"])
        XCTAssertEqual(labels("machine M {\n parallel $\n}"), ["state"])
        XCTAssertEqual(labels("$"), ["machine"])
        XCTAssertEqual(labels(base + "go -> A // comment $\n }\n}"), [])
        XCTAssertEqual(labels("machine M {\n initial A\n state A { entry / log(text: \"a $\") }\n}"), [])
    }

    func testRenameRefusesCollisionsAndKeywords() throws {
        let document = EditorDocument(path: "Door.fsm", text: Self.door)
        let closed = offset(of: "Closed", 2, shift: 1)
        let edits = try document.rename(at: closed, to: "Shut").get()
        XCTAssertEqual(edits.count, 4)
        XCTAssertTrue(edits.allSatisfy { $0.replacement == "Shut" && document.file.text(in: $0.range) == "Closed" })
        XCTAssertEqual(document.rename(at: closed, to: "Opened"), .failure(.collision("Opened", .state)))
        XCTAssertEqual(document.rename(at: closed, to: "state"), .failure(.keyword("state")))
        XCTAssertEqual(document.rename(at: closed, to: "9lives"), .failure(.notAnIdentifier("9lives")))
        XCTAssertEqual(document.rename(at: closed, to: "Zu-Tür"), .failure(.notAnIdentifier("Zu-Tür")))
        XCTAssertEqual(document.rename(at: offset(of: "beep"), to: "log"), .failure(.collision("log", .action)))
        XCTAssertEqual(document.rename(at: offset(of: "beep"), to: "canClose"), .failure(.collision("canClose", .guard)))
        XCTAssertEqual(document.rename(at: offset(of: "open ->"), to: "close"), .failure(.collision("close", .event)))
        XCTAssertEqual(try document.rename(at: offset(of: "beep"), to: "chime").get().count, 2)
        XCTAssertEqual(document.rename(at: offset(of: "Façade"), to: "X"), .failure(.noSymbol))
        // The renamed file still compiles to the same machine, with the new name.
        var text = Array(Self.door.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            text.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        }
        let renamed = Compilation(path: "Door.fsm", bytes: text)
        XCTAssertEqual(renamed.model?.states.map(\.name), ["Shut", "Opened", "Locked", "Bolted"])
    }

    func testSemanticTokens() {
        let document = EditorDocument(path: "Door.fsm", text: Self.door)
        let tokens = document.semanticTokens()
        func kind(at text: String, _ occurrence: Int = 1) -> SemanticTokenKind? {
            let start = offset(of: text, occurrence)
            return tokens.first { $0.range.start == start }?.kind
        }
        XCTAssertEqual(kind(at: "// Façade"), .comment)
        XCTAssertEqual(kind(at: "/// The door."), .comment)
        XCTAssertEqual(kind(at: "machine"), .keyword)
        XCTAssertEqual(kind(at: "Door"), .class)
        XCTAssertEqual(kind(at: "Closed", 2), .enumMember)
        XCTAssertEqual(kind(at: "unlock"), .event)
        XCTAssertEqual(kind(at: "String"), .type)
        XCTAssertEqual(kind(at: "canClose"), .function)
        XCTAssertEqual(kind(at: "beep"), .method)
        XCTAssertEqual(kind(at: "\"é\""), .string)
        XCTAssertEqual(kind(at: "->"), .operator)
        XCTAssertEqual(kind(at: "pin"), .parameter)  // an argument label
        XCTAssertEqual(kind(at: "text:"), .parameter)
        let existential = EditorDocument(path: "t", text: "machine M { event go(h: any Sendable) }").semanticTokens()
        XCTAssertEqual(existential.map(\.kind).suffix(2), [.keyword, .type])
        XCTAssertEqual(tokens.first { $0.range.start == offset(of: "Closed", 2) }?.isDeclaration, true)
        let file = document.file
        XCTAssertTrue(tokens.allSatisfy { file.location(of: $0.range.start).line == file.location(of: $0.range.end).line })
        let block = EditorDocument(path: "t", text: "/* a\n b */ machine M {}").semanticTokens().filter { $0.kind == .comment }
        XCTAssertEqual(block.map(\.range), [SourceRange(start: 0, end: 4), SourceRange(start: 5, end: 10)])
    }

    func testQuickFixesComeFromFixIts() {
        let source = "machine M {\n initial Armed\n state Armed { go -> Armd }\n}\n"
        let document = EditorDocument(path: "t.fsm", text: source)
        let fixes = document.quickFixes(in: SourceRange(start: 0, end: source.utf8.count))
        XCTAssertFalse(fixes.isEmpty)
        XCTAssertTrue(fixes.contains { $0.title == "Replace 'Armd' with 'Armed'" && $0.edits.first?.replacement == "Armed" })
        XCTAssertTrue(document.quickFixes(in: SourceRange(start: 0, end: 3)).isEmpty)
    }

    /// A fix-it that adds or removes a line is titled by its text, without the indentation and
    /// line end that lay it out.
    func testQuickFixTitlesLeaveOutTheLayout() {
        let source = "machine M {\n  parallel state P {\n    initial A\n    state A; state B\n  }\n}\n"
        let document = EditorDocument(path: "t.fsm", text: source)
        let fixes = document.quickFixes(in: SourceRange(start: 0, end: source.utf8.count))
        XCTAssertEqual(fixes.map(\.title), ["Insert 'initial P'", "Remove 'initial A'"])
        XCTAssertEqual(fixes.map { $0.edits.map(\.replacement) }, [["  initial P\n"], [""]])
    }

    /// Every answer about a damaged document is well formed: ranges inside the document (its bytes
    /// without a byte-order mark), semantic tokens sorted and apart, a hover or symbol only where the
    /// cursor touches it, completions named and listed once, no rename. And each hostile document gets
    /// the answers it should: an empty, undecodable or BOM-only file and brackets alone offer to start
    /// a `machine` (but not inside an open `[`); the lone keyword `machine` is one token, declares
    /// no state or event, and offers nothing.
    func testHostileDocumentsAnswerSafely() {
        let offsets = { (bytes: [UInt8]) in [-5, 0, 1, bytes.count, bytes.count + 10] }
        func noMachine(_ bytes: [UInt8], _ completions: [[String]], line: UInt = #line) {
            let document = EditorDocument(path: "t", bytes: bytes)
            assertWellFormedAnswers(document, at: offsets(bytes), context: "\(bytes): ", line: line)
            XCTAssertEqual(offsets(bytes).map { document.completions(at: $0).map(\.label) }, completions, line: line)
            XCTAssertTrue(offsets(bytes).allSatisfy { document.hover(at: $0) == nil }, line: line)
            XCTAssertEqual(document.semanticTokens(), [], line: line)
            XCTAssertEqual(document.outline(), [], line: line)
        }
        let machineOnly = Array(repeating: ["machine"], count: 5)
        noMachine([], machineOnly)
        noMachine([0xFF, 0xFE], machineOnly)
        noMachine([0xEF, 0xBB, 0xBF], machineOnly)
        noMachine(Array("}}}{{{((([[[".utf8), [["machine"], ["machine"], ["machine"], [], []])

        let keyword = Array("machine".utf8)
        let document = EditorDocument(path: "t", bytes: keyword)
        assertWellFormedAnswers(document, at: offsets(keyword), context: "machine: ")
        XCTAssertEqual(document.semanticTokens().map(\.range), [SourceRange(start: 0, end: 7)])
        XCTAssertEqual(document.outline().flatMap(\.children), [])
        XCTAssertTrue(offsets(keyword).allSatisfy { document.completions(at: $0).isEmpty })
        XCTAssertNil(document.hover(at: -5))
        XCTAssertNil(document.hover(at: 17))
        for bytes in [[], [0xFF, 0xFE], [0xEF, 0xBB, 0xBF], Array("}}}{{{((([[[".utf8), keyword] {
            let document = EditorDocument(path: "t", bytes: bytes)
            for offset in offsets(bytes) {
                XCTAssertEqual(document.rename(at: offset, to: "X"), .failure(.noSymbol), "\(bytes) at \(offset)")
            }
        }
    }
}

/// The answers a document must give, whatever its bytes: ranges inside the document (its bytes
/// without a byte-order mark), semantic tokens sorted and apart, an outline nested as its ranges are,
/// a hover or symbol only where the cursor touches it, completions named and listed once, renames and
/// quick fixes that edit inside the document. `context` starts each failure's message.
private func assertWellFormedAnswers(
    _ document: EditorDocument, at offsets: [Int], context: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { XCTFail(context + message(), file: file, line: line) }
    }
    let size = document.file.bytes.count
    func isInside(_ range: SourceRange) -> Bool { 0 <= range.start && range.end <= size }
    func touches(_ range: SourceRange, _ offset: Int) -> Bool { range.start <= offset && offset <= range.end }
    let tokens = document.semanticTokens()
    check(tokens.allSatisfy { isInside($0.range) && $0.range.start < $0.range.end }, "tokens out of the document: \(tokens)")
    check(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }, "tokens out of order: \(tokens)")
    func checkOutline(_ items: [OutlineItem], in parent: SourceRange) {
        for item in items {
            check(isInside(item.range), "outline item out of the document: \(item)")
            check(parent.start <= item.range.start && item.range.end <= parent.end, "outline item out of its parent: \(item)")
            check(
                item.range.start <= item.selectionRange.start && item.selectionRange.end <= item.range.end,
                "outline item's name out of it: \(item)")
            checkOutline(item.children, in: item.range)
        }
    }
    checkOutline(document.outline(), in: SourceRange(start: 0, end: size))
    for offset in offsets {
        if let hover = document.hover(at: offset) {
            check(isInside(hover.range) && touches(hover.range, offset), "hover at \(offset): \(hover.range)")
            check(!hover.markdown.isEmpty, "empty hover at \(offset)")
        }
        if let symbol = document.index.occurrence(at: offset) {
            check(isInside(symbol.range) && touches(symbol.range, offset), "symbol at \(offset): \(symbol)")
        }
        let labels = document.completions(at: offset).map(\.label)
        check(!labels.contains("") && Set(labels).count == labels.count, "completions at \(offset): \(labels)")
        if case .success(let edits) = document.rename(at: offset, to: "Renamed") {
            check(!edits.isEmpty && edits.allSatisfy { isInside($0.range) }, "rename at \(offset): \(edits)")
        }
    }
    let fixes = document.quickFixes(in: SourceRange(start: 0, end: size))
    check(fixes.allSatisfy { $0.edits.allSatisfy { isInside($0.range) } }, "quick fixes: \(fixes)")
}
