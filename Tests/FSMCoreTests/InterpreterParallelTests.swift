import FSMCore
import TestSupport
import XCTest

/// The reference interpreter on the rules of section 4c (parallel states), one sentence at a time:
/// selection in every region, conflicts, the step, completion and history with regions, the state
/// given to `unhandledEvent`.
final class InterpreterParallelTests: XCTestCase {
    typealias Recorder = InterpreterTests.Recorder

    /// An interpreter on `source` whose recorder also logs exits, entries and dropped transitions.
    private func make(_ source: String) throws -> (Interpreter, Recorder) {
        let recorder = Recorder()
        recorder.tracesStates = true
        return (Interpreter(model: try XCTUnwrap(model(source)), host: recorder), recorder)
    }

    @discardableResult
    private func send(_ interpreter: Interpreter, _ line: String) throws -> Bool {
        interpreter.send(try XCTUnwrap(try EventLine.parse(line, in: interpreter.model)))
    }

    private func names(_ interpreter: Interpreter) -> [String] {
        interpreter.configuration.map { interpreter.model.states[$0].name }
    }

    /// Starts the machine and clears the log of the start.
    private func started(_ source: String) throws -> (Interpreter, Recorder) {
        let (machine, log) = try make(source)
        machine.start()
        log.log = []
        return (machine, log)
    }

    // MARK: - Entering a parallel state

