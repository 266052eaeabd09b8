import FSMCore
import TestSupport
import XCTest

/// `fsmc format`: the canonical layout, comments kept in place, idempotence, and meaning kept on
/// every example, every golden input and random machines.
final class FormatterTests: XCTestCase {
    static let root = repositoryRoot

    /// Every `.fsm` under `examples/` and `Tests/Golden/`.
    static func corpus() throws -> [URL] { fsmFiles(under: ["examples", "Tests/Golden"]) }

    func testEveryExampleAndGoldenInputKeepsItsMeaning() throws {
        let files = try Self.corpus()
        XCTAssertGreaterThan(files.count, 40)
        var formatted = 0
        for url in files {
            let source = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            if assertFormattingKeepsMeaning(source, name: url.lastPathComponent) { formatted += 1 }
        }
        // Most golden inputs have semantic errors only, which do not stop formatting.
        XCTAssertGreaterThan(formatted, files.count / 2)
    }

    /// The examples are what a newcomer copies from: each is already in the canonical layout
    /// (`fsmc format --check examples/*/*.fsm` lists nothing).
    func testEveryExampleIsFormatted() throws {
        let examples = try Self.corpus().filter { $0.path.contains("/examples/") }
        XCTAssertGreaterThan(examples.count, 8)
        for url in examples {
            let source = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            XCTAssertEqual(
                Formatter.format(source, path: url.lastPathComponent).text, source,
                "\(url.lastPathComponent) is not formatted: run fsmc format")
        }
    }

    func testRandomMachinesKeepTheirMeaning() {
        for seed in UInt64(1)...150 {
            let source = DifferentialCase.generateSource(seed: seed, name: "R\(seed)")
            // The generator's layout, squeezed onto as few lines as possible, must come back the same.
            let squeezed = source.replacingOccurrences(of: "\n    ", with: "\n")
            XCTAssertTrue(assertFormattingKeepsMeaning(source, name: "seed \(seed)"))
            XCTAssertEqual(Formatter.format(squeezed).text, Formatter.format(source).text, "seed \(seed)")
        }
    }

    /// Formats `source` and checks: idempotent, same tokens, same diagnostics on the same tokens,
    /// same generated Swift and diagram. Returns whether the source was formatted at all.
    @discardableResult
    private func assertFormattingKeepsMeaning(_ source: String, name: String, line: UInt = #line) -> Bool {
        let result = Formatter.format(source, path: name)
        let before = Compilation(path: name, text: source)
        guard let text = result.text else {
            XCTAssertFalse(result.diagnostics.isEmpty, "\(name): unformatted without a reason", line: line)
            XCTAssertTrue(before.hasErrors, "\(name): refused although it compiles", line: line)
            return false
        }
        XCTAssertEqual(Formatter.format(text, path: name).text, text, "\(name): not idempotent", line: line)
        XCTAssertEqual(Self.tokens(text), Self.tokens(source), "\(name): tokens changed", line: line)
        let after = Compilation(path: name, text: text)
        XCTAssertEqual(Self.located(after), Self.located(before), "\(name): diagnostics changed", line: line)
        XCTAssertEqual(before.model == nil, after.model == nil, line: line)
        if let old = before.model, let new = after.model {
            XCTAssertEqual(
                SwiftEmitter.emit(new, sourceName: name, access: .internal),
                SwiftEmitter.emit(old, sourceName: name, access: .internal), "\(name): Swift changed", line: line)
            XCTAssertEqual(DOTEmitter.emit(new), DOTEmitter.emit(old), line: line)
        }
        return true
    }

    /// The tokens (kind and spelling) but line ends and `;`, which only separate members.
    static func tokens(_ source: String) -> [String] {
        let file = SourceFile(path: "t.fsm", text: source)
        var engine = DiagnosticEngine()
        return Lexer.tokenize(file, diagnostics: &engine).filter { $0.kind != .newline && $0.kind != .semicolon }
            .map { "\($0.kind) \(file.text(in: $0.range))" }
    }

