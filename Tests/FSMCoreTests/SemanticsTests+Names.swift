import FSMCore
import TestSupport
import XCTest

/// Names: events and parameters declared once, and no name that the generated Swift could not use
/// or would read as another (name-collision, reserved-name, invalid-name).
extension SemanticsTests {
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
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
        assertDiagnostics(
            source,
            """
            test.fsm:1:9: error: '_' cannot be used as a machine name in Swift
            machine _ {
                    ^

            """)
    }

    // MARK: - Types named like the generated file's private types

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
    /// other machine method that a call `e(actions)` could mean must be a reserved name.
    func testEveryMachineHelperCallableWithTheActionsAloneIsReserved() throws {
        // Called with the actions alone: its only parameter, or the others defaulted.
        let helper = try Regex(
            #"\n    (?:private |fileprivate )?func (\w+)\(_ actions: any MActions(?:, \w+: [^,)=]+ = [^,)]+)*\)"#)
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
        XCTAssertTrue(found.isSuperset(of: ["finishSteps", "start"]), "\(found)")
        XCTAssertEqual(found.subtracting(SwiftNames.machineMembers), [], "helpers an event named alike would clash with")
    }

    func testEventsNamedLikeTheGeneratedHelpersAreReported() {
        for name in ["finishSteps"] {
            let source = """
                machine M {
                    initial A
                    state A { \(name) -> A }
                }
                """
            assertDiagnostics(
                source,
                """
                test.fsm:3:15: error: event '\(name)' clashes with the member 'M.\(name)' in the generated Swift; rename it
                    state A { \(name) -> A }
                              ^\(String(repeating: "~", count: name.count - 1))

                """)
        }
    }
}
