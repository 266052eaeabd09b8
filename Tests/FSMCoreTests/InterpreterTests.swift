import FSMCore
import TestSupport
import XCTest

/// The reference interpreter on small machines, one rule of section 4 at a time. (The
/// differential tests compare it with the generated Swift on random machines.)
final class InterpreterTests: XCTestCase {
    /// Logs guards, actions, unhandled events, completions and history records (and, with
    /// `tracesStates`, exits, entries and the transitions a conflict drops); answers guards from a script of answers, then a table
    /// (default false); lets chosen actions send events.
    final class Recorder: InterpreterHost {
        var log: [String] = []
        var answers: [String: Bool] = [:]
        /// Answers given one after the other before `answers` applies.
        var scripted: [String: [Bool]] = [:]
        var sends: [String: EventOccurrence] = [:]
        var tracesStates = false

        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            let answer =
                scripted[guardCall.name]?.isEmpty == false
                ? scripted[guardCall.name]!.removeFirst() : answers[guardCall.name] ?? false
            log.append("guard \(guardCall) = \(answer)")
            return answer
        }

        func perform(_ action: Invocation, interpreter: Interpreter) {
            log.append(action.description)
            if let occurrence = sends[action.name] { log.append("send -> \(interpreter.send(occurrence))") }
        }