    /// Each diagnostic with the source text it points at (and its notes'), not its offsets. A
    /// fix-it that adds or removes a member is laid out as the file is (its indentation, the line
    /// end or `;` around it), so its text is compared without them.
    static func located(_ compilation: Compilation) -> [String] {
        func withoutLayout(_ text: String) -> String {
            let isLayout: (Character) -> Bool = { $0.isWhitespace || $0 == ";" }
            return String(text.drop(while: isLayout).reversed().drop(while: isLayout).reversed())
        }
        return compilation.diagnostics.map { diagnostic in
            let file = compilation.file
            let notes = diagnostic.notes.map { "\($0.message)@\(file.text(in: $0.range))" }
            let fixIts = diagnostic.fixIts.map { "\(withoutLayout(file.text(in: $0.range)))=>\(withoutLayout($0.replacement))" }
            return
                "\(diagnostic.id) \(diagnostic.severity) \(diagnostic.message) @\(file.text(in: diagnostic.range)) \(notes) \(fixIts)"
        }
    }

    func testCanonicalLayout() {
        let source = """
            machine   Door
            {
              event unlock( code :String , pin:Int? )
              initial Closed ; state Closed { open->Opened ; lock -> Locked }


              state Opened
              {

                close  ->  Closed

              }
              state Locked{unlock[isValid(code)&&!(isLate||isBroken( code ))]/log(text:"a  b"),beep->Closed}
              state Empty { }
              final state Done
              tick/count
              back -> push Opened
            }
            """
        let expected = """
            machine Door {
                event unlock(code: String, pin: Int?)
                initial Closed
                state Closed {
                    open -> Opened
                    lock -> Locked
                }

                state Opened {
                    close -> Closed
                }
                state Locked { unlock [isValid(code) && !(isLate || isBroken(code))] / log(text: "a  b"), beep -> Closed }
                state Empty {}
                final state Done
                tick / count
                back -> push Opened
            }

            """
        XCTAssertEqual(Formatter.format(source).text, expected)
    }

    func testTypesAndWrappedListsJoin() {
        let source = """
            machine T {
                event scan(items: [UInt8], prices: [String : Double], origin: ( Int, Int ), ids: Set< Int >,
                           source: Swift . String, handler: any Sendable, maybe: (any P)?)
                initial A
                state A { scan [isBroken
                      || isForced] / record(items, delta: -7, ratio: 1.5, on: true) -> A }
            }
            """
        let expected = """
            machine T {
                event scan(items: [UInt8], prices: [String: Double], origin: (Int, Int), ids: Set<Int>, source: Swift.String, handler: any Sendable, maybe: (any P)?)
                initial A
                state A {
                    scan [isBroken || isForced] / record(items, delta: -7, ratio: 1.5, on: true) -> A
                }
            }

            """
        XCTAssertEqual(Formatter.format(source).text, expected)
    }

    func testCommentsStayWhereTheyWere() {
        let source = """
            // Licence header, in the first line.

            /// The lamp.
            machine HallLamp // trailing on the machine
            {   /* after the brace */
                initial Off   // the start


                // Own line, indented wrongly.
                /// Nobody is home — ünïcödé.
                state Off
                {
                    toggle -> On;   /* after a semicolon */ dim -> Dimmed
                    go [a(x: 1, // inside parentheses
                    y: 2)] -> On
                        // before the closing brace
                }
                state On {/* block
                   over two lines */
                  toggle -> Off }
            state Dimmed // before an Allman brace
            {
            }
            }
            // at the end
            """
        let expected = """
            // Licence header, in the first line.

            /// The lamp.
            machine HallLamp // trailing on the machine
            { /* after the brace */
                initial Off // the start

                // Own line, indented wrongly.
                /// Nobody is home — ünïcödé.
                state Off {
                    toggle -> On /* after a semicolon */
                    dim -> Dimmed
                    go [a(x: 1, // inside parentheses
                        y: 2)] -> On
                    // before the closing brace
                }
                state On { /* block
                   over two lines */
                    toggle -> Off
                }
                state Dimmed // before an Allman brace
                {}
            }
            // at the end

            """
        let result = Formatter.format(source).text
        XCTAssertEqual(result, expected)
        XCTAssertEqual(result.flatMap { Formatter.format($0).text }, expected)
        XCTAssertEqual(Self.tokens(expected), Self.tokens(source))
    }

    /// A block comment inside a line keeps one space on each side, even where its neighbouring
    /// tokens take none (inside brackets and parentheses), as docs/Editors.md says.
    func testBlockCommentInsideALineIsSetOffByOneSpace() {
        assertFormats(
            """
            machine M {
              initial A
              state A {
                go [ /* in guard */ ok ] -> A
                stop [ok /* c */] -> A
                halt [ok/* c */] / log(/* none */) -> A
                back [/* a *//* b */ok] -> A
              }
            }
            """,
            """
            machine M {
                initial A
                state A {
                    go [ /* in guard */ ok] -> A
                    stop [ok /* c */ ] -> A
                    halt [ok /* c */ ] / log( /* none */ ) -> A
                    back [ /* a */ /* b */ ok] -> A
                }
            }

            """)
    }

