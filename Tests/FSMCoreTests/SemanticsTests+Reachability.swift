import FSMCore
import TestSupport
import XCTest

/// Reachability warnings: states never entered from the initial state, and states no transition
/// leads out of.
extension SemanticsTests {
    // MARK: - Warnings: unreachable-state

    func testUnreachableStateReportsOnlyTheOutermost() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> A
                }
                state P {
                    initial C
                    state C {
                        go -> A
                    }
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:11: warning: state 'P' can never be entered from the initial state
                state P {
                      ^

            """)
    }

    func testUnreachableChildOfReachableComposite() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go -> A
                    }
                    state B {
                        go -> A
                    }
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:8:15: warning: state 'B' can never be entered from the initial state
                    state B {
                          ^

            """)
    }

    func testStateReachableOnlyThroughAnAncestorsTransitionIsReachable() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        next -> B
                    }
                    state B {
                        next -> A
                    }
                    reset -> C
                }
                state C {
                    back -> P
                }
            }
            """
        assertDiagnostics(source, "")
    }

    func testStateReachableOnlyThroughAMachineLevelTransitionIsReachable() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> A
                }
                state B {
                    go -> A
                }
                panic -> B
            }
            """
        assertDiagnostics(source, "")
    }

    func testStateReachableOnlyThroughAShadowedTransitionIsUnreachable() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go -> B
                    }
                    state B {
                        go -> A
                    }
                    go -> C
                }
                state C {
                    back -> P
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:13:11: warning: state 'C' can never be entered from the initial state
                state C {
                      ^

            """)
    }

    func testPopAddsNoReachableStates() {
        let source = """
            machine M {
                initial A
                state A {
                    call -> push B
                }
                state B {
                    done -> pop
                }
                state C {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:9:11: warning: state 'C' can never be entered from the initial state
                state C {
                      ^

            """)
    }

    func testNothingLeavesATopLevelFinalState() {
        // The machine-level `stop -> B` is shadowed in A, and a finished machine handles nothing.
        let source = """
            machine M {
                initial A
                state A {
                    go -> Done
                    stop / wait
                }
                final state Done
                state B {
                    back -> A
                }
                stop -> B
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:8:11: warning: state 'B' can never be entered from the initial state
                state B {
                      ^

            """)
    }

    // MARK: - Warnings: dead-end

    func testDeadEnd() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> B
                }
                state B {
                    go / beep
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:11: warning: state 'B' is a dead end: no transition leads out of it; make it 'final state' if that is intended
                state B {
                      ^

            """)
    }

    func testDeadEndWithoutAnyTransition() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> B
                }
                state B
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:11: warning: state 'B' is a dead end: no transition leads out of it; make it 'final state' if that is intended
                state B
                      ^

            """)
    }

    func testAncestorsTransitionLeadsOutOfChild() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go -> B
                    }
                    state B
                    reset -> A
                }
            }
            """
        assertDiagnostics(source, "")
    }

    func testFinalStatesAreNotDeadEnds() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> Done
                }
                final state Done {
                    entry / celebrate
                }
            }
            """
        assertDiagnostics(source, "")
    }

    func testInternalTransitionsOfAncestorsDoNotLeadOut() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go -> B
                    }
                    state B
                    tick / count
                }
                tock / count
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:8:15: warning: state 'B' is a dead end: no transition leads out of it; make it 'final state' if that is intended
                    state B
                          ^

            """)
    }

    func testAncestorsTransitionShadowedByAnUnguardedInternalOneDoesNotLeadOut() {
        // In A, `go` always fires A's own internal transition, so P's `go -> B` never fires there:
        // B is unreachable (reported) and, for the same reason, A is a dead end.
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go / wait
                    }
                    go -> B
                }
                state B {
                    back -> P
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:15: warning: state 'A' is a dead end: no transition leads out of it; make it 'final state' if that is intended
                    state A {
                          ^
            test.fsm:10:11: warning: state 'B' can never be entered from the initial state
                state B {
                      ^

            """)
    }
}
