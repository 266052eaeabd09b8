import FSMCore
import TestSupport
import XCTest

/// The plan's decisions (``MachinePlan``), checked as data: no generated text is matched.
final class MachinePlanTests: XCTestCase {
    private func plan(
        _ source: String, observable: Bool = false, isolation: Isolation = .automatic, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> MachinePlan {
        MachinePlan(
            try XCTUnwrap(model(source, file: file, line: line), file: file, line: line), observable: observable,
            isolation: isolation)
    }

    /// The transition for `event` declared in `state` (`nil`: the machine).
    private func transition(_ plan: MachinePlan, _ event: String?, in state: String?) throws -> TransitionPlan {
        let model = plan.model
        let source = try state.map { name in try XCTUnwrap(model.states.firstIndex { $0.name == name }) }
        let eventIndex = try event.map { name in try XCTUnwrap(model.events.firstIndex { $0.name == name }) }
        return try XCTUnwrap(plan.transitions(declaredIn: source, on: eventIndex).first)
    }

    private func index(_ plan: MachinePlan, _ name: String) throws -> Int {
        try XCTUnwrap(plan.model.states.firstIndex { $0.name == name })
    }

    // MARK: - Shape and parts

    func testAFlatMachineNeedsOnlyItsQueue() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                state A { go -> B }
                state B { back -> A }
            }
            """)
        XCTAssertEqual(plan.shape, .oneLeaf)
        XCTAssertEqual(plan.parts, [.eventQueue])
        XCTAssertTrue(plan.directSteps.isEmpty)
        XCTAssertTrue(plan.statesExaminedOnce.isEmpty)
        XCTAssertEqual(plan.maximumSelected, 1)
        XCTAssertEqual(
            MachinePlan.fileScopeDeclarations(of: plan.model),
            [.actions, .machine, .state(0), .state(1), .runtime, .queuedEvent, .runtimeVersion])
    }

    func testEachFeatureAddsItsPart() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                state A {
                    initial A1
                    state A1 { -> A2 }
                    state A2 { go -> push B }
                }
                state B {
                    back -> pop
                    resume -> history A
                }
            }
            """)
        XCTAssertEqual(plan.shape, .oneLeaf)
        XCTAssertEqual(plan.parts, [.completions, .history, .stack, .push, .pop, .eventQueue])
        XCTAssertEqual(
            MachinePlan.fileScopeDeclarations(of: plan.model),
            [.actions, .machine, .state(0), .state(1), .state(2), .state(3), .runtime, .queuedEvent, .runtimeVersion])
        // A1 completes on its own entry; the others have no completion transitions.
        XCTAssertEqual(plan.completesOnEntry, [nil, 1, nil, nil])
    }

    /// A `push`, a `pop` or a move between sibling leaves written only on timed transitions needs
    /// the same parts and shortcut as on an event transition (the generated Swift did not compile
    /// without them: found by the differential tests of version 3).
    func testTimedTransitionsNeedTheirPartsToo() throws {
        let stack = try plan(
            """
            machine M {
                initial A
                state A { after 1s -> push B }
                state B { after 2s -> pop }
            }
            """)
        XCTAssertEqual(stack.parts, [.stack, .push, .pop, .timers])
        let siblings = try plan(
            """
            machine M {
                initial A
                state A { after 1s -> B }
                state B { go -> A }
            }
            """)
        XCTAssertTrue(siblings.hasSiblingTransitions)
        let inside = try plan(
            """
            machine M {
                initial A
                state A {
                    initial A1
                    state A1 { }
                    state A2 { }
                    go -> A1
                    after 1s -> A2
                }
            }
            """)
        XCTAssertFalse(inside.hasSiblingTransitions)
    }

    func testAMachineWithoutEventsHasNoQueue() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                state A { -> B }
                final state B
            }
            """)
        XCTAssertFalse(plan.hasEvents)
        XCTAssertFalse(MachinePlan.fileScopeDeclarations(of: plan.model).contains(.queuedEvent))
        XCTAssertEqual(MachinePlan.fileScopeDeclarations(of: plan.model).filter(\.isVisibleToModule), [.actions, .machine])
    }

    // MARK: - Isolation

    /// `--isolation automatic` is the main actor where the clock or an activity's task needs one,
    /// none elsewhere; `nonisolated` leaves a machine with timers without a clock; a global actor
    /// named is kept as written.
    func testAnIsolationIsSpelledAsTheOptionReadsIt() {
        for option in ["nonisolated", "MainActor", "DatabaseActor", "Storage.Actor"] {
            XCTAssertEqual(Isolation(option: option)?.option, option)
        }
        XCTAssertNil(Isolation.automatic.option, "the default is the option left out")
    }

    func testThePlanResolvesTheIsolation() throws {
        let timers = "machine M { initial A\n state A { after 1s -> B }\n state B { go -> A } }"
        let activities = "machine M { initial A\n state A { do / work; go -> B }\n state B }"
        let plain = "machine M { initial A\n state A { go -> B }\n state B }"

        let timed = try plan(timers)
        XCTAssertEqual(timed.globalActor, "MainActor")
        XCTAssertTrue(timed.hasClock)
        let active = try plan(activities)
        XCTAssertEqual(active.globalActor, "MainActor")
        XCTAssertFalse(active.hasClock, "no timers, no clock")
        let untimed = try plan(plain)
        XCTAssertNil(untimed.globalActor)
        XCTAssertFalse(untimed.hasClock)

        let manual = try plan(timers, isolation: .nonisolated)
        XCTAssertNil(manual.globalActor)
        XCTAssertFalse(manual.hasClock, "manual timing only")

        let database = try plan(timers, isolation: .globalActor("DatabaseActor"))
        XCTAssertEqual(database.globalActor, "DatabaseActor")
        XCTAssertTrue(database.hasClock)
        XCTAssertEqual(try plan(plain, isolation: .globalActor("MainActor")).globalActor, "MainActor")
        XCTAssertEqual(MachinePlan.globalActor(of: untimed.model, isolation: .globalActor("DatabaseActor")), "DatabaseActor")
    }

    // MARK: - Kinds of transition

    func testKindsOfTransition() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                reset -> A
                state A {
                    initial B
                    inside -> C
                    state B {
                        side -> C
                        again -> B
                        note / log
                        out -> D
                        keep -> push D
                        deeper -> deep history A
                    }
                    state C { }
                }
                state D { back -> pop }
            }
            """)
        let expected: [(String, String?, TransitionPlan.Kind)] = [
            ("reset", nil, .general),
            ("inside", "A", .general),  // to a descendant: the general step, below its source
            ("side", "B", .betweenSiblingLeaves),
            ("again", "B", .betweenSiblingLeaves),  // a leaf to itself
            ("note", "B", .internal),
            ("out", "B", .general),
            ("keep", "B", .general),
            ("deeper", "B", .history(.deep)),
            ("back", "D", .pop),
        ]
        for (event, state, kind) in expected {
            XCTAssertEqual(try transition(plan, event, in: state).kind, kind, "\(event) in \(state ?? "the machine")")
        }
        XCTAssertTrue(try transition(plan, "keep", in: "B").pushes)
        XCTAssertFalse(try transition(plan, "out", in: "B").pushes)
        XCTAssertTrue(plan.hasSiblingTransitions)
        // Numbered as Model.allTransitions: the machine's first, then each state's in order.
        XCTAssertEqual(plan.transitions.map(\.number), Array(plan.transitions.indices))
        XCTAssertEqual(plan.transitions.map(\.transition), Array(plan.model.allTransitions))
    }

    func testTheEnteredLeafIsKnownWithoutHistory() throws {
        let source = """
            machine M {
                initial A
                state A { go -> B }
                state B {
                    initial B1
                    state B1 { }
                    state B2 { }
                }
            }
            """
        XCTAssertEqual(try transition(try plan(source), "go", in: "A").enteredLeaf, 2)  // B by its initial state, B1
        // With history anywhere, the machine enters below the target at run time.
        let withHistory = source.replacingOccurrences(of: "initial B1", with: "initial history B1")
        XCTAssertNil(try transition(try plan(withHistory), "go", in: "A").enteredLeaf)
    }

    // MARK: - Machines with regions

    private let player = """
        machine Player {
            initial On
            parallel state On {
                state Playback {
                    initial Paused
                    state Paused { play -> Playing }
                    state Playing {
                        pause -> Paused
                        tick / advance
                        end -> Ended
                    }
                    final state Ended
                }
                state Volume {
                    initial Quiet
                    state Quiet { up -> Loud }
                    state Loud { down -> Quiet }
                }
                off -> Off
            }
            state Off { on -> On }
        }
        """

    func testRegions() throws {
        let plan = try plan(player)
        XCTAssertEqual(plan.shape, .regions)
        XCTAssertEqual(plan.maximumSelected, 2)  // one leaf in each region
        // The parallel state and the states around it: here On alone, at the top.
        XCTAssertEqual(plan.statesExaminedOnce, [try index(plan, "On")])
        XCTAssertTrue(try transition(plan, "play", in: "Paused").staysInItsRegion)
        XCTAssertTrue(try transition(plan, "tick", in: "Playing").staysInItsRegion)
        // Entering a final state may complete the region: the general step does that.
        XCTAssertFalse(try transition(plan, "end", in: "Playing").staysInItsRegion)
        XCTAssertFalse(try transition(plan, "off", in: "On").staysInItsRegion)
        // Between top-level leaves the machine's only leaf changes: not "in its region".
        XCTAssertFalse(try transition(plan, "on", in: "Off").staysInItsRegion)
        // Every event's candidates are all in their region or none is: no run-time test.
        XCTAssertFalse(plan.needsRegionLocalTest)
    }

    func testTransitionsGroupedByWhatTriggersThem() throws {
        let source = player.replacingOccurrences(of: "final state Ended", with: "final state Ended\n-> Paused")
        let plan = try plan(source)
        let byTrigger = plan.transitionsByTrigger
        XCTAssertEqual(byTrigger.count, plan.model.events.count + 1)  // each event, then the completions
        for (trigger, group) in byTrigger.enumerated() {
            let event = trigger < plan.model.events.count ? trigger : nil
            XCTAssertEqual(group.map(\.number), plan.transitions(triggeredBy: event).map(\.number))
            XCTAssertTrue(group.allSatisfy { $0.event == event })
        }
        XCTAssertEqual(byTrigger.map(\.count).reduce(0, +), plan.transitions.count)
        XCTAssertEqual(plan.transitions(triggeredBy: nil).map(\.source), [try index(plan, "Playback")])
        let up = try XCTUnwrap(plan.model.events.firstIndex(where: { $0.name == "up" }))
        XCTAssertEqual(plan.transitions(triggeredBy: up).map(\.source), [try index(plan, "Quiet")])
    }

    func testTheRegionLocalTestOnlyWhereSomeCandidatesStayAndOthersDoNot() throws {
        let mixed = player.replacingOccurrences(of: "state Off { on -> On }", with: "state Off { on -> On; up -> On }")
        XCTAssertTrue(try plan(mixed).needsRegionLocalTest)  // `up`: Quiet -> Loud stays, Off -> On does not
    }

    func testEventsWhoseStepIsFireAloneShareOneSelection() throws {
        func names(_ plan: MachinePlan) -> [String] {
            plan.eventsSelectedAndFired.sorted().map { plan.model.events[$0].name }
        }
        // `play`, `pause`, `tick`, `up`, `down` change a region's leaf in place; `end`, `off` and `on`
        // are fired alone.
        XCTAssertEqual(names(try plan(player)), ["end", "off", "on"])
        // An effect is carried out by the event's own function.
        let withEffect = player.replacingOccurrences(of: "off -> Off", with: "off / powerDown -> Off")
        XCTAssertEqual(names(try plan(withEffect)), ["end", "on"])
        // One such event alone keeps its function: nothing to share.
        let alone = withEffect.replacingOccurrences(of: "state Off { on -> On }", with: "state Off { on / powerUp -> On }")
        XCTAssertEqual(names(try plan(alone)), [])
        // Without regions there is no selection.
        XCTAssertEqual(names(try plan("machine M {\n    initial A\n    state A { go -> B }\n    state B { back -> A }\n}")), [])
    }

    func testDirectSteps() throws {
        let plan = try plan(player)
        let on = try index(plan, "On")
        let off = try index(plan, "Off")
        let playing = try index(plan, "Playing")
        // `off` leaves On for Off: it exits the whole machine (its domain) and enters Off.
        let offStep = try XCTUnwrap(plan.directSteps[try transition(plan, "off", in: "On").number])
        XCTAssertEqual(offStep.exits, 0..<plan.model.states.count)
        XCTAssertEqual(offStep.entered, [off])
        XCTAssertEqual(offStep.source, on)
        XCTAssertEqual(offStep.insideSource, on + 1..<off)
        // `on` enters On and both regions by their default entry, in document order.
        let onStep = try XCTUnwrap(plan.directSteps[try transition(plan, "on", in: "Off").number])
        XCTAssertEqual(
            onStep.entered.map { plan.model.states[$0].name }, ["On", "Playback", "Paused", "Volume", "Quiet"])
        // An internal transition exits and enters nothing.
        let tick = try XCTUnwrap(plan.directSteps[try transition(plan, "tick", in: "Playing").number])
        XCTAssertEqual(tick.exits, 0..<0)
        XCTAssertEqual(tick.entered, [])
        XCTAssertEqual(tick.source, playing)
        // Entering a final state has no direct step: its completions depend on the other regions.
        XCTAssertNil(plan.directSteps[try transition(plan, "end", in: "Playing").number])
        XCTAssertFalse(plan.allDirect)
        // An observable machine tells its observers of each change: no step in place.
        XCTAssertTrue(try self.plan(player, observable: true).directSteps.isEmpty)
    }

    func testHistoryTakesTheGeneralStep() throws {
        let source = """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        initial A
                        state A { go -> B }
                        state B { }
                    }
                    state R2 { }
                    leave -> Out
                }
                state Out { back -> deep history P }
            }
            """
        let plan = try plan(source)
        // Leaving P records its history; entering by history is decided at run time.
        XCTAssertNil(plan.directSteps[try transition(plan, "leave", in: "P").number])
        XCTAssertNil(plan.directSteps[try transition(plan, "back", in: "Out").number])
        // Inside a region nothing that records history is exited.
        XCTAssertNotNil(plan.directSteps[try transition(plan, "go", in: "A").number])
    }

    func testTheSelectionHasRoomForEveryLeaf() throws {
        let plan = try plan(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { }
                    parallel state R2 {
                        state X { }
                        state Y { }
                        state Z { }
                    }
                }
                state Q {
                    initial Q1
                    state Q1 { }
                }
            }
            """)
        XCTAssertEqual(plan.maximumSelected, 4)  // R1, X, Y, Z
        XCTAssertEqual(plan.statesExaminedOnce, [try index(plan, "P"), try index(plan, "R2")])
    }

    // MARK: - What entering and exiting a state do

    func testEntryAndExitWorkAreTheStatesOwnActivitiesInOrder() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                state A {
                    entry / light, sound(level: 2)
                    exit / dim
                    go -> B
                }
                state B { }
            }
            """)
        let a = try index(plan, "A")
        XCTAssertEqual(plan.onEntry(of: a).count, 1)
        guard case .activities(let entry) = plan.onEntry(of: a).first, case .activities(let exit) = plan.onExit(of: a).first
        else { return XCTFail("A's entry and exit are its activities") }
        XCTAssertEqual(entry.compactMap(\.call).map(\.name), ["light", "sound"])
        XCTAssertEqual(exit.compactMap(\.call).map(\.name), ["dim"])
        // A state with nothing to do on entry or exit has no work: nothing is written for it.
        XCTAssertEqual(plan.onEntry(of: try index(plan, "B")), [])
        XCTAssertEqual(plan.onExit(of: try index(plan, "B")), [])
    }

    // MARK: - Timers and raised events

    /// Timers are numbered in the order of the machine's timed transitions (the machine's first),
    /// and their transitions after every event and completion transition; a state's entry arms its
    /// timers after its activities, its exit cancels them before its activities.
    func testTimersAreNumberedAndBoundToTheirStatesEntryAndExit() throws {
        let plan = try plan(
            """
            machine M {
                initial A
                every 1s / tick
                state A {
                    entry / light
                    exit / dim
                    after 2s -> B
                    every 500ms / blink
                    go -> B
                }
                state B {
                    after 0s -> A
                }
            }
            """)
        XCTAssertTrue(plan.parts.contains(.timers))
        XCTAssertFalse(plan.parts.contains(.raisedEvents))
        XCTAssertTrue(plan.workNeedsMachine)
        XCTAssertEqual(plan.timers.map(\.number), [0, 1, 2, 3])
        XCTAssertEqual(plan.timers.map(\.source), [nil, 0, 0, 1])
        XCTAssertEqual(plan.timers.map(\.repeats), [true, false, true, false])
        XCTAssertEqual(plan.timers.map(\.transition.number), [1, 2, 3, 4], "after the one event transition")
        XCTAssertEqual(plan.timers(of: nil).map(\.number), [0])
        XCTAssertEqual(plan.timers(of: 0).map(\.number), [1, 2])
        XCTAssertEqual(plan.timers[1].transition.kind, .betweenSiblingLeaves)
        XCTAssertEqual(plan.timers[2].transition.kind, .internal)
        let a = try index(plan, "A")
        guard plan.onEntry(of: a).count == 2, case .activities = plan.onEntry(of: a)[0],
            case .armTimers(let armed) = plan.onEntry(of: a)[1]
        else { return XCTFail("A's entry: its activities, then its timers armed: \(plan.onEntry(of: a))") }
        XCTAssertEqual(armed.map(\.number), [1, 2])
        guard plan.onExit(of: a).count == 2, case .cancelTimers(let cancelled) = plan.onExit(of: a)[0],
            case .activities = plan.onExit(of: a)[1]
        else { return XCTFail("A's exit: its timers cancelled, then its activities: \(plan.onExit(of: a))") }
        XCTAssertEqual(cancelled.map(\.number), [1, 2])
        XCTAssertEqual(MachinePlan.fileScopeDeclarations(of: plan.model).suffix(2), [.queuedEvent, .runtimeVersion])
    }

    /// With regions, a machine with timers always has the general step (a timeout's transition has
    /// no direct step); a machine with `raise` has no direct step, and with completions too no
    /// local step: both queue completions after all their entries, which the raised events, queued
    /// as the entries run, would overtake.
    func testTimersAndRaisedEventsChangeWhichStepsARegionsMachineTakes() throws {
        let regions = """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        initial A
                        state A { go -> A2 }
                        state A2 { -> A }
                    }
                    state R2 {
                        initial B
                        state B { go -> B2 }
                        state B2
                    }
                }
            }
            """
        let plain = try plan(regions)
        XCTAssertFalse(plain.directSteps.isEmpty)
        XCTAssertFalse(plain.regionLocal(plain.transitions).isEmpty)
        let timed = try plan(regions.replacingOccurrences(of: "state B2\n", with: "state B2 { after 1s -> B }\n"))
        XCTAssertFalse(timed.allDirect)
        XCTAssertFalse(timed.directSteps.isEmpty)
        let raising = try plan(regions.replacingOccurrences(of: "go -> B2", with: "go / raise ping -> B2; ping / pong"))
        XCTAssertTrue(raising.parts.contains(.raisedEvents))
        XCTAssertTrue(raising.directSteps.isEmpty)
        XCTAssertTrue(raising.regionLocal(raising.transitions).isEmpty, "raise and completions: no local step")
    }
}
