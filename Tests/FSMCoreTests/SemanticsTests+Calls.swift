import FSMCore
import TestSupport
import XCTest

/// Guard and action calls: the parameters they pass exist where they are passed, and each name is
/// called with one signature and as a guard or an action, not both.
extension SemanticsTests {
    // MARK: - unknown-parameter / parameter-in-activity / duplicate-label

    func testUnknownParameterSuggestsDeclaredOne() {
        let source = """
            machine M {
                event disarm(code: String)
                initial A
                state A {
                    disarm [isValid(cod)] -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:25: error: event 'disarm' has no parameter 'cod'; did you mean 'code'?
                    disarm [isValid(cod)] -> A
                                    ^~~
                                    code
            test.fsm:2:11: note: 'disarm' declared here
                event disarm(code: String)
                      ^~~~~~

            """)
    }

    func testUnknownParameterOfLabelledArgument() {
        let source = """
            machine M {
                event disarm(code: String)
                initial A
                state A {
                    disarm / log(text: pin) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:28: error: event 'disarm' has no parameter 'pin'
                    disarm / log(text: pin) -> A
                                       ^~~
            test.fsm:2:11: note: 'disarm' declared here
                event disarm(code: String)
                      ^~~~~~

            """)
    }

    func testParameterOfUndeclaredEvent() {
        let source = """
            machine M {
                initial A
                state A {
                    go / log(x) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:18: error: event 'go' has no parameter 'x' (declare it with 'event go(x: Type)')
                    go / log(x) -> A
                             ^

            """)
    }

    /// One error for the transition, however many parameters it passes, and the declaration it
    /// shows gives the event all of them.
    func testParametersOfUndeclaredEventAreReportedOnce() {
        let source = """
            machine M {
                initial A
                state A {
                    go [ok(x)] / log(y, again: x) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:16: error: event 'go' has no parameter 'x' (declare it with 'event go(x: Type, y: Type)')
                    go [ok(x)] / log(y, again: x) -> A
                           ^

            """)
    }

    /// An undeclared event spelt like a declared one that has parameters is a typo of it: one error
    /// at the event's name suggesting it, not one per parameter passed.
    func testParametersOfMisspeltEventSuggestTheDeclaredEvent() {
        let source = """
            machine M {
                event seek(position: Int)
                initial A
                state A {
                    seel [valid(position)] / jump(to: position) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:9: error: event 'seel' is not declared, so it has no parameter 'position'; did you mean 'seek'?
                    seel [valid(position)] / jump(to: position) -> A
                    ^~~~
                    seek
            test.fsm:2:11: note: 'seek' declared here
                event seek(position: Int)
                      ^~~~

            """)
    }

    func testParameterInEntryActivity() {
        let source = """
            machine M {
                event go(n: Int)
                initial A
                state A {
                    entry / show(n)
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:22: error: entry and exit activities cannot use event parameters ('n'); pass a literal, as in 'label: 3'
                    entry / show(n)
                                 ^

            """)
    }

    func testParameterInExitActivity() {
        let source = """
            machine M {
                event go(n: Int)
                initial A
                state A {
                    exit / show(count: n)
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:28: error: entry and exit activities cannot use event parameters ('n'); pass a literal, as in 'label: 3'
                    exit / show(count: n)
                                       ^

            """)
    }

    /// parameter-in-completion names the events on which the guard or effect could decide
    /// instead (docs/Diagnostics.md's fix), or says what such an event has when none is declared.
    func testParameterInCompletionNamesTheEventsWithTheParameter() {
        let source = """
            machine M {
                event pay(amount: Int)
                event refund(amount: Int)
                initial A
                state A { pay -> B; refund -> B }
                state B {
                    [isCovered(amount: amount)] / log(code: code) -> C
                }
                final state C
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:28: error: a completion transition has no event, so it cannot use the event parameter 'amount'; decide on the event instead, in a transition on 'pay' or 'refund', or pass a literal
                    [isCovered(amount: amount)] / log(code: code) -> C
                                       ^~~~~~
            test.fsm:7:49: error: a completion transition has no event, so it cannot use the event parameter 'code'; decide on the event instead, in a transition on an event with that parameter, or pass a literal
                    [isCovered(amount: amount)] / log(code: code) -> C
                                                            ^~~~

            """)
    }

    func testDuplicateLabel() {
        let source = """
            machine M {
                initial A
                state A {
                    go / log(level: 1, level: 2) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:28: error: argument label 'level' is used twice in one call
                    go / log(level: 1, level: 2) -> A
                                       ^~~~~
            test.fsm:4:18: note: first used here
                    go / log(level: 1, level: 2) -> A
                             ^~~~~

            """)
    }

    // MARK: - inconsistent-signature / guard-used-as-action

    func testInconsistentSignature() {
        let source = """
            machine M {
                initial A
                state A {
                    go / log(level: 1) -> B
                }
                state B {
                    go / log(text: "x") -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:14: error: 'log' is called as 'log(text: String)' here but as 'log(level: Int)' before
                    go / log(text: "x") -> A
                         ^~~~~~~~~~~~~~
            test.fsm:4:14: note: first called here
                    go / log(level: 1) -> B
                         ^~~~~~~~~~~~~

            """)
    }

    func testInconsistentSignatureIsReportedAtTheLaterUseEvenAfterAnEntryActivity() {
        // "before" and "first called here" must refer to the earlier use in the file.
        let source = """
            machine M {
                initial A
                state A {
                    entry / log(level: 1)
                    go / log(text: "x") -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:14: error: 'log' is called as 'log(text: String)' here but as 'log(level: Int)' before
                    go / log(text: "x") -> A
                         ^~~~~~~~~~~~~~
            test.fsm:4:17: note: first called here
                    entry / log(level: 1)
                            ^~~~~~~~~~~~~

            """)
    }

    func testInconsistentSignatureIsReportedAtTheLaterUseWithMachineLevelTransitions() {
        let source = """
            machine M {
                initial A
                state A {
                    go / log(level: 1) -> A
                }
                reset / log -> A
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:13: error: 'log' is called as 'log()' here but as 'log(level: Int)' before
                reset / log -> A
                        ^~~
            test.fsm:4:14: note: first called here
                    go / log(level: 1) -> A
                         ^~~~~~~~~~~~~

            """)
    }

    func testGuardUsedAsAction() {
        let source = """
            machine M {
                initial A
                state A {
                    go [ready] -> B
                }
                state B {
                    go / ready -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:14: error: 'ready' is used as an action here but as a guard before
                    go / ready -> A
                         ^~~~~
            test.fsm:4:13: note: first used here
                    go [ready] -> B
                        ^~~~~

            """)
    }

    func testActionUsedAsGuard() {
        let source = """
            machine M {
                initial A
                state A {
                    go / ready -> B
                }
                state B {
                    go [ready] -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:13: error: 'ready' is used as a guard here but as an action before
                    go [ready] -> A
                        ^~~~~
            test.fsm:4:14: note: first used here
                    go / ready -> B
                         ^~~~~

            """)
    }
}
