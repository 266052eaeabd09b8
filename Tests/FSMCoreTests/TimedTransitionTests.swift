import FSMCore
import TestSupport
import XCTest

/// Version 3's front end: duration literals, `after` and `every` (section 4d), `raise` (section
/// 4e), their model, their checks, and the back ends' refusal until they carry them out.
final class TimedTransitionTests: XCTestCase {
    func testDurationsAreExactNanoseconds() throws {
        let cases: [(String, Int)] = [
            ("500ms", 500_000_000), ("2s", 2_000_000_000), ("1.5s", 1_500_000_000), ("2.7s", 2_700_000_000),
            ("10min", 600_000_000_000), ("1h", 3_600_000_000_000), ("0s", 0), ("0.000000001s", 1), ("1.25ms", 1_250_000),
            ("1.50000000000000000000s", 1_500_000_000),
        ]
        for (text, nanoseconds) in cases {
            XCTAssertEqual(try DurationLiteral.parse(text).get(), nanoseconds, text)
        }
    }

    func testDurationProblems() {
        func problem(_ text: String) -> DurationLiteral.Problem? {
            if case .failure(let problem) = DurationLiteral.parse(text) { problem } else { nil }
        }
        XCTAssertEqual(problem("5"), .missingUnit)
        XCTAssertEqual(problem("1.5"), .missingUnit)
        XCTAssertEqual(problem("5sec"), .unknownUnit("sec", suggestion: .s))
        XCTAssertEqual(problem("5m"), .unknownUnit("m", suggestion: .min))
        XCTAssertEqual(problem("5us"), .unknownUnit("us", suggestion: nil))
        XCTAssertEqual(problem("-2s"), .negative)
        XCTAssertEqual(problem("0.0000000001s"), .finerThanNanosecond)
        XCTAssertEqual(problem("1.0000000001s"), .finerThanNanosecond)
        XCTAssertEqual(problem("99999999999h"), .tooLong)
        XCTAssertEqual(problem("1.2.3s"), .malformed)
    }

    static let loader = """
        machine Loader {
            initial Idle
            event failed(code: Int)
            after 1h / raise failed(code: 1)
            state Idle { load -> Loading }
            state Loading {
                every 500ms / updateProgress
                after 10s [slow] / logTimeout, raise failed(code: 2), note -> Failed
                after retryDelay
                done -> Idle
            }
            state Failed {
                entry / show, raise giveUp
                giveUp -> Idle
                failed -> Idle
            }
        }
        """

    func testTimedTransitionsAndRaiseInTheModel() throws {
        let model = try XCTUnwrap(model(Self.loader))
        let loading = try XCTUnwrap(model.states.firstIndex { $0.name == "Loading" })
        let failed = try XCTUnwrap(model.states.firstIndex { $0.name == "Failed" })
        let timed = model.states[loading].timedTransitions
        XCTAssertEqual(timed.map(\.kind), [.every, .after, .after])
        XCTAssertEqual(timed[0].delay, .literal(nanoseconds: 500_000_000, text: "500ms"))
        XCTAssertEqual(timed[0].target, .internal)
        XCTAssertEqual(timed[1].target, .state(failed))
        XCTAssertEqual(timed[1].domain, nil, "Loading and Failed are top-level: the machine is the domain")
        XCTAssertNotNil(timed[1].guardExpression)
        XCTAssertEqual(timed[1].source, loading)
        XCTAssertEqual(timed[2].delay, .named("retryDelay"))
        XCTAssertEqual(timed[2].target, .internal)
        // The calls and the raise in the order written; `effects` keeps the calls alone.
        let actions = timed[1].actions.map { action -> String in
            switch action {
            case .call(let call): call.name
            case .raise(let raise): "raise " + model.events[raise.event].name
            }
        }
        XCTAssertEqual(actions, ["logTimeout", "raise failed", "note"])
        XCTAssertEqual(timed[1].effects.map(\.name), ["logTimeout", "note"])
        XCTAssertEqual(model.states[failed].entry.map(\.name), ["show"])
        XCTAssertEqual(model.states[failed].entryActions.count, 2)
        XCTAssertEqual(model.machineTimedTransitions.map(\.kind), [.after])
        XCTAssertEqual(model.allTimedTransitions.count, 4)
        XCTAssertEqual(model.allRaises.map { model.events[$0.event].name }, ["failed", "failed", "giveUp"])
        XCTAssertEqual(model.allRaises[0].arguments.map(\.label), ["code"])
        XCTAssertEqual(model.allRaises[0].arguments.map(\.value), [.literal(.integer("1"))])
        // A delay is a requirement returning Duration; guards return Bool, actions nothing.
        let delay = try XCTUnwrap(model.requirements.first { $0.name == "retryDelay" })
        XCTAssertEqual(delay.result, .duration)
        XCTAssertTrue(delay.isDelay)
        XCTAssertFalse(delay.isGuard)
        XCTAssertEqual(model.requirements.first { $0.name == "slow" }?.result, .bool)
        XCTAssertEqual(model.requirements.first { $0.name == "note" }?.result, .void)
        XCTAssertFalse(model.guardNames.contains("retryDelay"))
        // A valid timed machine checks clean.
        XCTAssertEqual(diagnosticsText(Self.loader), "")
    }

