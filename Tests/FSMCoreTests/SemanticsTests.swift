import FSMCore
import TestSupport
import XCTest

/// Semantic analysis: one test per check of docs/Diagnostics.md, each with a minimal input
/// and the exact text a user sees; then whole-machine runs and the resolved model.
final class SemanticsTests: XCTestCase {

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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:17: error: cannot find state 'X' in machine; did you mean 'B'?
                    initial X
                            ^
                            B

            """)
        XCTAssertEqual(
            diagnosticsText(source.replacingOccurrences(of: "initial X", with: "initial Bxx")),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:7:9: error: final state 'Done' cannot have an initial state
                    initial Done
                    ^~~~~~~~~~~~

            """)
    }

    // MARK: - duplicate-event / duplicate-parameter

    func testDuplicateEvent() {
        let source = """
            machine M {
                event go(n: Int)
                event go
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:3:11: error: invalid redeclaration of event 'go'
                event go
                      ^~
            test.fsm:2:11: note: 'go' previously declared here
                event go(n: Int)
                      ^~

            """)
    }

    func testDuplicateParameter() {
        let source = """
            machine M {
                event go(n: Int, n: String)
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:22: error: parameter 'n' is declared twice
                event go(n: Int, n: String)
                                 ^
            test.fsm:2:14: note: 'n' previously declared here
                event go(n: Int, n: String)
                         ^

            """)
    }

    // MARK: - name-collision

    func testStateNamesCollidingInSwift() {
        let source = """
            machine M {
                initial Armed
                state Armed {
                    go -> armed
                }
                state armed {
                    go -> Armed
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:6:11: error: state 'armed' and state 'Armed' would both become 'StateID.armed' in the generated Swift
                state armed {
                      ^~~~~
            test.fsm:3:11: note: 'Armed' declared here
                state Armed {
                      ^~~~~

            """)
    }

    func testEventNamesCollidingInSwift() {
        let source = """
            machine M {
                event Go
                initial A
                state A {
                    Go -> A
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:6:9: error: event 'go' and event 'Go' would both become 'Event.go' in the generated Swift
                    go -> A
                    ^~
            test.fsm:2:11: note: 'Go' declared here
                event Go
                      ^~

            """)
    }

    // MARK: - reserved-name

    func testEventNamedStartClashesWithMachineMethod() {
        let source = """
            machine M {
                initial A
                state A {
                    start -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:9: error: event 'start' clashes with the member 'M.start' in the generated Swift; rename it
                    start -> A
                    ^~~~~

            """)
    }

    func testEventNamedActiveStatesClashesWithMachineProperty() {
        let source = """
            machine M {
                initial A
                state A {
                    activeStates -> A
                }
            }
            """
        XCTAssertEqual(diagnosticIDs(source), ["reserved-name"])
    }

    func testEventNamedIsInClashesWithMachineMethod() {
        let source = """
            machine M {
                initial A
                state A {
                    isIn -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:9: error: event 'isIn' clashes with the member 'M.isIn' in the generated Swift; rename it
                    isIn -> A
                    ^~~~

            """)
    }

    func testEventNamedStateIsRejected() {
        // `state` is a keyword of the language, so it is already rejected by the parser.
        let source = """
            machine M {
                event state
                initial A
                state A {
                    go -> A
                }
            }
            """
        let ids = diagnosticIDs(source)
        XCTAssertFalse(ids.isEmpty)
        XCTAssertEqual(ids.first, "keyword-as-name")
    }

    func testEventNamedRawValueClashesWithEnumMember() {
        let source = """
            machine M {
                initial A
                state A {
                    rawValue -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:9: error: event 'rawValue' clashes with a member of 'Event' in the generated Swift; rename it
                    rawValue -> A
                    ^~~~~~~~

            """)
    }

    func testStateNamedSelfClashesWithEnumMember() {
        let source = """
            machine M {
                initial Self
                state Self {
                    go -> Self
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:3:11: error: state 'Self' clashes with a member of 'StateID' in the generated Swift; rename it
                state Self {
                      ^~~~

            """)
    }

    func testGuardNamedUnhandledEventClashesWithActionsRequirement() {
        let source = """
            machine M {
                initial A
                state A {
                    go [unhandledEvent] -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:13: error: guard 'unhandledEvent' clashes with the requirement 'MActions.unhandledEvent' in the generated Swift; rename it
                    go [unhandledEvent] -> A
                        ^~~~~~~~~~~~~~

            """)
    }

    func testParameterTypeNamedEventIsShadowed() {
        let source = """
            machine M {
                event go(e: Event)
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:14: error: type 'Event' would refer to a type the generated Swift declares; qualify it with its module (as in 'MyModule.Event')
                event go(e: Event)
                         ^~~~~~~~

            """)
    }

    func testNestedParameterTypeNamedStateIDIsShadowed() {
        let source = """
            machine M {
                event go(list: [StateID]?)
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(diagnosticIDs(source), ["reserved-name"])
    }

    func testMachineNamedStringShadowsStandardType() {
        let source = """
            machine String {
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:1:9: error: machine name 'String' would shadow a type the generated Swift uses; choose another name
            machine String {
                    ^~~~~~

            """)
    }

    // MARK: - invalid-name

    func testUnderscoreAsStateName() {
        let source = """
            machine M {
                initial _
                state _ {
                    go -> _
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:3:11: error: '_' cannot be used as a state name in Swift
                state _ {
                      ^

            """)
    }

    func testUnderscoreAsEventName() {
        let source = """
            machine M {
                initial A
                state A {
                    _ -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:9: error: '_' cannot be used as an event name in Swift
                    _ -> A
                    ^

            """)
    }

    func testUnderscoreAsActionName() {
        let source = """
            machine M {
                initial A
                state A {
                    go / _ -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:14: error: '_' cannot be used as an action name in Swift
                    go / _ -> A
                         ^

            """)
    }

    func testUnderscoreAsParameterName() {
        let source = """
            machine M {
                event go(_: Int)
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:14: error: '_' cannot be used as a parameter name in Swift
                event go(_: Int)
                         ^

            """)
    }

    func testUnderscoreEventIsReportedOnceAtItsDeclaration() {
        let source = """
            machine M {
                event _
                initial A
                state A {
                    _ [ready] -> A
                    _ -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:11: error: '_' cannot be used as an event name in Swift
                event _
                      ^

            """)
    }

    func testUnderscoreAsMachineNameIsReportedOnce() {
        let source = """
            machine _ {
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:1:9: error: '_' cannot be used as a machine name in Swift
            machine _ {
                    ^

            """)
    }

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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:7:13: error: 'ready' is used as a guard here but as an action before
                    go [ready] -> A
                        ^~~~~
            test.fsm:4:14: note: first used here
                    go / ready -> B
                         ^~~~~

            """)
    }

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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:8:11: warning: state 'B' can never be entered from the initial state
                state B {
                      ^

            """)
    }

    // MARK: - Warnings: unused-event

    func testUnusedEvent() {
        let source = """
            machine M {
                event go
                event stop(reason: String)
                initial A
                state A {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:3:11: warning: event 'stop' is declared but no transition uses it
                event stop(reason: String)
                      ^~~~

            """)
    }

    // MARK: - Warnings: misspelt-event

    /// An event declared nowhere, spelt like a declared event that no transition uses: a warning at
    /// each use, with the declaration in a note, instead of that event's unused-event. A declared
    /// event that is used is not suggested, and an unused one spelt like none keeps its warning.
    func testMisspeltEventWithoutParametersIsWarnedAtEachUse() {
        let source = """
            machine Door {
                event unlock(code: String)
                event lock
                event knock
                initial Locked
                state Locked { unlok -> Closed }
                state Closed {
                    lock -> Locked
                    lok -> Closed
                    unlok -> Closed
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:4:11: warning: event 'knock' is declared but no transition uses it
                event knock
                      ^~~~~
            test.fsm:6:20: warning: event 'unlok' is not declared; did you mean 'unlock'?
                state Locked { unlok -> Closed }
                               ^~~~~
                               unlock
            test.fsm:2:11: note: 'unlock' is declared here, and no transition uses it
                event unlock(code: String)
                      ^~~~~~
            test.fsm:10:9: warning: event 'unlok' is not declared; did you mean 'unlock'?
                    unlok -> Closed
                    ^~~~~
                    unlock
            test.fsm:2:11: note: 'unlock' is declared here, and no transition uses it
                event unlock(code: String)
                      ^~~~~~

            """)
    }

    /// The undeclared events are compared with the unused ones up to a bound (50,000 pairs), so a
    /// machine with thousands of both stays fast: here the 101st of 500 unused events is not.
    func testMisspeltEventComparisonsAreBounded() {
        let declared = (0..<500).map { "    event dd\(String(format: "%03d", $0))" }
        let others = (0..<99).map { "        x\(String(format: "%02d", $0)) -> S" }
        let source =
            (["machine M {"] + declared + ["    initial S", "    state S {"] + others
            + ["        dd00 -> S", "        d001 -> S", "    }", "}"]).joined(separator: "\n")
        let diagnostics = Compilation(path: "test.fsm", text: source).diagnostics
        XCTAssertEqual(
            diagnostics.filter { $0.id == .misspeltEvent }.map(\.message), ["event 'dd00' is not declared; did you mean 'dd000'?"]
        )
        XCTAssertEqual(diagnostics.filter { $0.id == .unusedEvent }.count, 499)
    }

    /// The user walkthrough: `leave` in one state, `leeve` in another, neither declared. The later
    /// one, used by one transition like the earlier, is taken for the typo, with a fix-it.
    func testMisspeltEventSpeltLikeAnEventUsedAsOften() {
        let source = """
            machine Call {
                initial Ringing
                state Ringing {
                    answer -> Talking
                    leave -> Ended
                }
                state Talking { leeve / hangUp -> Ended }
                final state Ended
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:7:21: warning: event 'leeve' is not declared; did you mean 'leave'?
                state Talking { leeve / hangUp -> Ended }
                                ^~~~~
                                leave
            test.fsm:5:9: note: 'leave' is used here
                    leave -> Ended
                    ^~~~~

            """)
        let fixIts = Compilation(path: "test.fsm", text: source).diagnostics.flatMap(\.fixIts)
        XCTAssertEqual(fixIts.map(\.replacement), ["leave"])
    }

    /// An event used once, one swap or replacement from one used more, or declared: the most used
    /// is suggested, and the note is at its first use, or its declaration.
    func testMisspeltEventSpeltLikeAMoreUsedOrDeclaredEvent() {
        let source = """
            machine Call {
                event hangUp
                initial Talking
                state Talking {
                    toggleCamera -> Talking
                    toggleCamara -> Talking
                    mute -> Muted
                    hnagUp -> Ended
                }
                state Muted { toggleCamera -> Muted; hangUp -> Ended }
                final state Ended
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:6:9: warning: event 'toggleCamara' is not declared; did you mean 'toggleCamera'?
                    toggleCamara -> Talking
                    ^~~~~~~~~~~~
                    toggleCamera
            test.fsm:5:9: note: 'toggleCamera' is used by 2 transitions, the first here
                    toggleCamera -> Talking
                    ^~~~~~~~~~~~
            test.fsm:8:9: warning: event 'hnagUp' is not declared; did you mean 'hangUp'?
                    hnagUp -> Ended
                    ^~~~~~
                    hangUp
            test.fsm:2:11: note: 'hangUp' is declared here
                event hangUp
                      ^~~~~~

            """)
    }

    /// A machine whose states form a ring, each left on one of `events` in turn, so each event is
    /// used by one transition per occurrence in `events` and nothing else is reported.
    private func ring(_ events: [String]) -> String {
        let states = events.indices.map { "    state S\($0) { \(events[$0]) -> S\(($0 + 1) % events.count) }" }
        return (["machine M {", "    initial S0"] + states + ["}"]).joined(separator: "\n")
    }

    /// Pairs of events that may well both be meant are not reported: names under 5 characters
    /// (`tick`, `tock`; `open`, `opens`), a difference at the first character (`mount`, `count`) or
    /// in a digit (`floor1`, `floor2`), a difference of more than one edit (`pause`, `paused2`),
    /// two events each used more than once (`lower`, `lowers`). Only `raised`, used once, one
    /// letter from `raise`, used twice, is reported, and declaring it with `event` silences that.
    func testMisspeltEventLeavesPlausiblePairsAlone() {
        let events = [
            "tick", "tick", "tock", "open", "open", "opens", "mount", "mount", "count", "floor1", "floor1", "floor2",
            "pause", "paused2", "lower", "lower", "lowers", "lowers", "raise", "raise", "raised",
        ]
        XCTAssertEqual(
            diagnosticsText(ring(events)),
            "test.fsm:23:17: warning: event 'raised' is not declared; did you mean 'raise'?\n" + """
                    state S20 { raised -> S0 }
                                ^~~~~~
                                raise
                test.fsm:21:17: note: 'raise' is used by 2 transitions, the first here
                    state S18 { raise -> S19 }
                                ^~~~~

                """)
        let declared = ring(events).replacingOccurrences(of: "machine M {", with: "machine M {\n    event raised")
        XCTAssertEqual(diagnosticsText(declared), "")
    }

    /// Only the later of two events used once each, one edit apart, is reported (not both); an
    /// inserted or deleted character counts, and one used by more transitions is suggested though
    /// used later.
    func testMisspeltEventReportsOneOfTwoEventsUsedOnce() {
        XCTAssertEqual(
            Compilation(path: "test.fsm", text: ring(["pause", "paused", "resme", "resume", "resume"])).diagnostics
                .map(\.message),
            [
                "event 'paused' is not declared; did you mean 'pause'?",
                "event 'resme' is not declared; did you mean 'resume'?",
            ])
    }

    /// The candidates are compared with the used events up to the same bound as the unused ones
    /// (50,000 pairs): with 600 events used, the first 83 of the 300 used once are compared (83 × 600 pairs), not the rest.
    func testMisspeltEventsSpeltLikeUsedOnesAreBounded() {
        let twice = (0..<300).flatMap { ["ev\(String(format: "%03d", $0))x", "ev\(String(format: "%03d", $0))x"] }
        let once = (0..<300).map { "ev\(String(format: "%03d", $0))y" }
        let diagnostics = Compilation(path: "test.fsm", text: ring(twice + once)).diagnostics
        XCTAssertEqual(diagnostics.filter { $0.id == .misspeltEvent }.count, 83)
        XCTAssertEqual(diagnostics.count, 83)
    }

    // MARK: - Warnings: miscased-standard-type

    /// A parameter type spelt like a standard type in other case, alone or inside another type:
    /// a warning at the name with the standard type as fix-it. A qualified name and a type of
    /// another name are not reported.
    func testMiscasedStandardType() {
        let source = """
            machine Net {
                event networkRestored(quality: int)
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                initial Offline
                state Offline { networkRestored -> Online }
                state Online { joined -> Offline }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:36: warning: type 'int' is not a Swift standard type; did you mean 'Int'?
                event networkRestored(quality: int)
                                               ^~~
                                               Int
            test.fsm:3:26: warning: type 'string' is not a Swift standard type; did you mean 'String'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                     ^~~~~~
                                     String
            test.fsm:3:42: warning: type 'double' is not a Swift standard type; did you mean 'Double'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                                     ^~~~~~
                                                     Double
            test.fsm:3:61: warning: type 'Uint' is not a Swift standard type; did you mean 'UInt'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                                                        ^~~~
                                                                        UInt

            """)
        let fixIts = Compilation(path: "test.fsm", text: source).diagnostics.flatMap(\.fixIts)
        XCTAssertEqual(fixIts.map(\.replacement), ["Int", "String", "Double", "UInt"])
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(diagnosticsText(source), "")
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
        XCTAssertEqual(
            diagnosticsText(source),
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:5:15: warning: state 'A' is a dead end: no transition leads out of it; make it 'final state' if that is intended
                    state A {
                          ^
            test.fsm:10:11: warning: state 'B' can never be entered from the initial state
                state B {
                      ^

            """)
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
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:7:9: warning: 'pop' can never fire: the machine has no 'push' transition
                    back -> pop
                    ^~~~~~~~~~~

            """)
    }

    // MARK: - Whole machines

    static let securitySystem = """
        // The security system from the State-pattern case study.
        machine SecuritySystem {
            event disarm(code: String)
            event reset(code: String)

            initial Disarmed

            state Disarmed {
                entry / announceDisarmed
                arm -> Armed
                panic -> SilentAlarm
            }

            state Armed {
                entry / announceArmed
                breach -> Alarm
                panic -> Alarm
                disarm [isValid(code)] -> Disarmed
                disarm [tooManyAttempts] / informAdministrator -> Alarm
                disarm / countFailedAttempt           // internal: no exit, no entry
            }

            state Alarm {
                entry / soundAlarm
                exit / stopAlarm
                reset [isValid(code)] -> Disarmed
            }

            state SilentAlarm {
                entry / informPolice
                reset [isValid(code)] -> Disarmed
            }
        }
        """

    func testSecuritySystemIsClean() {
        XCTAssertEqual(diagnosticsText(Self.securitySystem), "")
        XCTAssertNotNil(model(Self.securitySystem))
    }

    func testManyProblemsAreAllReportedInSourceOrder() {
        let source = """
            machine M {
                event go
                event go
                initial A
                state A {
                    go -> Armd
                    go -> B
                }
                state A
                state B {
                    go / log(x) -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:3:11: error: invalid redeclaration of event 'go'
                event go
                      ^~
            test.fsm:2:11: note: 'go' previously declared here
                event go
                      ^~
            test.fsm:6:15: error: cannot find state 'Armd' in machine
                    go -> Armd
                          ^~~~
            test.fsm:7:9: error: this 'go' transition can never fire
                    go -> B
                    ^~~~~~~
            test.fsm:6:9: note: this transition has no guard and always fires first
                    go -> Armd
                    ^~~~~~~~~~
            test.fsm:9:11: error: invalid redeclaration of state 'A'; state names are unique in the whole machine
                state A
                      ^
            test.fsm:5:11: note: 'A' previously declared here
                state A {
                      ^
            test.fsm:11:18: error: event 'go' has no parameter 'x'
                    go / log(x) -> A
                             ^
            test.fsm:2:11: note: 'go' declared here
                event go
                      ^~

            """)
        XCTAssertEqual(
            diagnosticIDs(source),
            ["duplicate-event", "unknown-state", "transition-never-fires", "duplicate-state", "unknown-parameter"])
    }

    func testManyWarningsAreAllReportedInSourceOrder() {
        let source = """
            machine M {
                event unused
                initial A
                state A {
                    go -> B
                }
                state B {
                    back -> pop
                }
                state C {
                    go -> A
                }
                state D
            }
            """
        XCTAssertEqual(diagnosticIDs(source), ["unused-event", "pop-without-push", "unreachable-state", "unreachable-state"])
    }

    func testErrorsInStatesAndTransitionsAcrossTheFileAreAllReported() {
        let source = """
            machine M {
                initial Nowhere
                state A {
                    go -> Missing
                    go [ok] / ok -> A
                }
                final state Done {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            ["unknown-state", "unknown-state", "transition-never-fires", "guard-used-as-action", "final-state-body"])
    }

    // MARK: - Model

    func testModelStatesAreDepthFirstWithParentsChildrenAndInitials() throws {
        let source = """
            machine M {
                initial Idle
                state Idle {
                    go -> Active
                }
                state Active {
                    initial Browsing
                    state Browsing {
                        open -> Reading
                    }
                    state Reading {
                        initial Page
                        state Page {
                            close -> Browsing
                        }
                    }
                    logout -> Idle
                }
                final state Done
                quit -> Done
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.name, "M")
        XCTAssertEqual(model.states.map(\.name), ["Idle", "Active", "Browsing", "Reading", "Page", "Done"])
        XCTAssertEqual(model.states.map(\.parent), [nil, nil, 1, 1, 3, nil])
        XCTAssertEqual(model.states.map(\.children), [[], [2, 3], [], [4], [], []])
        XCTAssertEqual(model.states.map(\.initial), [nil, 2, nil, 4, nil, nil])
        XCTAssertEqual(model.states.map(\.depth), [0, 0, 1, 1, 2, 0])
        XCTAssertEqual(model.states.map(\.isFinal), [false, false, false, false, false, true])
        XCTAssertEqual(model.states.map(\.isComposite), [false, true, false, true, false, false])
        XCTAssertEqual(model.topLevelStates, [0, 1, 5])
        XCTAssertEqual(model.initialState, 0)
        XCTAssertEqual(model.initialLeaf(of: 1), 2)
        XCTAssertEqual(model.ancestry(of: 4), [4, 3, 1])
    }

    func testModelEventsInOrderOfFirstAppearanceWithCanonicalParameterTypes() throws {
        let source = """
            machine M {
                event login(user: String, attempts: [ String : Int ], tag: Int?, ids: Set< Int >, rows: [[UInt8]])
                initial Idle
                state Idle {
                    login -> Active
                }
                state Active {
                    initial Browsing
                    state Browsing {
                        open -> Reading
                    }
                    state Reading {
                        close -> Browsing
                    }
                    logout -> Idle
                }
                timeout -> Idle
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.events.map(\.name), ["login", "open", "close", "logout", "timeout"])
        XCTAssertEqual(model.events.map(\.isDeclared), [true, false, false, false, false])
        let login = try XCTUnwrap(model.events.first { $0.name == "login" })
        XCTAssertEqual(login.parameters.map(\.name), ["user", "attempts", "tag", "ids", "rows"])
        XCTAssertEqual(login.parameters.map(\.type), ["String", "[String: Int]", "Int?", "Set<Int>", "[[UInt8]]"])
        XCTAssertTrue(model.events.filter { $0.name != "login" }.allSatisfy(\.parameters.isEmpty))
    }

    func testModelEventsDeclaredAndUsedOnlyOnceEach() throws {
        let source = """
            machine M {
                event b
                event a(n: Int)
                initial S
                state S {
                    c [x] -> S
                    a -> S
                    b -> S
                    c -> S
                }
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.events.map(\.name), ["b", "a", "c"])
        XCTAssertEqual(model.events.map(\.isDeclared), [true, true, false])
        XCTAssertEqual(model.states[0].transitions.map(\.event), [2, 1, 0, 2])
    }

    func testModelRequirementsInferTypesFromLiteralsAndParameters() throws {
        let source = """
            machine M {
                event login(user: String, attempts: [String: Int])
                initial Idle
                state Idle {
                    login [check(user, limit: 3, offset: -7, ratio: 1.5, strict: true, lax: false, name: "x")] / record(who: user, n: attempts) -> Idle
                }
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.requirements.map(\.name), ["check", "record"])
        XCTAssertEqual(model.requirements.map(\.isGuard), [true, false])
        let check = model.requirements[0]
        XCTAssertEqual(check.parameters.map(\.label), ["user", "limit", "offset", "ratio", "strict", "lax", "name"])
        XCTAssertEqual(check.parameters.map(\.type), ["String", "Int", "Int", "Double", "Bool", "Bool", "String"])
        let record = model.requirements[1]
        XCTAssertEqual(record.parameters.map(\.label), ["who", "n"])
        XCTAssertEqual(record.parameters.map(\.type), ["String", "[String: Int]"])

        let transition = try XCTUnwrap(model.states.first?.transitions.first)
        guard case .call(let call) = transition.guardExpression else {
            return XCTFail("expected a single call as guard, got \(String(describing: transition.guardExpression))")
        }
        XCTAssertEqual(call.name, "check")
        XCTAssertEqual(call.arguments.map(\.label), ["user", "limit", "offset", "ratio", "strict", "lax", "name"])
        XCTAssertEqual(
            call.arguments.map(\.value),
            [
                .parameter("user"), .literal(.integer("3")), .literal(.integer("-7")), .literal(.decimal("1.5")),
                .literal(.boolean(true)), .literal(.boolean(false)), .literal(.string("x")),
            ])
        XCTAssertEqual(transition.effects.map(\.name), ["record"])
        XCTAssertEqual(transition.effects.first?.arguments.map(\.value), [.parameter("user"), .parameter("attempts")])
    }

    func testModelRequirementsInOrderOfFirstUse() throws {
        let source = """
            machine M {
                initial A
                state A {
                    entry / enterA
                    exit / leaveA
                    go [ready] / act -> B
                }
                state B {
                    back [!ready && (other || ready)] -> A
                }
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.requirements.map(\.name), ["enterA", "leaveA", "ready", "act", "other"])
        XCTAssertEqual(model.requirements.map(\.isGuard), [false, false, true, false, true])
        XCTAssertEqual(model.states[0].entry.map(\.name), ["enterA"])
        XCTAssertEqual(model.states[0].exit.map(\.name), ["leaveA"])
        let back = try XCTUnwrap(model.states[1].transitions.first)
        guard case .and(.not(.call(let first)), .or(.call(let second), .call(let third))) = back.guardExpression else {
            return XCTFail("unexpected guard shape \(String(describing: back.guardExpression))")
        }
        XCTAssertEqual([first.name, second.name, third.name], ["ready", "other", "ready"])
    }

    func testModelTransitionsResolveTargetsAndSources() throws {
        let source = """
            machine M {
                initial Idle
                state Idle {
                    go -> Active
                    call -> push Active
                    tick / count
                }
                state Active {
                    initial Inner
                    state Inner {
                        back -> pop
                        up -> Active
                    }
                    stop -> Idle
                }
                reset -> Idle
                panic / alarm
            }
            """
        let model = try XCTUnwrap(model(source))
        let idle = model.states[0]
        XCTAssertEqual(idle.transitions.map(\.target), [.state(1), .push(1), .internal])
        XCTAssertEqual(idle.transitions.map(\.source), [0, 0, 0])
        XCTAssertEqual(idle.transitions.map { model.events[$0.event!].name }, ["go", "call", "tick"])
        XCTAssertEqual(idle.transitions[2].effects.map(\.name), ["count"])
        XCTAssertNil(idle.transitions[0].guardExpression)

        XCTAssertEqual(model.states[1].transitions.map(\.target), [.state(0)])
        XCTAssertEqual(model.states[1].transitions.map(\.source), [1])
        XCTAssertEqual(model.states[2].transitions.map(\.target), [.pop, .state(1)])
        XCTAssertEqual(model.states[2].transitions.map(\.source), [2, 2])

        XCTAssertEqual(model.machineTransitions.map(\.target), [.state(0), .internal])
        XCTAssertEqual(model.machineTransitions.map(\.source), [nil, nil])
        XCTAssertEqual(model.machineTransitions.map { model.events[$0.event!].name }, ["reset", "panic"])
        XCTAssertEqual(model.machineTransitions[1].effects.map(\.name), ["alarm"])

        XCTAssertTrue(model.usesPush)
        XCTAssertTrue(model.usesPop)
        XCTAssertEqual(model.allTransitions.count, 8)
        // Candidates in the inner leaf: its own, then Active's, then the machine's.
        XCTAssertEqual(
            model.candidateTransitions(in: 2).map { model.events[$0.event!].name }, ["back", "up", "stop", "reset", "panic"])
    }

    func testModelOfSecuritySystem() throws {
        let model = try XCTUnwrap(model(Self.securitySystem))
        XCTAssertEqual(model.name, "SecuritySystem")
        XCTAssertEqual(model.states.map(\.name), ["Disarmed", "Armed", "Alarm", "SilentAlarm"])
        XCTAssertEqual(model.events.map(\.name), ["disarm", "reset", "arm", "panic", "breach"])
        XCTAssertEqual(model.events.map(\.isDeclared), [true, true, false, false, false])
        XCTAssertEqual(model.events[0].parameters.map(\.type), ["String"])
        let requirements = model.requirements.map { ($0.isGuard ? "guard " : "action ") + $0.name }
        XCTAssertEqual(
            requirements,
            [
                "action announceDisarmed", "action announceArmed", "guard isValid", "guard tooManyAttempts",
                "action informAdministrator", "action countFailedAttempt", "action soundAlarm", "action stopAlarm",
                "action informPolice",
            ])
        let isValid = try XCTUnwrap(model.requirements.first { $0.name == "isValid" })
        XCTAssertEqual(isValid.parameters.map { "\($0.label): \($0.type)" }, ["code: String"])
        let armed = model.states[1]
        XCTAssertEqual(armed.transitions.map(\.target), [.state(2), .state(2), .state(0), .state(2), .internal])
        XCTAssertEqual(model.states[2].exit.map(\.name), ["stopAlarm"])
    }

    func testParameterTypesNamedLikeGeneratedFilePrivateTypesAreRejected() {
        let source = """
            machine Door {
                event a(x: DoorRuntime, y: [DoorQueuedEvent], z: Door_Open?)
                initial Open
                state Open { a -> Open }
            }
            """
        // One error per parameter.
        XCTAssertEqual(diagnosticIDs(source), ["reserved-name", "reserved-name", "reserved-name"])
        XCTAssertTrue(diagnosticsText(source).contains("type 'DoorRuntime' would refer to a type the generated Swift declares"))
        // The same names are fine in a machine with another name.
        XCTAssertEqual(diagnosticIDs(source.replacingOccurrences(of: "machine Door", with: "machine Gate")), [])
    }
}

/// Names the generated machine class uses for itself must be reported in the `.fsm` file, never
/// left for swiftc to find as an ambiguity in the generated code.
final class GeneratedMemberClashTests: XCTestCase {
    /// Machines of every shape the emitter writes differently: plain with push and pop, with
    /// completion transitions and history, and with a parallel state.
    static let shapes = [
        """
        machine M {
            initial A
            state A { go -> push B }
            state B { back -> pop }
        }
        """,
        """
        machine M {
            initial A
            state A {
                initial A1
                state A1 { go -> A2 }
                final state A2
                -> B
            }
            state B { back -> history A }
        }
        """,
        """
        machine M {
            initial A
            state A { go -> P }
            parallel state P {
                state R1 {
                    initial X1
                    state X1 { go -> X2 }
                    state X2 { back -> history R1 }
                }
                state R2 {
                    initial Y1
                    state Y1 { go -> Y2 }
                    final state Y2
                }
                -> A
            }
        }
        """,
    ]

    /// A parameterless event `e` becomes a private `func e(_ actions:)` of the machine, so every
    /// other machine method of that signature must be a reserved name.
    func testEveryMachineHelperTakingOnlyTheActionsIsReserved() throws {
        let helper = try Regex(#"\n    (?:private |fileprivate )?func (\w+)\(_ actions: any MActions\)"#)
        var found: Set<String> = []
        for source in Self.shapes {
            let machine = try XCTUnwrap(model(source))
            let swift = SwiftEmitter.emit(machine, sourceName: "M.fsm", access: .internal)
            let events = Set(machine.events.map(\.name))
            for match in swift.matches(of: helper) {
                let name = String(match.output[1].substring ?? "")
                if !events.contains(name) { found.insert(name) }
            }
        }
        XCTAssertTrue(found.isSuperset(of: ["processQueue", "handleCompletions", "start"]), "\(found)")
        XCTAssertEqual(found.subtracting(SwiftNames.machineMembers), [], "helpers an event named alike would clash with")
    }

    func testEventsNamedLikeTheGeneratedHelpersAreReported() {
        for name in ["processQueue", "handleCompletions"] {
            let source = """
                machine M {
                    initial A
                    state A { \(name) -> A }
                }
                """
            XCTAssertEqual(
                diagnosticsText(source),
                """
                test.fsm:3:15: error: event '\(name)' clashes with the member 'M.\(name)' in the generated Swift; rename it
                    state A { \(name) -> A }
                              ^\(String(repeating: "~", count: name.count - 1))

                """)
        }
    }
}
