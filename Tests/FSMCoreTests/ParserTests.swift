import TestSupport
import XCTest

@testable import FSMCore

/// One test per construct of the grammar: the tree the parser builds for it.
final class ParserTests: XCTestCase {
    private func parse(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> MachineDecl? {
        var engine = DiagnosticEngine()
        let machine = Parser.parse(SourceFile(path: "t.fsm", text: source), diagnostics: &engine)
        XCTAssertEqual(engine.diagnostics.map(\.message), [], file: file, line: line)
        return machine
    }

    /// Parses a file with errors: its members and its diagnostics, in source order.
    private func parseWithErrors(_ source: String) throws -> (members: [Member], diagnostics: [Diagnostic]) {
        var engine = DiagnosticEngine()
        let machine = Parser.parse(SourceFile(path: "t.fsm", text: source), diagnostics: &engine)
        return (try XCTUnwrap(machine).members, engine.sorted)
    }

    private func members(_ body: String) -> [Member] {
        parse("machine M {\n\(body)\n}")?.members ?? []
    }

    private func transition(_ text: String) -> TransitionDecl? {
        guard case .transition(let decl)? = members(text).first else { return nil }
        return decl
    }

    /// The tokens the editor and the formatter read carry their text and documentation comments;
    /// the parser reads the same tokens without them (``Lexeme``).
    func testTokensCarryTheirTextAndDocComments() {
        let source = "/// One.\n///Two\nmachine M { go(t: \"a\\\"\\u{E9}\", n: -12, d: 1.5) }\n/// dangling"
        var engine = DiagnosticEngine()
        let tokens = Lexer.tokenize(SourceFile(path: "t.fsm", text: source), diagnostics: &engine)
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        let described = tokens.filter { $0.kind != .newline }.map { "\($0.kind.spelling) \($0.text)" }
        XCTAssertEqual(
            described,
            [
                "'machine' machine", "name M", "'{' ", "name go", "'(' ", "name t", "':' ", "string literal a\"é", "',' ",
                "name n", "':' ", "integer literal -12", "',' ", "name d", "':' ", "decimal literal 1.5", "')' ",
                "'}' ", "end of file ",
            ])
        XCTAssertEqual(tokens.first?.docComment, ["One.", "Two"])
        XCTAssertEqual(tokens.filter { !$0.docComment.isEmpty }.count, 1)
    }

    func testMachineWithBraceOnNextLine() throws {
        let machine = try XCTUnwrap(parse("/// The doc.\nmachine Door\n{\n  initial A\n  state A\n}\n"))
        XCTAssertEqual(machine.name.text, "Door")
        XCTAssertEqual(machine.docComment, ["The doc."])
        XCTAssertEqual(machine.members.count, 2)
    }

    func testEventsSpeltLikeKeywordsAreTransitionsWhereATransitionCanStart() throws {
        // `stat`, `intial` and `evnt` are close to keywords, but followed by what a transition
        // continues with they are events, and no misspelt keyword is reported.
        let decls = members("stat -> A\nintial [ok] / go\nevnt\nstat / log -> push A")
        let events = decls.compactMap { if case .transition(let decl) = $0 { decl.event?.text } else { nil } }
        XCTAssertEqual(events, ["stat", "intial", "evnt", "stat"])
    }

    func testAMisspeltKeywordIsReadAsTheKeyword() throws {
        let (members, diagnostics) = try parseWithErrors("machin M {\n  intial A\n  stat A { go -> A }\n}\n")
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "unknown keyword 'machin'; did you mean 'machine'?", "unknown keyword 'intial'; did you mean 'initial'?",
                "unknown keyword 'stat'; did you mean 'state'?",
            ])
        XCTAssertEqual(diagnostics.map { $0.fixIts.map(\.replacement) }, [["machine"], ["initial"], ["state"]])
        guard members.count == 2, case .initial(let initial) = members[0], case .state(let state) = members[1] else {
            return XCTFail("expected an initial and a state, got \(members)")
        }
        XCTAssertEqual(initial.name.text, "A")
        XCTAssertEqual(state.members?.count, 1)
    }

    /// `parallel P {` and `final Done`: one error with 'state' as fix-it, and the state is read as
    /// declared, body and all, so nothing follows from the slip.
    func testAStateKeywordLeftOutIsReadAsWritten() throws {
        let (members, diagnostics) = try parseWithErrors(
            "machine M {\n  parallel P {\n    state A\n    state B\n  }\n  final Done\n}\n")
        XCTAssertEqual(diagnostics.map(\.message), ["expected 'state' after 'parallel'", "expected 'state' after 'final'"])
        // Inserted right after `parallel`, which ends at offset 22.
        XCTAssertEqual(diagnostics.first?.fixIts, [FixIt(replace: SourceRange(start: 22, end: 22), with: " state")])
        guard members.count == 2, case .state(let parallel) = members[0], case .state(let done) = members[1] else {
            return XCTFail("expected two states, got \(members)")
        }
        XCTAssertTrue(parallel.isParallel)
        XCTAssertEqual(parallel.members?.count, 2)
        XCTAssertTrue(done.isFinal)
        XCTAssertEqual(done.name.text, "Done")
    }

    /// `history initial C` is `initial history C` with the keywords the wrong way round; `history`
    /// with no name after it is the keyword missing its state, unless a state is named `history`.
    func testHistoryWrittenOutOfOrderOrWithoutItsState() throws {
        let (members, diagnostics) = try parseWithErrors(
            "machine M {\n  deep history initial C\n  state C { go -> history }\n}\n")
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "'deep history' goes after 'initial': write 'initial deep history C'",
                "expected a name for the state whose history is entered",
            ])
        XCTAssertEqual(diagnostics.first?.fixIts.map(\.replacement), ["initial deep history"])
        guard case .initial(let initial)? = members.first else { return XCTFail("no initial") }
        XCTAssertEqual(initial.name.text, "C")
        XCTAssertEqual(initial.history?.isDeep, true)

        let versionOne = try parseWithErrors("machine M {\n  initial C\n  state C { go -> history }\n  state history\n}\n")
        XCTAssertEqual(versionOne.diagnostics.map(\.id), [.keywordAsName, .keywordAsName])
    }

    /// A misspelt keyword where a target or an initial history begins, and `=>` for the arrow: each
    /// reported with its fix-it and read as meant.
    func testMisspeltTargetKeywordsAndTheFatArrowAreReadAsMeant() throws {
        let (members, diagnostics) = try parseWithErrors(
            "machine M {\n  initial deeep history A\n  state A { go => histroy A }\n}\n")
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "unknown keyword 'deeep'; did you mean 'deep'?", "unexpected '=>'; a transition's arrow is '->'",
                "unknown keyword 'histroy'; did you mean 'history'?",
            ])
        XCTAssertEqual(diagnostics.map { $0.fixIts.map(\.replacement) }, [["deep"], ["->"], ["history"]])
        guard members.count == 2, case .initial(let initial) = members[0], case .state(let state) = members[1],
            case .transition(let transition)? = state.members?.first
        else { return XCTFail("expected an initial and a state with a transition, got \(members)") }
        XCTAssertEqual(initial.history?.isDeep, true)
        guard case .history(let name, let history)? = transition.target else { return XCTFail("not a history target") }
        XCTAssertEqual(name.text, "A")
        XCTAssertFalse(history.isDeep)
    }

    /// The notes of the error about a missing `}` at the end of `source`.
    private func missingBraceNotes(_ source: String) throws -> [String] {
        let missing = try parseWithErrors(source).diagnostics.filter { $0.id == .missingBrace }
        XCTAssertEqual(missing.count, 1)
        return missing.first?.notes.map(\.message) ?? []
    }

    /// The state that the indentation shows to have lost its `}`: judged by lines that line up with
    /// a body's line, so a '}' merely indented otherwise is no sign, tabs work as spaces do, and a
    /// file written without indentation gets no guess.
    func testTheNoteOfAMissingBraceNamesTheStateTheIndentationShows() throws {
        let sloppyThenMissing = "machine M {\n    state A {\n        x -> A\n  }\n    state B {\n        y -> B\n}\n"
        XCTAssertEqual(
            try missingBraceNotes(sloppyThenMissing),
            [
                "to match this opening '{'",
                "did you forget the '}' of state 'B'? By the indentation, its body ends before line 7",
            ])
        let tabs = "machine M {\n\tstate A {\n\t\tstate B {\n\t\t\tx -> A\n\t\tstate C\n\t}\n}\n"
        XCTAssertEqual(
            try missingBraceNotes(tabs).last,
            "did you forget the '}' of state 'B'? By the indentation, its body ends before line 5")
        let flat = "machine M {\nstate A {\nx -> A\n}\nstate B {\ny -> B\n}\n"
        XCTAssertEqual(try missingBraceNotes(flat), ["to match this opening '{'"])
    }

    func testEventDeclarations() throws {
        let decls = members(
            "event tick\nevent move(x: Int, y: Double?)\nevent load(bytes: [UInt8], map: [String: Int], set: Swift.Set<Int>, pair: (Int, String), p: any P)"
        )
        let events = decls.compactMap { if case .event(let decl) = $0 { decl } else { nil } }
        XCTAssertEqual(events.map(\.name.text), ["tick", "move", "load"])
        XCTAssertEqual(events[1].parameters.map { "\($0.name.text): \($0.type)" }, ["x: Int", "y: Double?"])
        XCTAssertEqual(
            events[2].parameters.map(\.type.description),
            ["[UInt8]", "[String: Int]", "Swift.Set<Int>", "(Int, String)", "any P"])
    }

    func testEventParametersMaySpanLines() throws {
        let decls = members("event move(\n  x: Int,\n  y: Int\n)")
        guard case .event(let event)? = decls.first else { return XCTFail("no event") }
        XCTAssertEqual(event.parameters.count, 2)
    }

    func testStatesFinalAndNested() throws {
        let decls = members("initial A\nstate A {\n  initial B\n  state B\n  final state C\n}\nfinal state Done")
        guard case .state(let a) = decls[1], case .state(let done) = decls[2] else { return XCTFail("no states") }
        XCTAssertFalse(a.isFinal)
        XCTAssertTrue(done.isFinal)
        XCTAssertNil(done.members)
        XCTAssertEqual(a.members?.count, 3)
        guard case .state(let c)? = a.members?.last else { return XCTFail("no C") }
        XCTAssertTrue(c.isFinal)
    }

    func testActivities() throws {
        let decls = members("state A {\n entry / a, b(level: 3)\n exit / c\n}")
        guard case .state(let state) = decls[0], case .activity(let entry)? = state.members?.first,
            case .activity(let exit)? = state.members?.last
        else { return XCTFail("no activities") }
        XCTAssertEqual(entry.kind, .entry)
        XCTAssertEqual(entry.calls.map(\.name.text), ["a", "b"])
        XCTAssertEqual(exit.kind, .exit)
    }

    func testTransitionForms() throws {
        let external = try XCTUnwrap(transition("go -> B"))
        XCTAssertEqual(external.target, .state(Identifier("B", range: external.target!.range)))
        let internalOne = try XCTUnwrap(transition("tick / count"))
        XCTAssertNil(internalOne.target)
        XCTAssertEqual(internalOne.effects.map(\.name.text), ["count"])
        let push = try XCTUnwrap(transition("pause -> push Paused"))
        guard case .push(let name, _)? = push.target else { return XCTFail("not push") }
        XCTAssertEqual(name.text, "Paused")
        let pop = try XCTUnwrap(transition("resume -> pop"))
        guard case .pop? = pop.target else { return XCTFail("not pop") }
        let bare = try XCTUnwrap(transition("ignore"))
        XCTAssertNil(bare.target)
        XCTAssertNil(bare.guardExpression)
        XCTAssertTrue(bare.effects.isEmpty)
    }

    /// An arrow left out before the target's name, or written `<-`: one error with its fix-it, and
    /// the target read as meant. A name after the effects, or before another name, is no target.
    func testAnArrowLeftOutOrWrittenBackwardsIsReadAsTheArrow() throws {
        let source = "machine M {\n  state A {\n    open B\n    lock [g] <- B; knock <-B\n    go / log B\n  }\n}\n"
        let (members, diagnostics) = try parseWithErrors(source)
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "expected '->' before 'B'", "unexpected '<-'; a transition's arrow is '->'",
                "unexpected '<-'; a transition's arrow is '->'", "consecutive declarations on a line must be separated by ';'",
            ])
        let file = SourceFile(path: "t.fsm", text: source)
        XCTAssertEqual(
            diagnostics.map { $0.fixIts.map { "\(file.text(in: $0.range))=\($0.replacement)" } },
            [["=-> "], ["<-=->"], ["<-=->"], []])
        XCTAssertEqual(diagnostics.first?.fixIts.first?.range.start, diagnostics.first?.range.start)
        guard case .state(let state)? = members.first else { return XCTFail("no state") }
        let targets = (state.members ?? []).compactMap { member -> String? in
            guard case .transition(let transition) = member, case .state(let name)? = transition.target else { return nil }
            return "\(transition.event?.text ?? "") \(name.text)"
        }
        XCTAssertEqual(targets, ["open B", "lock B", "knock B"])
    }

    func testGuardPrecedenceAndParentheses() throws {
        let decl = try XCTUnwrap(transition("go [a || !b && c] -> X"))
        guard case .or(.call(let a), .and(.not(.call(let b), _), .call(let c)))? = decl.guardExpression else {
            return XCTFail("wrong shape: \(String(describing: decl.guardExpression))")
        }
        XCTAssertEqual([a, b, c].map(\.name.text), ["a", "b", "c"])
        let grouped = try XCTUnwrap(transition("go [(a || b) && c] -> X"))
        guard case .and(.parenthesized(.or, _), .call)? = grouped.guardExpression else {
            return XCTFail("wrong shape: \(String(describing: grouped.guardExpression))")
        }
    }

    func testGuardMaySpanLines() throws {
        let decl = try XCTUnwrap(transition("go [a &&\n  b] / e -> X"))
        XCTAssertNotNil(decl.guardExpression)
        XCTAssertEqual(decl.effects.map(\.name.text), ["e"])
    }

    /// `and`, `or` and `not` in a guard get '&&', '||' and '!' as fix-its (`not`'s takes the blanks
    /// after it) and are read as those operators; `not(x)` is still a guard named `not`. A
    /// comparison is one error at its operator: the lexer's errors about the operators after it go,
    /// and so does the guard; the transition is read on after the `]`, without its guard.
    func testWordOperatorsInAGuardAreReadAsMeantAndAComparisonIsOneError() throws {
        let source =
            "machine M {\n  state A {\n    go [a and not  b or c] -> A\n    go [not(x)] -> A\n"
            + "    go [n == 1 && m + 2 >= 3] / e(k: 1) -> Q\n    go [a\n      > b] -> A\n  }\n}\n"
        let (members, diagnostics) = try parseWithErrors(source)
        let guardError =
            "guards cannot compare or compute values: a guard is a call such as 'isPositive(count)', combined with '!', '&&' and '||'"
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "unexpected 'and' in a guard; did you mean '&&'?", "unexpected 'not' in a guard; did you mean '!'?",
                "unexpected 'or' in a guard; did you mean '||'?", "expected '&&', '||' or ']' after a guard; " + guardError,
                "expected '&&', '||' or ']' after a guard; " + guardError,
            ])
        XCTAssertEqual(diagnostics.map { $0.fixIts.map(\.replacement) }, [["&&"], ["!"], ["||"], [], []])
        let file = SourceFile(path: "t.fsm", text: source)
        XCTAssertEqual(diagnostics[1].fixIts.map { file.text(in: $0.range) }, ["not  "])
        XCTAssertEqual(Set(diagnostics.map(\.id)), [.unexpectedToken])
        // At the whole operator `==`, and at `>` on the guard's second line.
        XCTAssertEqual(diagnostics[3...].map { file.text(in: $0.range) }, ["==", ">"])
        XCTAssertEqual(file.location(of: diagnostics[4].range.start).line, 7)
        guard case .state(let state)? = members.first, let transitions = state.members, transitions.count == 4,
            case .transition(let words) = transitions[0], case .transition(let call) = transitions[1],
            case .transition(let comparison) = transitions[2], case .transition(let wrapped) = transitions[3]
        else { return XCTFail("expected a state with four transitions, got \(members)") }
        XCTAssertNil(comparison.guardExpression)
        XCTAssertEqual(comparison.invalidGuard.map { file.text(in: $0) }, "[n == 1 && m + 2 >= 3]")
        XCTAssertEqual(comparison.effects.map(\.name.text), ["e"])
        XCTAssertEqual(comparison.target, .state(Identifier("Q", range: SourceRange(start: 120, end: 121))))
        XCTAssertEqual(wrapped.invalidGuard.map { file.text(in: $0) }, "[a\n      > b]")
        XCTAssertTrue(comparison.isGuarded && wrapped.isGuarded)
        guard case .or(.and(.call(let a), .not(.call(let b), _)), .call(let c))? = words.guardExpression else {
            return XCTFail("wrong shape: \(String(describing: words.guardExpression))")
        }
        XCTAssertEqual([a, b, c].map(\.name.text), ["a", "b", "c"])
        guard case .call(let not)? = call.guardExpression else { return XCTFail("not(x) is not a call") }
        XCTAssertEqual(not.name.text, "not")
    }

    /// `not` before `(` is the operator `!` after a space, and when the parentheses hold a guard
    /// (`!`, `&&`, `||` or a call); `not(x)`, with arguments right after it, still calls a guard
    /// named `not` (docs/Diagnostics.md, unexpected-token). The fix-it of `not (` takes the space.
    func testNotBeforeParenthesesIsTheOperatorUnlessItCallsAGuardNamedNot() throws {
        let source = """
            machine M {
                initial A
                state A {
                    go [not (isOpen || isLocked)] -> B
                    go [not(isOpen || isLocked)] -> B
                    go [not(hasCode(digits: 4))] -> B
                    go [not(flag: true)] -> Bx
                }
                state B { back -> A }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:13: error: unexpected 'not' in a guard; did you mean '!'?
                    go [not (isOpen || isLocked)] -> B
                        ^~~
                        !
            test.fsm:5:13: error: unexpected 'not' in a guard; did you mean '!'?
                    go [not(isOpen || isLocked)] -> B
                        ^~~
                        !
            test.fsm:6:13: error: unexpected 'not' in a guard; did you mean '!'?
                    go [not(hasCode(digits: 4))] -> B
                        ^~~
                        !
            test.fsm:7:33: error: cannot find state 'Bx' in machine; did you mean 'B'?
                    go [not(flag: true)] -> Bx
                                            ^~
                                            B

            """)
        let (members, diagnostics) = try parseWithErrors(source)
        let file = SourceFile(path: "t.fsm", text: source)
        XCTAssertEqual(
            diagnostics.map { $0.fixIts.map { "\(file.text(in: $0.range))=\($0.replacement)" } },
            [["not =!"], ["not=!"], ["not=!"]])
        guard case .state(let state)? = members.dropFirst().first, let transitions = state.members, transitions.count == 4 else {
            return XCTFail("expected a state with four transitions, got \(members)")
        }
        let guards = transitions.map { member -> GuardSyntax? in
            if case .transition(let transition) = member { transition.guardExpression } else { nil }
        }
        guard case .not(.parenthesized(.or, _), _)? = guards[0], case .not(.parenthesized(.or, _), _)? = guards[1],
            case .not(.parenthesized(.call(let hasCode), _), _)? = guards[2],
            case .call(let not)? = guards[3]
        else { return XCTFail("wrong shapes: \(guards)") }
        XCTAssertEqual(hasCode.name.text, "hasCode")
        XCTAssertEqual(not.name.text, "not")
        XCTAssertEqual(not.arguments.map(\.label.text), ["flag"])
    }

    func testArgumentsAndLiterals() throws {
        let decl = try XCTUnwrap(
            transition(#"go [ok(code, pin: code)] / log(text: "a\"b\\c\n\t\u{1F600}", n: -7, x: 1.5, on: true, off: false) -> X"#)
        )
        guard case .call(let guardCall)? = decl.guardExpression else { return XCTFail("no guard call") }
        XCTAssertEqual(guardCall.arguments.map(\.label.text), ["code", "pin"])
        XCTAssertEqual(
            guardCall.arguments.map(\.value),
            [
                .parameter(Identifier("code", range: guardCall.arguments[0].range)),
                .parameter(
                    Identifier(
                        "code",
                        range: SourceRange(start: guardCall.arguments[1].range.end - 4, end: guardCall.arguments[1].range.end))),
            ])
        let values = decl.effects[0].arguments.map { argument -> LiteralSyntax.Value? in
            if case .literal(let literal) = argument.value { return literal.value }
            return nil
        }
        XCTAssertEqual(values, [.string("a\"b\\c\n\t😀"), .integer("-7"), .decimal("1.5"), .boolean(true), .boolean(false)])
    }

    func testSemicolonsSeparateMembers() throws {
        XCTAssertEqual(members("initial A; state A; state B").count, 3)
    }

    func testCommentsNestAndLineEndsVary() throws {
        let machine = try XCTUnwrap(
            parse("machine M { /* outer /* inner */ still comment */\r\n initial A\r state A // trailing\n}"))
        XCTAssertEqual(machine.members.count, 2)
    }

    func testByteOrderMarkIsIgnored() throws {
        var engine = DiagnosticEngine()
        let file = SourceFile(path: "t.fsm", bytes: [0xEF, 0xBB, 0xBF] + Array("machine M { initial A; state A }".utf8))
        XCTAssertNotNil(Parser.parse(file, diagnostics: &engine))
        XCTAssertTrue(engine.diagnostics.isEmpty)
        XCTAssertEqual(file.location(of: 0).column, 1)
    }

    func testRangesPointAtTheSource() throws {
        let source = "machine M {\n  initial A\n  state A { go -> A }\n}"
        let file = SourceFile(path: "t.fsm", text: source)
        let decl = try XCTUnwrap(transition("go -> A"))
        XCTAssertEqual(file.text(in: decl.range).isEmpty, false)
        let machine = try XCTUnwrap(parse(source))
        guard case .state(let state) = machine.members[1] else { return XCTFail("no state") }
        XCTAssertEqual(file.text(in: state.name.range), "A")
        XCTAssertEqual(file.location(of: state.name.range.start), SourceLocation(offset: 32, line: 3, column: 9))
        XCTAssertEqual(file.text(in: state.range), "state A { go -> A }")
    }

    func testColumnsCountUnicodeScalars() {
        let file = SourceFile(path: "t.fsm", text: "// é😀\nx")
        let offset = Array("// é😀".utf8).count
        XCTAssertEqual(file.location(of: offset).column, 6)
    }

    func testOptionalExistentialIsParenthesized() throws {
        let decls = members("event e(error: any Error?, other: some P)")
        guard case .event(let event)? = decls.first else { return XCTFail("no event") }
        XCTAssertEqual(event.parameters.map(\.type.description), ["(any Error)?", "some P"])
    }

    func testMembersMayFollowAClosingBraceOnTheSameLine() throws {
        XCTAssertEqual(members("initial A\nstate A { go -> B } state B { back -> A }").count, 3)
    }
}