    func testTimedTransitionsKeepStatesReachableAndOutOfDeadEnds() {
        let source = """
            machine M {
                initial A
                state A { after 5s -> B }
                state B { every 1s / tick; after 2s [ready] -> C }
                final state C
            }
            """
        XCTAssertEqual(diagnosticsText(source), "")
        // Without its timed transition, A is a dead end and B and C are never entered.
        let untimed = source.replacingOccurrences(of: "state A { after 5s -> B }", with: "state A")
        XCTAssertEqual(diagnosticIDs(untimed), ["dead-end", "unreachable-state", "unreachable-state"])
        // An `every` leads nowhere: B alone stays a dead end.
        let onlyEvery = source.replacingOccurrences(of: "; after 2s [ready] -> C", with: "")
        XCTAssertEqual(diagnosticIDs(onlyEvery), ["dead-end", "unreachable-state"])
        // A timer of an enclosing state leaves its children too.
        let outer = """
            machine M {
                initial P
                state P {
                    initial A
                    after 1min -> Done
                    state A
                }
                final state Done
            }
            """
        XCTAssertEqual(diagnosticsText(outer), "")
    }

    func testSyntaxOfDelays() {
        let source = """
            machine M {
                initial A
                state A {
                    after 5 -> B
                    after 5sec -> B
                    after 5 s -> B
                    after 1.0000000001s -> B
                    after -> B
                    every 1s
                }
                state B
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            [
                "invalid-duration", "invalid-duration", "invalid-duration", "invalid-duration", "keyword-as-name",
                "unexpected-token",
            ])
        let text = diagnosticsText(source)
        XCTAssertTrue(text.contains("error: duration '5' has no unit; write it with one of ms, s, min or h"), text)
        XCTAssertTrue(text.contains("error: unknown unit 'sec' in duration '5sec'; did you mean 's'?"), text)
        XCTAssertTrue(text.contains("error: a duration is written without a space between number and unit: '5s'"), text)
        XCTAssertTrue(text.contains("error: duration '1.0000000001s' is not a whole number of nanoseconds"), text)
        // `after` without a delay is an older machine's event named `after`.
        XCTAssertTrue(text.contains("test.fsm:8:9: error: keyword 'after' cannot be used as an event name"), text)
        XCTAssertTrue(text.contains("error: expected '/' and the actions an 'every' transition repeats"), text)
        // The unknown unit's fix-it replaces the unit alone.
        let compilation = Compilation(path: "t.fsm", text: source)
        let fixIt = compilation.diagnostics[1].fixIts.first
        XCTAssertEqual(fixIt?.replacement, "s")
        XCTAssertEqual(fixIt.map { compilation.file.text(in: $0.range) }, "sec")
        // The space's fix-it removes it.
        XCTAssertEqual(compilation.diagnostics[2].fixIts.map(\.replacement), [""])
    }

    func testChecksOfTimedTransitions() {
        let source = """
            machine M {
                initial A
                state A {
                    every 0s / tick
                    every 1s / tick -> B
                    after wait -> B
                    after 1s [wait] -> B
                    after 2s / log(code) -> B
                }
                final state B { after 1s -> A }
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            ["every-without-delay", "every-with-target", "delay-name-conflict", "parameter-in-completion", "final-state-body"])
        let text = diagnosticsText(source)
        XCTAssertTrue(text.contains("error: 'wait' is used as a guard here but as a delay before"), text)
        XCTAssertTrue(text.contains("error: a timed transition has no event, so it cannot use the event parameter 'code'"), text)
        XCTAssertTrue(text.contains("error: final state 'B' cannot have timed transitions"), text)
    }