    func testEnteringAParallelStateEntersEveryRegionInDocumentOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    entry / inP
                    state R1 { initial A; state A { entry / inA } }
                    state R2 { initial C; state C { entry / inC } }
                }
            }
            """)
        machine.start()
        XCTAssertEqual(log.log, ["enter P", "inP", "enter R1", "enter A", "inA", "enter R2", "enter C", "inC"])
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "C"])
    }

    /// docs/Language.md (Transitions) and docs/Generated-API.md: exits in reverse document order, so
    /// the later region's states all leave before the earlier region's deeper ones; entries in
    /// document order.
    func testExitsRunInReverseDocumentOrderAndEntriesInDocumentOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial Off
                state Off { on -> On }
                parallel state On {
                    off -> Off
                    state Playback { initial Stopped; state Stopped }
                    state Volume { initial Muted; state Muted }
                }
            }
            """)
        machine.start()
        log.log = []
        try send(machine, "on")
        XCTAssertEqual(log.log, ["exit Off", "enter On", "enter Playback", "enter Stopped", "enter Volume", "enter Muted"])
        log.log = []
        try send(machine, "off")
        XCTAssertEqual(log.log, ["exit Muted", "exit Volume", "exit Stopped", "exit Playback", "exit On", "enter Off"])
    }

    // MARK: - Selection and the step

    func testTransitionsOfTwoRegionsOnTheSameEventBothFire() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { exit / outA; go / e1 -> B }; state B { entry / inB } }
                    state R2 { initial C; state C { exit / outC; go / e2 -> D }; state D { entry / inD } }
                }
            }
            """)
        XCTAssertTrue(try send(machine, "go"))
        // Exits in reverse document order (the later region first), then every effect in
        // selection order (document order of the leaves), then entries in document order.
        XCTAssertEqual(
            log.log, ["exit C", "outC", "exit A", "outA", "e1", "e2", "enter B", "inB", "enter D", "inD"])
        XCTAssertEqual(names(machine), ["P", "R1", "B", "R2", "D"])
    }

    func testAnEventHandledInOneRegionLeavesTheOthersAsTheyAre() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { mute -> B }; state B }
                    state R2 { initial C; state C { exit / outC; camera -> D }; state D }
                }
            }
            """)
        XCTAssertTrue(try send(machine, "camera"))
        XCTAssertEqual(log.log, ["exit C", "outC", "enter D"])
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "D"])
        // `handles` looks at every region, not only the first active leaf.
        XCTAssertTrue(machine.handles(try XCTUnwrap(machine.model.events.firstIndex { $0.name == "mute" })))
    }

    func testTheInnerTransitionWinsAConflictWithItsParallelAncestorSelectedAfterIt() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    go / outer -> Out
                    state R1 { initial A; state A { go / inner -> B }; state B }
                    state R2 { initial C; state C }
                }
                state Out
            }
            """)
        // A's walk selects A's transition; C's walk reaches P and selects P's, which exits A too:
        // P's source does not lie inside A's, so P's is dropped.
        XCTAssertTrue(try send(machine, "go"))
        XCTAssertEqual(log.log, ["preempted from P", "exit A", "inner", "enter B"])
        XCTAssertEqual(names(machine), ["P", "R1", "B", "R2", "C"])
    }

    func testTheInnerTransitionReplacesAConflictingAncestorsTransitionSelectedBeforeIt() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    go / outer -> Out
                    state R1 { initial A; state A }
                    state R2 { initial C; state C { go / inner -> D }; state D }
                }
                state Out
            }
            """)
        // A's walk selects P's transition first; C's own, selected next, lies inside P: it replaces it.
        XCTAssertTrue(try send(machine, "go"))
        XCTAssertEqual(log.log, ["preempted from P", "exit C", "inner", "enter D"])
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "D"])
    }

    func testATransitionIntoAnotherRegionExitsAndReentersTheParallelStateAndWinsTheConflict() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    entry / inP
                    exit / outP
                    state R1 { initial A; state A { go -> B }; state B { jump / j -> D } }
                    state R2 { initial C; state C { go -> D }; state D { jump / own -> C } }
                }
            }
            """)
        try send(machine, "go")
        XCTAssertEqual(names(machine), ["P", "R1", "B", "R2", "D"])
        log.log = []
        // B's transition (selected first) exits all of P; D's conflicts with it and D does not lie
        // inside B: D's is dropped. Every region starts over, R2 at D itself.
        XCTAssertTrue(try send(machine, "jump"))
        XCTAssertEqual(
            log.log,
            [
                "preempted from D", "exit D", "exit R2", "exit B", "exit R1", "exit P", "outP", "j",
                "enter P", "inP", "enter R1", "enter A", "enter R2", "enter D",
            ])
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "D"])
    }

    func testACommonAncestorsTransitionIsSelectedOnceAndItsGuardEvaluatedOnce() throws {
        let source = """
            machine M {
                initial P
                parallel state P {
                    exit / outP
                    go [g] / e -> Out
                    state R1 { initial A; state A }
                    state R2 { initial C; state C }
                }
                state Out { entry / inOut }
                go [h] / m
            }
            """
        let (machine, log) = try started(source)
        log.answers["g"] = true
        XCTAssertTrue(try send(machine, "go"))
        XCTAssertEqual(
            log.log,
            ["guard g = true", "exit C", "exit R2", "exit A", "exit R1", "exit P", "outP", "e", "enter Out", "inOut"])
        // When P's guard fails, the machine's transition is tried by A's walk; C's walk stops at P.
        let (other, otherLog) = try started(source)
        XCTAssertFalse(try send(other, "go"))
        XCTAssertEqual(otherLog.log, ["guard g = false", "guard h = false", "unhandled go in P"])
    }

    func testAnInternalTransitionConflictsWithNone() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    go / outer -> Out
                    state R1 { initial A; state A { exit / outA; go / inner } }
                    state R2 { initial C; state C }
                }
                state Out
            }
            """)
        XCTAssertTrue(try send(machine, "go"))
        XCTAssertEqual(
            log.log, ["exit C", "exit R2", "exit A", "outA", "exit R1", "exit P", "inner", "outer", "enter Out"])
        XCTAssertEqual(names(machine), ["Out"])
    }

    func testNestedParallelStates() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { go / a -> A2 }; state A2 }
                    parallel state Q {
                        state Q1 { initial X; state X { go / x -> X2 }; state X2 }
                        state Q2 { initial Y; state Y { go / y } }
                        reset -> Q
                    }
                }
            }
            """)
        machine.start()
        XCTAssertEqual(
            log.log, ["enter P", "enter R1", "enter A", "enter Q", "enter Q1", "enter X", "enter Q2", "enter Y"])
        log.log = []
        XCTAssertTrue(try send(machine, "go"))
        XCTAssertEqual(log.log, ["exit X", "exit A", "a", "x", "y", "enter A2", "enter X2"])
        XCTAssertEqual(names(machine), ["P", "R1", "A2", "Q", "Q1", "X2", "Q2", "Y"])
        log.log = []
        // `-> Q` from Q: the innermost non-parallel state containing Q is the machine, so all of P
        // starts over.
        XCTAssertTrue(try send(machine, "reset"))
        XCTAssertEqual(names(machine), ["P", "R1", "A", "Q", "Q1", "X", "Q2", "Y"])
        XCTAssertEqual(log.log.first, "exit Y")
        XCTAssertEqual(log.log.last, "enter Y")
    }

    func testALocalTransitionInsideARegionLeavesTheSiblingRegionsUntouched() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        entry / inR1
                        exit / outR1
                        initial A
                        state A
                        state A2
                        reset / r -> A2
                    }
                    state R2 { initial C; state C { exit / outC } }
                }
            }
            """)
        XCTAssertTrue(try send(machine, "reset"))
        XCTAssertEqual(log.log, ["exit A", "r", "enter A2"])
        XCTAssertEqual(names(machine), ["P", "R1", "A2", "R2", "C"])
    }

    /// docs/Language.md's `Deck` (Transitions, "A parallel state is never a domain"): each exit
    /// and entry the page lists for `jump`, `retry`, `up` and `rewind`.
    func testAParallelStateIsNeverADomainAsLanguageMdShowsWithDeck() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/Language.md"), encoding: .utf8)
        let deck = try XCTUnwrap(fencedBlocks("fsm", in: page).first { $0.contains("machine Deck") })
        let leaveP = ["exit B2", "exit B", "exit A2", "exit A", "exit P", "enter P", "enter A"]
        for (event, expected) in [
            ("jump", leaveP + ["enter A2", "enter B", "enter B1"]),
            ("retry", leaveP + ["enter A1", "enter B", "enter B1"]),
            ("up", leaveP + ["enter A1", "enter B", "enter B1"]),
            ("rewind", ["exit A2", "enter A1"]),
        ] {
            let (machine, log) = try started(deck)
            try send(machine, "next")
            try send(machine, "flip")
            XCTAssertEqual(names(machine), ["P", "A", "A2", "B", "B2"])
            log.log = []
            XCTAssertTrue(try send(machine, event))
            XCTAssertEqual(log.log, expected, event)
        }
    }

    /// The other way Language.md gives to restart one region: a composite state holding the
    /// region's states, targeted from the region, is exited and entered without touching the rest.
    func testARegionsStatesWrappedInOneCompositeRestartAloneWithTheirActivities() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state A {
                        initial Track
                        retry -> Track
                        state Track { entry / inTrack; exit / outTrack; initial A1; state A1 { next -> A2 }; state A2 }
                    }
                    state B { initial B1; state B1 { flip -> B2 }; state B2 }
                }
            }
            """)
        try send(machine, "next")
        try send(machine, "flip")
        log.log = []
        XCTAssertTrue(try send(machine, "retry"))
        XCTAssertEqual(log.log, ["exit A2", "exit Track", "outTrack", "enter Track", "inTrack", "enter A1"])
        XCTAssertEqual(names(machine), ["P", "A", "Track", "A1", "B", "B2"])
    }

    // MARK: - Completion

    func testAParallelStateCompletesOnlyWhenEveryRegionHasCompletedAndStillIs() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { go -> F1 }; final state F1; undo -> A }
                    state R2 { initial C; state C { stop -> F2 }; final state F2 }
                    / done -> Done
                }
                state Done
            }
            """)
        try send(machine, "go")
        XCTAssertEqual(log.log, ["exit A", "enter F1"])
        // R1 left its final state: when R2 completes, P is not complete.
        try send(machine, "undo")
        try send(machine, "stop")
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "F2"])
        XCTAssertFalse(log.log.contains("completes P"))
        log.log = []
        try send(machine, "go")
        XCTAssertEqual(
            log.log,
            [
                "exit A", "enter F1", "completes P", "exit F2", "exit R2", "exit F1", "exit R1", "exit P", "done",
                "enter Done",
            ])
        XCTAssertEqual(names(machine), ["Done"])
    }

    func testNestedParallelStatesCompleteInnerFirstWhenTheirRegionsComplete() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { go -> F1 }; final state F1 }
                    parallel state Q {
                        state Q1 { initial X; state X { go -> FX }; final state FX }
                        state Q2 { initial Y; state Y { go -> FY }; final state FY }
                        / q -> P2
                    }
                    / p -> Out
                }
                state P2 { -> Out }
                state Out
            }
            """)
        // One step completes every region: Q completes (inner) before P; Q's completion
        // transition leaves P, so P's turn is skipped.
        try send(machine, "go")
        XCTAssertEqual(
            log.log,
            [
                "exit Y", "exit X", "exit A", "enter F1", "enter FX", "enter FY", "completes Q", "exit FY", "exit Q2",
                "exit FX", "exit Q1", "exit Q", "exit F1", "exit R1", "exit P", "q", "enter P2", "skipped P",
                "completes P2", "exit P2", "enter Out",
            ])
        XCTAssertEqual(names(machine), ["Out"])
    }

    func testAParallelStateWithASimpleRegionNeverCompletes() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial A; state A { go -> F1 }; final state F1 }
                    state R2
                    -> Out
                }
                state Out
            }
            """)
        try send(machine, "go")
        XCTAssertEqual(log.log, ["exit A", "enter F1"])
        XCTAssertEqual(names(machine), ["P", "R1", "F1", "R2"])
    }

    // MARK: - History

    private let historyMachine = """
        machine M {
            initial P
            parallel state P {
                state R1 { initial A; state A { go -> K }; state K { initial K1; state K1 { go -> K2 }; state K2 } }
                state R2 { initial C; state C { go -> D }; state D }
                leave -> Out
            }
            state Out { backDeep -> deep history P; backShallow -> history P }
        }
        """

    func testDeepHistoryOfAParallelStateRestoresEveryRegion() throws {
        let (machine, log) = try started(historyMachine)
        try send(machine, "go")
        try send(machine, "go")
        XCTAssertEqual(names(machine), ["P", "R1", "K", "K2", "R2", "D"])
        log.log = []
        try send(machine, "leave")
        XCTAssertEqual(log.log.first, "history P: R1 K K2 R2 D")
        try send(machine, "backDeep")
        XCTAssertEqual(names(machine), ["P", "R1", "K", "K2", "R2", "D"])
    }

    func testShallowHistoryOfAParallelStateEntersEachRegionByItsDefaultEntry() throws {
        let (machine, _) = try started(historyMachine)
        try send(machine, "go")
        try send(machine, "go")
        try send(machine, "leave")
        try send(machine, "backShallow")
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "C"])
    }

    func testHistoryInsideARegion() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        initial K
                        state K { initial K1; state K1 { go -> K2 }; state K2; out -> L }
                        state L { back -> history K }
                    }
                    state R2 { initial C; state C { go -> D }; state D { exit / outD } }
                }
            }
            """)
        try send(machine, "go")
        try send(machine, "out")
        XCTAssertEqual(names(machine), ["P", "R1", "L", "R2", "D"])
        try send(machine, "back")
        XCTAssertEqual(names(machine), ["P", "R1", "K", "K2", "R2", "D"])
        XCTAssertFalse(log.log.contains("outD"))
    }

    // MARK: - Unhandled events

    func testAnUnhandledEventNamesTheInnermostStateContainingEveryActiveState() throws {
        let (machine, log) = try started(
            """
            machine M {
                initial W
                state W {
                    initial P
                    parallel state P {
                        state R1 { initial A; state A { go -> B }; state B }
                        state R2 { initial C; state C }
                    }
                }
                event poke
            }
            """)
        XCTAssertFalse(try send(machine, "poke"))
        XCTAssertEqual(log.log, ["unhandled poke in P"])
        let model = machine.model
        XCTAssertEqual(model.innermostContaining(machine.configuration).map { model.states[$0].name }, "P")
    }

    /// The reference interpreter tells the story of ``completionRuleMachines`` that the generated
    /// Swift tells in EndToEndTests' SwiftEmitterTests.testPendingCompletionsInParallelStates.
    func testPendingCompletionsInParallelStates() throws {
        var interpreted: [String] = []
        for (source, answers) in completionRuleMachines {
            let model = try XCTUnwrap(Compilation(path: "m.fsm", text: source).model)
            let recorder = Recorder()
            recorder.scripted = answers
            let interpreter = Interpreter(model: model, host: recorder)
            interpreter.start()
            let noted = ["completes ", "dropped ", "skipped "]
            interpreted += recorder.log.filter { line in !noted.contains { line.hasPrefix($0) } }
            let states = interpreter.configuration.map { model.states[$0].name }
            interpreted.append("\(model.name): " + states.joined(separator: " "))
        }
        XCTAssertEqual(interpreted.joined(separator: "\n"), completionRulesTranscript, "the interpreter tells another story")
    }
}
