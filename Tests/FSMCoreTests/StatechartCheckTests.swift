import FSMCore
import TestSupport
import XCTest

/// Version 2 in the front end: the syntax of completion transitions and history, the model it
/// resolves to, and the checks of sections 4a and 4b (the golden files in Tests/Golden/Diagnostics
/// show each message once; these pin the rules behind them).
final class StatechartCheckTests: XCTestCase {
    // MARK: - Syntax and model

    func testCompletionTransitionsAndHistoryResolve() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial A
                    state A {
                        [ready] / log -> B
                        -> history C
                    }
                    state B { go -> deep history C; back -> A }
                    state C {
                        initial deep history D
                        state D {
                            initial E
                            state E { next -> F }
                            final state F
                            -> A
                        }
                    }
                }
                """))
        let a = model.states[0]
        XCTAssertEqual(a.transitions.map(\.isCompletion), [true, true])
        XCTAssertNil(a.transitions[0].event)
        XCTAssertEqual(a.transitions[0].target, .state(1))
        XCTAssertEqual(a.transitions[1].target, .history(2, .shallow))
        XCTAssertEqual(model.states[1].transitions[0].target, .history(2, .deep))
        XCTAssertEqual(model.states[2].initialHistory, .deep)
        XCTAssertNil(model.states[3].initialHistory)
        // C records: it is a history target and has `initial history`; D is neither.
        XCTAssertEqual(model.states.map(\.recordsHistory), [false, false, true, false, false, false])
        XCTAssertEqual(model.completionTransitions(of: 3).map(\.target), [.state(0)])
        // Completions are not candidates for events.
        XCTAssertEqual(model.candidateTransitions(in: 1).compactMap(\.event).map { model.events[$0].name }, ["go", "back"])
    }

    func testVersionTwoKeywordsAsOldNamesSaySo() {
        XCTAssertEqual(
            diagnosticsText(
                """
                machine M {
                    initial deep
                    state deep { history -> deep }
                }
                """),
            """
            test.fsm:2:13: error: keyword 'deep' cannot be used as an initial state name; 'parallel', 'history' and 'deep' are keywords since version 2 of the language: rename it
                initial deep
                        ^~~~
            test.fsm:3:11: error: keyword 'deep' cannot be used as a state name; 'parallel', 'history' and 'deep' are keywords since version 2 of the language: rename it
                state deep { history -> deep }
                      ^~~~
            test.fsm:3:18: error: keyword 'history' cannot be used as an event name; 'parallel', 'history' and 'deep' are keywords since version 2 of the language: rename it
                state deep { history -> deep }
                             ^~~~~~~

            """)
    }

    /// `-> history` with nothing after it is the keyword without its state, unless the machine
    /// declares a state named `history` (version 1), which it then names.
    func testHistoryAtTheEndOfATargetIsTheKeywordUnlessAStateIsNamedSo() {
        XCTAssertEqual(
            diagnosticsText(
                """
                machine M {
                    initial A
                    state A { go -> history }
                }
                """),
            """
            test.fsm:3:29: error: expected a name for the state whose history is entered
                state A { go -> history }
                                        ^

            """)
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial A
                    state A { go -> history }
                    state history
                }
                """), ["keyword-as-name", "keyword-as-name"])
    }

    // MARK: - Reachability and dead ends

    func testStatesReachedOnlyByCompletionOrHistoryAreReachable() {
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial Choice
                    state Choice {
                        [a] -> ViaGuard
                        -> ViaCompletion
                    }
                    state ViaGuard { back -> Choice }
                    state ViaCompletion {
                        initial Step
                        state Step { done -> Finished }
                        final state Finished
                        -> ViaParentCompletion
                    }
                    state ViaParentCompletion { again -> history Group }
                    state Group {
                        initial First
                        state First { leave -> Choice }
                    }
                }
                """), [])
    }

    func testAChoiceStateIsNoDeadEndButEventsCannotLeaveIt() {
        // A choice leads on by its completion transitions; only the empty state is a dead end.
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial A
                    state A { [ok] -> B; -> C }
                    state B { go -> C }
                    state C { stop -> Never }
                    state Never { }
                }
                """), ["dead-end"])
        // Only completions lead out of B: reachable, and events of B are reported instead.
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial A
                    state A { go -> B }
                    state B { tick -> Unreached; -> A }
                    state Unreached { back -> A }
                }
                """), ["shadowed-by-completion", "unreachable-state"])
    }

    /// A machine whose parallel state `P` has the region `R1`, which waits in `Y`, then `regions`;
    /// `rest` follows `P`.
    private func waitingInY(beside regions: String, then rest: String = "") -> String {
        """
        machine M {
            initial P
            parallel state P {
                state R1 { initial X; state X { x -> Y }; state Y }
        \(regions)
            }
        \(rest)
        }
        """
    }

    func testAStateInARegionThatAnotherRegionCanLeaveIsNoDeadEnd() {
        // R2's `z -> Done` exits P, and Y with it: Y waits, and 'final state Y' would change what
        // the machine does (R1 would complete).
        XCTAssertEqual(
            diagnosticIDs(waitingInY(beside: "state R2 { initial Z; state Z { z -> Done } }", then: "state Done { again -> P }")),
            [])
        // The same from a completion of the other region, to a state inside P (the domain is still
        // above P), and from inside a nested parallel state.
        XCTAssertEqual(
            diagnosticIDs(
                waitingInY(
                    beside: """
                        state R2 { initial Z; state Z { z -> F }; final state F; -> X }
                        parallel state R3 {
                            state S1 { initial S; state S }
                            state S2 { initial T; state T { t -> Y } }
                        }
                        """)), [])
    }

    func testAStateInARegionIsADeadEndWhenNoOtherRegionCanLeaveIt() {
        // R2's transitions stay inside R2, and the one that would leave P is in an unreachable state.
        XCTAssertEqual(
            diagnosticIDs(
                waitingInY(beside: "state R2 { initial Z; state Z { z -> Z2 }; state Z2 { z -> Z }; state Never { out -> X } }")),
            ["dead-end", "unreachable-state"])
    }

    /// `Steps` reaches its final state `Finished`; `steps` is what else `Steps` has.
    private func wizard(steps: String = "") -> String {
        """
        machine Wizard {
            initial Start
            state Start { begin -> Steps; skip -> Summary }
            state Steps {
                initial One
                state One { next -> Finished }
                final state Finished
                \(steps)
            }
            state Summary { restart -> Steps }
        }
        """
    }

    func testAFinalStateThatNothingFollowsIsADeadEnd() {
        // Entering Finished completes Steps, which has no completion transition: the machine is stuck,
        // and not finished (Finished is not at the top level).
        XCTAssertEqual(
            diagnosticsText(wizard()),
            """
            test.fsm:7:21: warning: final state 'Finished' is a dead end: no completion transition follows it and no transition leads out of it; give 'Steps' a completion transition ('-> NextState')
                    final state Finished
                                ^~~~~~~~

            """)
        // A completion transition, even a guarded one, or an event transition of the composite leads on.
        XCTAssertEqual(diagnosticIDs(wizard(steps: "-> Summary")), [])
        XCTAssertEqual(diagnosticIDs(wizard(steps: "[confirmed] -> Summary")), [])
        XCTAssertEqual(diagnosticIDs(wizard(steps: "cancel -> Start")), [])
        // An internal transition of the composite does not.
        XCTAssertEqual(diagnosticIDs(wizard(steps: "tick / count")), ["dead-end"])
    }

    func testARegionsFinalStateIsNoDeadEnd() {
        // The region rests there while the others go on (and P completes when they all have).
        XCTAssertEqual(
            diagnosticIDs(waitingInY(beside: "state R2 { initial Z; state Z { z -> Done }; final state Done }")),
            ["dead-end"], "only Y, which is not final")
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial P
                    parallel state P {
                        state R1 { initial X; state X { x -> Done }; final state Done }
                        state R2 { initial Z; state Z { z -> Z } }
                    }
                }
                """), [])
    }

    // MARK: - Completion cycles

    func testACompositeThatCompletesOnEntryAndReentersItselfIsACycle() {
        XCTAssertEqual(
            diagnosticsText(
                """
                machine M {
                    initial P
                    state P {
                        initial F
                        final state F
                        -> P
                    }
                }
                """),
            """
            test.fsm:6:9: error: completion transitions without guards lead around in a circle forever: 'P' -> 'P'
                    -> P
                    ^~~~

            """)
    }

    func testCyclesThatMayEndAreNotErrors() {
        // A guard on the way, a guarded first transition, a history entry, an `initial history`:
        // each may end the loop, so none is reported.
        for body in [
            "state A { [again] -> B }\n state B { -> A }",
            "state A { [again] -> A; -> B }\n state B { -> A }",
            "state A { -> history H }\n state B { -> A }\n state H { initial B2; state B2 { -> A } }",
            "state A { -> H }\n state H { initial history B2; state B2 { -> A } }",
        ] {
            let ids = diagnosticIDs("machine M {\n initial S\n state S { go -> A }\n \(body)\n}")
            XCTAssertFalse(ids.contains("completion-cycle"), "\(body): \(ids)")
        }
    }

    func testEachCycleIsReportedOnceFromItsFirstState() {
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial S
                    state S { go -> C }
                    state A { -> B }
                    state B { -> C }
                    state C { -> A }
                    state D { -> A }
                }
                """), ["completion-cycle", "unreachable-state"])
        let text = diagnosticsText(
            "machine M {\n initial S\n state S { go -> C }\n state A { -> B }\n state B { -> C }\n state C { -> A }\n}")
        XCTAssertTrue(text.contains("forever: 'A' -> 'B' -> 'C' -> 'A'"), text)
    }

    // MARK: - History

    func testHistoryOfAParallelOrCompositeStateIsAccepted() {
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial A
                    state A { go -> history B; dive -> deep history B }
                    state B {
                        initial C
                        state C { initial D; state D { back -> A } }
                    }
                }
                """), [])
    }

    // MARK: - Parallel states

    func testRegionsAreReachedTogetherAndAParallelStateCompletesWhenEveryRegionCan() {
        let source = """
            machine Call {
                initial Idle
                state Idle { dial -> Connected }
                parallel state Connected {
                    state Audio {
                        initial Live
                        state Live { hangUp -> Ended }
                        final state Ended
                    }
                    state Video {
                        initial Off
                        state Off { camera -> On }
                        state On { stop -> Closed }
                        final state Closed
                    }
                    -> Summary
                }
                state Summary { done -> Idle }
            }
            """
        XCTAssertEqual(diagnosticIDs(source), [])
        let model = try? XCTUnwrap(model(source))
        XCTAssertEqual(model?.states.filter(\.isParallel).map(\.name), ["Connected"])
        XCTAssertEqual(model?.states[1].initial, nil, "a parallel state has no initial state")
        // Without Video's final state the parallel state never completes, and Summary is never entered.
        let neverCompletes =
            source
            .replacingOccurrences(of: "state On { stop -> Closed }", with: "state On { stop -> Off }")
            .replacingOccurrences(of: "final state Closed", with: "")
        XCTAssertEqual(diagnosticIDs(neverCompletes), ["completion-never-fires", "unreachable-state"])
    }

    func testAParallelStateWithOneRegionIsAComposite() throws {
        let source = """
            machine M {
                initial P
                parallel state P {
                    state Only { go -> push Other }
                }
                state Other { back -> pop }
            }
            """
        XCTAssertEqual(diagnosticIDs(source), ["parallel-with-one-child"], "push and pop are allowed: no parallel state")
        let model = try XCTUnwrap(Compilation(path: "test.fsm", text: source).model)
        XCTAssertFalse(model.states[0].isParallel)
        XCTAssertEqual(model.states[0].initial, 1)
    }

    func testParallelMisuseIsReportedOnce() {
        XCTAssertEqual(
            diagnosticIDs(
                """
                machine M {
                    initial P
                    parallel state P {
                        initial A
                        state A { go -> push B }
                        state B { back -> pop }
                        final state C
                    }
                    parallel state Q
                }
                """),
            ["initial-in-parallel", "push-pop-with-parallel", "push-pop-with-parallel", "final-region", "empty-parallel"])
    }
}