    func testChecksOfRaise() {
        let source = """
            machine M {
                initial A
                event failed(code: Int, reason: String?)
                event go(n: Int, s: String)
                state A {
                    go [g0] / raise failed(code: n, reason: s) -> A
                    go [g1] / raise failed(code: n, reasn: s)
                    go [g2] / raise failed(code: s, reason: "x")
                    go [g3] / raise failed(code: 1.5)
                    go [g4] / raise ping(x: 1)
                    failed -> A
                    ping -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            // `failed(code: 1.5)`: a Double for the Int, and no `reason`.
            ["raise-arguments", "raise-arguments", "raise-arguments", "raise-arguments", "raise-arguments", "raise-arguments"])
        let text = diagnosticsText(source)
        XCTAssertTrue(
            text.contains(
                "error: cannot raise 'failed' with 'reasn:': event 'failed' has no parameter 'reasn'; did you mean 'reason'?"),
            text)
        XCTAssertTrue(
            text.contains("error: cannot raise 'failed' with 'code:' of type 'String'; its parameter is 'code: Int'"), text)
        XCTAssertTrue(
            text.contains("error: cannot raise 'failed' with 'code:' of type 'Double'; its parameter is 'code: Int'"), text)
        XCTAssertTrue(text.contains("error: raise of 'failed' is missing the argument 'reason: String?'"), text)
        XCTAssertTrue(text.contains("event 'ping' is not declared with parameters, so it has no parameter 'x'"), text)
        // An optional parameter takes a literal of its wrapped type, and a Double an integer.
        let valid = """
            machine M {
                initial A
                event failed(code: Double, reason: String?)
                state A {
                    go / raise failed(code: 1, reason: "x")
                    failed -> A
                }
            }
            """
        XCTAssertEqual(diagnosticsText(valid), "")
    }

    func testWarningsOfTimedTransitionsAndRaise() {
        let source = """
            machine M {
                initial A
                state A {
                    after 30s -> B
                    after 1min -> B
                    after 30s [ok] -> B
                    every 10s / tick
                    after 10s / raise nobody
                    after 5s -> Inner
                    state Inner
                    initial Inner
                }
                state B { after 1s -> A }
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            ["timed-transition-never-fires", "timed-transition-never-fires", "unhandled-raised-event"])
        let text = diagnosticsText(source)
        XCTAssertTrue(text.contains("test.fsm:5:9: warning: this 'after' transition can never fire"), text)
        XCTAssertTrue(
            text.contains("test.fsm:4:9: note: this 'after' has no guard, is due no later and leaves the state first"), text)
        XCTAssertTrue(text.contains("test.fsm:6:9: warning: this 'after' transition can never fire"), text)
        XCTAssertTrue(text.contains("warning: event 'nobody' is raised but no transition handles it"), text)
        // A guarded earlier one, a named delay, or a target inside the state pre-empts nothing.
        let fine = """
            machine M {
                initial A
                state A {
                    after 5s -> Inner
                    after 30s [ok] -> B
                    after wait -> B
                    after 1min -> B
                    state Inner
                    initial Inner
                }
                state B { after 1s -> A }
            }
            """
        XCTAssertEqual(diagnosticsText(fine), "")
    }

    func testVersion3KeywordsAreNoNames() {
        let source = """
            machine M {
                initial raise
                state raise { after -> raise }
            }
            """
        let text = diagnosticsText(source)
        XCTAssertTrue(
            text.contains(
                "error: keyword 'raise' cannot be used as an initial state name; 'after', 'every', 'do', 'catch' and 'raise' are keywords since version 3 of the language: rename it"
            ), text)
        XCTAssertTrue(text.contains("error: keyword 'after' cannot be used as an event name; 'after', 'every'"), text)
    }
}
