import FSMCore
import TestSupport
import XCTest

/// The resolved model: states, events, requirements and transitions as the checks and emitters see them.
extension SemanticsTests {
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
}