        func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {
            log.append("unhandled \(interpreter.model.events[occurrence.event].name) in \(interpreter.model.states[state].name)")
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            let name = { interpreter.model.states[$0].name }
            switch step {
            case .completed(let state): log.append("completes \(name(state))")
            case .completionDropped(let state): log.append("dropped \(name(state))")
            case .completionSkipped(let state): log.append("skipped \(name(state))")
            case .historyRecorded(let state, let recorded):
                log.append("history \(name(state)): " + recorded.map(name).joined(separator: " "))
            case .entering(let state) where tracesStates: log.append("enter \(name(state))")
            case .exiting(let state) where tracesStates: log.append("exit \(name(state))")
            case .preempted(let transition) where tracesStates:
                log.append("preempted from \(transition.source.map(name) ?? "machine")")
            default: break
            }
        }
    }

    private func make(_ source: String) throws -> (Interpreter, Recorder) {
        let model = try XCTUnwrap(model(source))
        let recorder = Recorder()
        return (Interpreter(model: model, host: recorder), recorder)
    }

    private func event(_ interpreter: Interpreter, _ line: String) throws -> EventOccurrence {
        try XCTUnwrap(try EventLine.parse(line, in: interpreter.model))
    }

    private func name(_ interpreter: Interpreter) -> String { interpreter.model.states[interpreter.state].name }

    func testSecuritySystem() throws {
        let source = try String(contentsOfFile: examplePath("SecuritySystem"), encoding: .utf8)
        let (machine, log) = try make(source)
        log.answers = ["isValid": false, "tooManyAttempts": false]
        XCTAssertTrue(machine.send(try event(machine, "arm")))
        XCTAssertTrue(machine.send(try event(machine, "disarm code=\"0000\"")))
        XCTAssertEqual(name(machine), "Armed")
        log.answers["isValid"] = true
        XCTAssertTrue(machine.send(try event(machine, "disarm code=\"1234\"")))
        XCTAssertEqual(name(machine), "Disarmed")
        XCTAssertEqual(
            log.log,
            [
                "announceDisarmed", "announceArmed",
                "guard isValid(code: \"0000\") = false", "guard tooManyAttempts = false", "countFailedAttempt",
                "guard isValid(code: \"1234\") = true", "announceDisarmed",
            ])
    }

    func testEventBeforeStartStartsTheMachineAndStartTwiceDoesNothing() throws {
        let (machine, log) = try make("machine M { initial A; state A { entry / hello; go -> B }; state B }")
        XCTAssertFalse(machine.isStarted)
        XCTAssertTrue(machine.send(try event(machine, "go")))
        machine.start()
        XCTAssertEqual(log.log, ["hello"])
        XCTAssertEqual(name(machine), "B")
    }

    func testDomainsExitAndEnterInOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                state P {
                    entry / enterP; exit / exitP
                    initial A
                    state A { entry / enterA; exit / exitA; again -> A; up -> P; down -> B }
                    state B { entry / enterB; exit / exitB }
                }
            }
            """)
        machine.start()
        machine.send(try event(machine, "again"))
        machine.send(try event(machine, "up"))
        machine.send(try event(machine, "down"))
        XCTAssertEqual(
            log.log,
            [
                "enterP", "enterA",  // start
                "exitA", "enterA",  // -> A from A: exits and re-enters A only
                "exitA", "exitP", "enterP", "enterA",  // -> P from A: P is exited and re-entered
                "exitA", "enterB",  // -> B: the domain is P
            ])
    }

    func testPopWithEmptyStackIsNotEnabledAndItsGuardIsNotAsked() throws {
        let (machine, log) = try make(
            "machine M { initial A; state A { back [ok] -> pop; back / fallback; go -> push B }; state B { back -> pop } }")
        log.answers["ok"] = true
        machine.send(try event(machine, "back"))
        XCTAssertEqual(log.log, ["fallback"])
        machine.send(try event(machine, "go"))
        XCTAssertEqual(name(machine), "B")
        machine.send(try event(machine, "back"))
        XCTAssertEqual(name(machine), "A")
        XCTAssertEqual(machine.stack, [])
    }

    func testFinishedMachineLeavesEveryEventUnhandled() throws {
        let (machine, log) = try make("machine M { initial A; state A { stop -> Done }; final state Done; go -> A }")
        XCTAssertTrue(machine.send(try event(machine, "stop")))
        XCTAssertTrue(machine.isFinished)
        XCTAssertFalse(machine.handles(0))
        XCTAssertFalse(machine.send(try event(machine, "go")))
        XCTAssertEqual(log.log, ["unhandled go in Done"])
    }

    /// docs/Language.md, "States": a final state may have `exit` activities, accepted without a
    /// warning; a top-level one's never run, a nested one's run when its composite state is left.
    func testExitActivitiesOfFinalStatesRunOnlyWhenTheFinalStateIsLeft() throws {
        let source = """
            machine M {
                initial A
                state A { initial X; state X { next -> Inner }; final state Inner { exit / leftInner }; done -> Done }
                final state Done { entry / inDone; exit / leftDone }
                go -> A
            }
            """
        XCTAssertEqual(diagnosticIDs(source), [])
        let (machine, log) = try make(source)
        machine.send(try event(machine, "next"))
        machine.send(try event(machine, "done"))
        XCTAssertTrue(machine.isFinished)
        machine.send(try event(machine, "go"))
        XCTAssertEqual(log.log, ["leftInner", "inDone", "unhandled go in Done"])
    }

    func testEventsSentByActionsAreQueuedInOrder() throws {
        let (machine, log) = try make(
            "machine M { initial A; state A { go / first, second -> B }; state B { entry / inB; one -> C }; state C { two / inC } }"
        )
        log.sends = ["first": EventOccurrence(event: 1), "second": EventOccurrence(event: 2)]
        XCTAssertTrue(machine.send(try event(machine, "go")))
        XCTAssertEqual(log.log, ["first", "send -> true", "second", "send -> true", "inB", "inC"])
        XCTAssertEqual(name(machine), "C")
    }

    func testUnhandledEventRunsNoAction() throws {
        let (machine, log) = try make("machine M { initial A; state A { entry / hi; go [no] / never -> A } }")
        XCTAssertFalse(machine.send(try event(machine, "go")))
        XCTAssertEqual(log.log, ["hi", "guard no = false", "unhandled go in A"])
    }

    func testEventLines() throws {
        let model = try XCTUnwrap(
            model("machine M { event e(n: Int, s: String, d: Double, b: Bool); initial A; state A { e / x(n) } }"))
        XCTAssertNil(try EventLine.parse("   # a comment", in: model))
        XCTAssertNil(try EventLine.parse("", in: model))
        XCTAssertEqual(
            try EventLine.parse(#"e s="a \"q\"\n" n=-3 d=2 b=true"#, in: model),
            EventOccurrence(event: 0, arguments: [.integer(-3), .string("a \"q\"\n"), .decimal(2), .boolean(true)]))
        XCTAssertEqual(
            try EventLine.parse(#"e s="\\\t\u{1F600}\u{0000D}" n=0 d=0 b=false"#, in: model)?.arguments[1],
            .string("\\\t\u{1F600}\r"))
        let errors = [
            ("f", "unknown event 'f'; did you mean 'e'? The events are: e"),
            ("zzz", "unknown event 'zzz'; the events are: e"),
            ("e n=1", "event 'e' needs 's=...' (String)"),
            ("e n=1 n=2", "parameter 'n' is given twice"),
            ("e m=1", "event 'e' has no parameter 'm'; its parameters are: n, s, d, b"),
            ("e n=\"1\"", "parameter 'n' is Int, but \"1\" is not"),
            ("e n=1x", "'1x' is not a value; write a string in quotes, a number, true, false or nil"),
            ("e n=nil", "parameter 'n' is Int, but nil is not"),
            ("e s=\"open", "unterminated string"),
            ("e n", "expected '=' after 'n'"),
            // Exactly the language's escapes, as in a `.fsm` file: Swift's others are errors.
            (#"e s="\r""#, #"unknown escape '\r' in a string; use \", \\, \n, \t or \u{...}"#),
            (#"e s="\0""#, #"unknown escape '\0' in a string; use \", \\, \n, \t or \u{...}"#),
            (#"e s="\'""#, #"unknown escape '\'' in a string; use \", \\, \n, \t or \u{...}"#),
            (#"e s="\u{110000}""#, #"invalid '\u{...}' escape: it needs 1 to 8 hex digits naming a Unicode scalar"#),
            (#"e s="\u{}""#, #"invalid '\u{...}' escape: it needs 1 to 8 hex digits naming a Unicode scalar"#),
            (#"e s="\u0041""#, #"unknown escape '\u' in a string; use \", \\, \n, \t or \u{...}"#),
            (#"e s="a\"#, "unterminated string"),
        ]
        for (line, message) in errors {
            XCTAssertThrowsError(try EventLine.parse(line, in: model), line) { error in
                XCTAssertEqual((error as? EventLineError)?.message, message, line)
            }
        }
    }

    func testEventLineValuesFollowTheParameterTypesLiteralKind() throws {
        let model = try XCTUnwrap(
            model(
                "machine M { event e(f: Float); event g(l: [Int], o: Int?); event h(o: Int?, b: Bool??, p: Double?); event k(c: Card?); initial A; state A { e / x; g / y; h / z; k / w } }"
            ))
        XCTAssertEqual(model.events.flatMap(\.parameters).map(\.type.literalKind), [.decimal, nil, nil, nil, nil, nil, nil])
        // A Float takes integers and decimals, as a Double does.
        XCTAssertEqual(try EventLine.parse("e f=2", in: model)?.arguments, [.decimal(2)])
        XCTAssertEqual(try EventLine.parse("e f=1.5", in: model)?.arguments, [.decimal(1.5)])
        let errors = [
            ("e f=true", "parameter 'f' is Float, but true is not"),
            ("g l=1 o=1", "parameter 'l' of 'g' has type [Int], which simulate cannot write a value of: write l=_ for one"),
            ("g l=nil o=1", "parameter 'l' of 'g' has type [Int], which simulate cannot write a value of: write l=_ for one"),
            ("k c=1", "parameter 'c' of 'k' has type Card?, which simulate cannot write a value of: write c=_ for one, or c=nil"),
            ("g l=_ o=_", "parameter 'o' is Int?: write its value ('_' stands for a value of a type simulate cannot write)"),
            ("e f=_", "parameter 'f' is Float: write its value ('_' stands for a value of a type simulate cannot write)"),
            ("h o=\"1\" b=nil p=nil", "parameter 'o' is Int?, but \"1\" is not"),
        ]
        for (line, message) in errors {
            XCTAssertThrowsError(try EventLine.parse(line, in: model), line) { error in
                XCTAssertEqual((error as? EventLineError)?.message, message, line)
            }
        }
        // An optional of a type with literals takes them, and nil; nested optionals too.
        XCTAssertEqual(try EventLine.parse("h o=3 b=nil p=2", in: model)?.arguments, [.integer(3), .none, .decimal(2)])
        XCTAssertEqual(try EventLine.parse("h p=nil o=nil b=true", in: model)?.arguments, [.none, .boolean(true), .none])
        XCTAssertEqual(InterpreterValue.none.description, "nil")
        // A type without literals takes `_`, one opaque value for any, and its optional nil too.
        XCTAssertEqual(try EventLine.parse("g l=_ o=nil", in: model)?.arguments, [.opaque, .none])
        XCTAssertEqual(try EventLine.parse("k c=_", in: model)?.arguments, [.opaque])
        XCTAssertEqual(try EventLine.parse("k c=nil", in: model)?.arguments, [.none])
        XCTAssertEqual(InterpreterValue.opaque.description, "_")
        // The literal types are the types literal arguments give their parameters.
        XCTAssertEqual(Model.Literal.Kind.allCases.map(\.type), ["String", "Int", "Double", "Bool"])
        XCTAssertEqual(Model.Literal.Kind.allCases.map(\.type.literalKind), Model.Literal.Kind.allCases)
    }

    private func examplePath(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples/\(name)/\(name).fsm").path
    }
}