    func testLineEndsAndByteOrderMarkBecomeCanonical() {
        let source = "\u{FEFF}machine M {\r\n  initial A\r  state A /* x\r\n y */\r\n}\r\n\r\n"
        XCTAssertEqual(Formatter.format(source).text, "machine M {\n    initial A\n    state A /* x\n y */\n}\n")
    }

    func testSyntaxErrorsLeaveTheFileAlone() {
        let source = "machine M {\n  initial A\n  state A { go -> }\n}\n"
        let result = Formatter.format(source)
        XCTAssertNil(result.text)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.error])
        XCTAssertNil(Formatter.format(SourceFile(path: "bad.fsm", bytes: [0x6D, 0xFF, 0x0A])).text)
    }

    func testSemanticErrorsDoNotStopFormatting() {
        let result = Formatter.format("machine M {\n initial Nowhere\n state A{go->Elsewhere}\n}")
        XCTAssertEqual(
            result.text, "machine M {\n    initial Nowhere\n    state A { go -> Elsewhere }\n}\n")
    }

    /// A state body the source has on one line, with one member, no comment and no state inside,
    /// stays on one line: `state A { go -> B }`, one space inside each brace, the member spaced as
    /// anywhere. Extra `;` around the member go; an empty body stays `{}`.
    func testOneLineBodyWithOneMemberStaysOnOneLine() {
        assertFormats(
            """
            machine M {
              initial A
              state A {go[ok(x:1)]/log( text:"a" ),beep->B}
              state B { ; go -> A ; }   // after the brace
              final state Done { entry / openTray }
              parallel state P { exit / close }
              state Empty { }
              state Allman
              { go -> A }
            }
            """,
            """
            machine M {
                initial A
                state A { go [ok(x: 1)] / log(text: "a"), beep -> B }
                state B { go -> A } // after the brace
                final state Done { entry / openTray }
                parallel state P { exit / close }
                state Empty {}
                state Allman { go -> A }
            }

            """)
    }

    /// Several members on one line, `;` between them, still become one member per line.
    func testOneLineBodyWithSeveralMembersIsExpanded() {
        assertFormats(
            "machine M {\n  initial A\n  state A { go -> B; stop -> A }\n  state B { entry / a;exit / b; }\n}\n",
            """
            machine M {
                initial A
                state A {
                    go -> B
                    stop -> A
                }
                state B {
                    entry / a
                    exit / b
                }
            }

            """)
    }

    /// A comment inside the braces is laid out as in any expanded body; one after `}`, or one
    /// before an Allman `{`, is not inside.
    func testCommentInsideAOneLineBodyExpandsIt() {
        assertFormats(
            """
            machine M {
              initial A
              state A { go -> B /* why */ }
              state B { /* why */ go -> A }
              state C { go -> A } /* after */
              state D // before an Allman brace
              { go -> A }
            }
            """,
            """
            machine M {
                initial A
                state A {
                    go -> B /* why */
                }
                state B { /* why */
                    go -> A
                }
                state C { go -> A } /* after */
                state D // before an Allman brace
                { go -> A }
            }

            """)
    }

    /// The formatter never puts a body that the source spreads over lines on one line, not even
    /// when it holds one member, or when only a wrapped list spreads it.
    func testBodyOverSeveralLinesStaysExpanded() {
        assertFormats(
            """
            machine M {
              initial A
              state A {
                go -> B }
              state B { go [a(x: 1,
                y: 2)] -> A
              }
              state C
              {
                go -> A
              }
            }
            """,
            """
            machine M {
                initial A
                state A {
                    go -> B
                }
                state B {
                    go [a(x: 1, y: 2)] -> A
                }
                state C {
                    go -> A
                }
            }

            """)
    }

    /// A body holding a state is expanded even on one line (with or without the state's own
    /// body); the nested state's one-line body stays on one line.
    func testNestedStateExpandsItsParentOnly() {
        assertFormats(
            """
            machine M {
              initial P
              state P { state A { x -> B } }
              state Q { state B }
              parallel state R { state C { y -> C } }
            }
            """,
            """
            machine M {
                initial P
                state P {
                    state A { x -> B }
                }
                state Q {
                    state B
                }
                parallel state R {
                    state C { y -> C }
                }
            }

            """)
    }

    /// Version 3: `after` and `every` with literal and named delays, and `raise`, are spaced as
    /// transitions are, on the machine and in states; a duration stays one word (`500ms`, never
    /// `500 ms`), whatever the spacing around it.
    func testTimedTransitionsAndRaiseTakeTheCanonicalLayout() {
        let source = """
            machine   Loader
            {
              event go( n :Int )
              initial Idle
              after   2h/heartbeat
              state Idle
              {
                after 1.5s[ok]/raise go(n:1)->Loading
                every   500ms/tick,raise   go( n : 2 )
              }
              state Loading {
                after retryDelay[!late||ok]->Idle ; every pollInterval/poll
                entry/raise go(n:0) ; exit / raise go(n: 3),log
                go->Idle
              }
            }
            """
        let expected = """
            machine Loader {
                event go(n: Int)
                initial Idle
                after 2h / heartbeat
                state Idle {
                    after 1.5s [ok] / raise go(n: 1) -> Loading
                    every 500ms / tick, raise go(n: 2)
                }
                state Loading {
                    after retryDelay [!late || ok] -> Idle
                    every pollInterval / poll
                    entry / raise go(n: 0)
                    exit / raise go(n: 3), log
                    go -> Idle
                }
            }

            """
        assertFormats(source, expected)
        XCTAssertTrue(assertFormattingKeepsMeaning(source, name: "Loader.fsm"))
    }

    func testActivitiesAndCatchTakeTheCanonicalLayout() {
        let source = """
            machine   Player
            {
              initial Loading
              state Loading
              {
                do/fetchVideo( quality:720 )
                ->Ready ; catch[isOffline( error )]/log(e:error),raise go->Offline
                  catch/report(error)   // the rest
              }
              state Ready { do   /   play }
              state Offline { go->Loading }
            }
            """
        let expected = """
            machine Player {
                initial Loading
                state Loading {
                    do / fetchVideo(quality: 720)
                    -> Ready
                    catch [isOffline(error)] / log(e: error), raise go -> Offline
                    catch / report(error) // the rest
                }
                state Ready { do / play }
                state Offline { go -> Loading }
            }

            """
        assertFormats(source, expected)
        XCTAssertTrue(assertFormattingKeepsMeaning(source, name: "Player.fsm"))
    }

    /// Comments before, after and inside a timed transition stay where they were, as around a
    /// transition.
    func testCommentsAroundTimedTransitionsStay() {
        assertFormats(
            """
            machine M {
              initial A
              // before the machine's timer
              after 10min/tick // after it
              state A {
                  /// Doc comment above.
                  after 2s /* delay */ [ok] -> A   // trailing
                every 100ms [ok && // inside the guard
                      late] / a, raise go
                  // before the brace
              }
            }
            """,
            """
            machine M {
                initial A
                // before the machine's timer
                after 10min / tick // after it
                state A {
                    /// Doc comment above.
                    after 2s /* delay */ [ok] -> A // trailing
                    every 100ms [ok && // inside the guard
                        late] / a, raise go
                    // before the brace
                }
            }

            """)
    }

    /// A one-line state body with one timed transition stays on one line; with two it is expanded.
    func testOneLineBodiesWithTimedTransitions() {
        assertFormats(
            """
            machine M {
              initial A
              state A {after 1.5s[ok]/raise go(n:1)->B}
              state B { every 1s/ raise go(n: 2) }
              state C { after wait -> A; every 2h / tick }
              final state Done { entry / raise finished }
            }
            """,
            """
            machine M {
                initial A
                state A { after 1.5s [ok] / raise go(n: 1) -> B }
                state B { every 1s / raise go(n: 2) }
                state C {
                    after wait -> A
                    every 2h / tick
                }
                final state Done { entry / raise finished }
            }

            """)
    }

    /// `source` formats to `expected`, which formats to itself and lexes to the same tokens.
    private func assertFormats(_ source: String, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(Formatter.format(source).text, expected, line: line)
        XCTAssertEqual(Formatter.format(expected).text, expected, "not idempotent", line: line)
        XCTAssertEqual(Self.tokens(expected), Self.tokens(source), "tokens changed", line: line)
    }
}
