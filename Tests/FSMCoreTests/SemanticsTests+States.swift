import FSMCore
import TestSupport
import XCTest

/// States: every state and `initial` resolves to one declared where it may be, once; a final state
/// has no body.
extension SemanticsTests {
    // MARK: - unknown-state

    func testUnknownTargetStateSuggestsClosestName() {
        let source = """
            machine M {
                initial Idle
                state Idle {
                    arm -> Armd
                }
                state Armed
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:16: error: cannot find state 'Armd' in machine; did you mean 'Armed'?
                    arm -> Armd
                           ^~~~
                           Armed

            """)
    }

    func testUnknownTargetStateDifferingOnlyInCaseIsSuggested() {
        let source = """
            machine M {
                initial Idle
                state Idle {
                    arm -> ARMED
                }
                state Armed
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:16: error: cannot find state 'ARMED' in machine; did you mean 'Armed'?
                    arm -> ARMED
                           ^~~~~
                           Armed

            """)
    }

    func testUnknownInitialStateSuggestsOnlyAChild() {
        // `A` and `Y` are as close to `X` as `B`, but `initial A` inside A would be `initial-not-child`.
        let source = """
            machine M {
                initial A
                state A {
                    initial X
                    state B {}
                    state Bx {}
                }
                state Y {}
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:17: error: cannot find state 'X' in machine; did you mean 'B'?
                    initial X
                            ^
                            B

            """)
        assertDiagnostics(
            source.replacingOccurrences(of: "initial X", with: "initial Bxx"),
            """
            test.fsm:4:17: error: cannot find state 'Bxx' in machine; did you mean 'Bx'?
                    initial Bxx
                            ^~~
                            Bx

            """)
    }

    func testUnknownStateWithoutSuggestion() {
        let source = """
            machine M {
                initial Nowhere
                state Idle {
                    arm -> Zebra
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:2:13: error: cannot find state 'Nowhere' in machine
                initial Nowhere
                        ^~~~~~~
            test.fsm:4:16: error: cannot find state 'Zebra' in machine
                    arm -> Zebra
                           ^~~~~

            """)
    }

    func testUnknownPushTarget() {
        let source = """
            machine M {
                initial Idle
                state Idle {
                    call -> push Menu
                }
                state Menus
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:22: error: cannot find state 'Menu' in machine; did you mean 'Menus'?
                    call -> push Menu
                                 ^~~~
                                 Menus

            """)
    }

    // MARK: - duplicate-state

    func testDuplicateState() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> A
                }
                state A
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:11: error: invalid redeclaration of state 'A'; state names are unique in the whole machine
                state A
                      ^
            test.fsm:3:11: note: 'A' previously declared here
                state A {
                      ^

            """)
    }

    func testDuplicateStateAtDifferentDepths() {
        let source = """
            machine M {
                initial A
                state A {
                    initial B
                    state B {
                        go -> A
                    }
                }
                state B {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:9:11: error: invalid redeclaration of state 'B'; state names are unique in the whole machine
                state B {
                      ^
            test.fsm:5:15: note: 'B' previously declared here
                    state B {
                          ^

            """)
    }

    // MARK: - missing-initial / duplicate-initial / initial-not-child

    func testMissingInitialInMachine() {
        let source = """
            machine M {
                state A {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:1:9: error: machine 'M' has states but no 'initial' state; add 'initial A' to start in its first state
            machine M {
                    ^

            """)
    }

    func testMissingInitialInCompositeState() {
        let source = """
            machine M {
                initial P
                state P {
                    state A {
                        go -> A
                    }
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:3:11: error: composite state 'P' has states but no 'initial' state; add 'initial A' to start in its first state
                state P {
                      ^

            """)
    }

    /// `source` with the fix-its of its diagnostics of kind `id` applied (they do not overlap).
    private func applyingFixIts(of id: DiagnosticID, to source: String) -> String {
        let fixIts = Compilation(path: "test.fsm", text: source).diagnostics.filter { $0.id == id }.flatMap(\.fixIts)
        XCTAssertFalse(fixIts.isEmpty, "no fix-it for \(id.rawValue) in:\n\(source)")
        var bytes = Array(source.utf8)
        for fixIt in fixIts.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(fixIt.range.start..<fixIt.range.end, with: Array(fixIt.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// missing-initial's fix-it adds the `initial` that its message names as the body's first line,
    /// indented as the body is and ended as the brace's line is; in a body written on the brace's
    /// line, or after a block comment that opens there, before the first member with `; `.
    func testMissingInitialFixItAddsTheInitialAsTheBodysFirstLine() {
        let spaces = "machine M {\n  // states\n  state A {\n      state B; state C\n  }\n}\n"
        XCTAssertEqual(
            applyingFixIts(of: .missingInitial, to: spaces),
            "machine M {\n  initial A\n  // states\n  state A {\n      initial B\n      state B; state C\n  }\n}\n")
        let tabs = "machine M\r\n{\r\n\tstate A {\r\n\t\tstate B\r\n\t}\r\n}\r\n"
        let fixed = applyingFixIts(of: .missingInitial, to: tabs)
        XCTAssertEqual(fixed, "machine M\r\n{\r\n\tinitial A\r\n\tstate A {\r\n\t\tinitial B\r\n\t\tstate B\r\n\t}\r\n}\r\n")
        XCTAssertEqual(diagnosticIDs(fixed), ["dead-end"])
        XCTAssertEqual(
            applyingFixIts(of: .missingInitial, to: "machine M { state A {\n  state B }\n}\n"),
            "machine M { initial A; state A {\n  initial B\n  state B }\n}\n")
        XCTAssertEqual(
            applyingFixIts(of: .missingInitial, to: "machine M { /* the\n states */ state A }\n"),
            "machine M { /* the\n states */ initial A; state A }\n")
    }

    /// initial-in-parallel's fix-it removes the `initial`: its line when it is alone on it, else the
    /// declaration with its `;`; a comment after it stays.
    func testInitialInParallelFixItRemovesTheInitial() {
        let source = """
            machine M {
                initial P
                parallel state P {
                    initial A
                    state A; state B
                }
                parallel state Q { state C; initial C; state D }
                parallel state R {
                    initial E  // the first
                    state E; state F
                }
            }

            """
        let fixed = applyingFixIts(of: .initialInParallel, to: source)
        XCTAssertEqual(
            fixed,
            """
            machine M {
                initial P
                parallel state P {
                    state A; state B
                }
                parallel state Q { state C; state D }
                parallel state R {
                    // the first
                    state E; state F
                }
            }

            """)
        XCTAssertFalse(diagnosticIDs(fixed).contains("initial-in-parallel"))
        let text = diagnosticsText(source)
        // A removal shows no replacement under the caret.
        XCTAssertTrue(text.hasPrefix("test.fsm:4:9: error: parallel state 'P' cannot name an initial state"))
        XCTAssertTrue(text.contains("        initial A\n        ^~~~~~~~~\ntest.fsm:7"), text)
    }

    func testDuplicateInitial() {
        let source = """
            machine M {
                initial A
                initial B
                state A {
                    go -> B
                }
                state B {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:3:5: error: only one 'initial' state is allowed here
                initial B
                ^~~~~~~~~
            test.fsm:2:5: note: 'initial' first given here
                initial A
                ^~~~~~~~~

            """)
    }

    func testInitialNotChildOfMachine() {
        let source = """
            machine M {
                initial A
                state P {
                    initial A
                    state A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:2:13: error: initial state 'A' must be declared directly in the machine
                initial A
                        ^
            test.fsm:5:15: note: 'A' declared here
                    state A
                          ^

            """)
    }

    func testInitialNotChildOfCompositeState() {
        let source = """
            machine M {
                initial P
                state P {
                    initial Q
                    state A {
                        go -> Q
                    }
                }
                state Q {
                    go -> P
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:17: error: initial state 'Q' must be declared directly in state 'P'
                    initial Q
                            ^
            test.fsm:9:11: note: 'Q' declared here
                state Q {
                      ^

            """)
    }

    // MARK: - final-state-body

    func testFinalStateWithChildren() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> Done
                }
                final state Done {
                    state Inner
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:15: error: final state 'Done' cannot have child states
                    state Inner
                          ^~~~~

            """)
    }

    func testFinalStateWithTransitions() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> Done
                }
                final state Done {
                    entry / celebrate
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:8:9: error: final state 'Done' cannot have transitions
                    go -> A
                    ^~~~~~~

            """)
    }

    func testFinalStateWithInitial() {
        let source = """
            machine M {
                initial A
                state A {
                    go -> Done
                }
                final state Done {
                    initial Done
                }
            }
            """
        // Reported once: the initial is not checked again against the final state's (empty) children.
        assertDiagnostics(
            source,
            """
            test.fsm:7:9: error: final state 'Done' cannot have an initial state
                    initial Done
                    ^~~~~~~~~~~~

            """)
    }
}
