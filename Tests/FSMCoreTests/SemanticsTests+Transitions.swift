import FSMCore
import TestSupport
import XCTest

/// Transitions that can never fire: one after an unguarded transition of the same event in the same
/// state (an error), a `pop` in a machine without `push` (a warning).
extension SemanticsTests {
    // MARK: - transition-never-fires

    func testTransitionAfterUnguardedOneNeverFires() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> B
                    go -> A
                }
                state B {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:9: error: this 'go' transition can never fire
                    go -> A
                    ^~~~~~~
            test.fsm:4:9: note: this transition has no guard and always fires first
                    go -> B
                    ^~~~~~~

            """)
    }

    func testTransitionAfterUnguardedInternalOneNeverFires() {
        let source = """
            machine M {
                initial A
                state A {
                    go / beep
                    go [ready] -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:5:9: error: this 'go' transition can never fire
                    go [ready] -> A
                    ^~~~~~~~~~~~~~~
            test.fsm:4:9: note: this transition has no guard and always fires first
                    go / beep
                    ^~~~~~~~~

            """)
    }

    func testTransitionAfterGuardedOneCanFire() {
        let source = """
            machine M {
                initial A
                state A {
                    go [ready] -> B
                    go -> A
                }
                state B {
                    back -> A
                }
            }
            """
        assertDiagnostics(source, "")
    }

    func testTransitionAfterPopCanFire() {
        let source = """
            machine M {
                initial A
                state A {
                    call -> push B
                }
                state B {
                    go -> pop
                    go -> A
                }
            }
            """
        assertDiagnostics(source, "")
    }

    func testTransitionsForOtherEventsOrInOtherStatesAreNotShadowed() {
        let source = """
            machine M {
                initial P
                state P {
                    initial A
                    state A {
                        go -> B
                    }
                    state B {
                        stop -> A
                    }
                    go -> A
                }
            }
            """
        // The parent's `go` is shadowed in both children, but that is a different state's
        // transition: never-fires is about one state's own list.
        XCTAssertFalse(diagnosticIDs(source).contains("transition-never-fires"))
    }

    // MARK: - Warnings: pop-without-push

    func testPopWithoutPush() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> B
                }
                state B {
                    back -> pop
                    reset -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:9: warning: 'pop' can never fire: the machine has no 'push' transition
                    back -> pop
                    ^~~~~~~~~~~

            """)
    }

    /// A `push` on a timed transition is a `push` too.
    func testPopAfterATimedPush() {
        assertDiagnostics(
            """
            machine M {
                initial A
                state A {
                    after 1s -> push B
                }
                state B {
                    back -> pop
                }
            }
            """, "")
    }
}
