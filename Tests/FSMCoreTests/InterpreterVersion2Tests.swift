import FSMCore
import TestSupport
import XCTest

/// The reference interpreter on the rules of sections 4a (completion transitions, final states
/// inside composites) and 4b (history), one rule at a time.
final class InterpreterVersion2Tests: XCTestCase {
    typealias Recorder = InterpreterTests.Recorder

    /// An interpreter on `source` with a recording host. The states named in `parallel` are made
    /// parallel in the model: the language gets them with issue 15, but the order and the skipping
    /// of completions (several pending at once) can only be seen with them, and the model's rules
    /// already follow section 4c.
    private func make(_ source: String, parallel: [String] = []) throws -> (Interpreter, Recorder) {
        var model = try XCTUnwrap(model(source))
        for name in parallel {
            let index = try XCTUnwrap(model.states.firstIndex { $0.name == name })
            model.states[index].isParallel = true
        }
        // The domains were computed for the tree without parallel states (section 4c's rule skips them).
        let tree = model
        for index in model.states.indices {
            for number in model.states[index].transitions.indices {
                let transition = model.states[index].transitions[number]
                model.states[index].transitions[number].domain = transition.target.state.flatMap {
                    tree.domain(from: transition.source, to: $0)
                }
            }
        }
        let recorder = Recorder()
        return (Interpreter(model: model, host: recorder), recorder)
    }

    private func send(_ interpreter: Interpreter, _ line: String) throws {
        interpreter.send(try XCTUnwrap(try EventLine.parse(line, in: interpreter.model)))
    }

    private func names(_ interpreter: Interpreter) -> [String] {
        interpreter.configuration.map { interpreter.model.states[$0].name }
    }

    // MARK: - 4a: completion transitions and final states

    func testASimpleStateCompletesAfterItsEntryAndTheFirstEnabledCompletionTransitionFires() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { entry / inA; [g0] / e0 -> B; [g1] / e1 -> C; -> B }
                state B
                state C { entry / inC }
            }
            """)
        log.answers["g1"] = true
        machine.start()
        XCTAssertEqual(log.log, ["inA", "completes A", "guard g0 = false", "guard g1 = true", "e1", "inC"])
        XCTAssertEqual(names(machine), ["C"])
    }

    func testOnlyTheCompletingStatesOwnCompletionTransitionsAreTried() throws {
        // A completes (it is simple) but has no completion transition; P's is not tried for it,
        // and P does not complete: it has no final child.
        let (machine, log) = try make(
            "machine M { initial P; state P { initial A; state A { go -> B }; state B; [g] -> Out }; state Out }")
        machine.start()
        try send(machine, "go")
        XCTAssertEqual(log.log, [])
        XCTAssertEqual(names(machine), ["P", "B"])
    }

    func testAFinalChildCompletesItsCompositeAndATopLevelFinalStateFinishesTheMachine() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                state P { initial A; state A { go -> F }; final state F { entry / inF }; / done -> End }
                final state End
            }
            """)
        machine.start()
        try send(machine, "go")
        XCTAssertEqual(log.log, ["inF", "completes P", "done"])
        XCTAssertTrue(machine.isFinished)
        XCTAssertEqual(names(machine), ["End"])
    }

    func testStartHandlesTheInitialCompletionsBeforeItReturns() throws {
        let (machine, log) = try make(
            "machine M { initial A; state A { -> B }; state B { entry / inB; go / went } }")
        machine.start()
        XCTAssertEqual(log.log, ["completes A", "inB"])
        XCTAssertEqual(names(machine), ["B"])
        // An event sent before start() is handled after the initial completions.
        let (other, otherLog) = try make(
            "machine M { initial A; state A { -> B }; state B { entry / inB; go / went } }")
        try send(other, "go")
        XCTAssertEqual(otherLog.log, ["completes A", "inB", "went"])
    }

    func testADroppedCompletionIsNotRemembered() throws {
        let (machine, log) = try make(
            "machine M { initial A; state A { [g] -> B; poke / poked }; state B }")
        machine.start()
        log.answers["g"] = true
        try send(machine, "poke")
        XCTAssertEqual(log.log, ["completes A", "guard g = false", "dropped A", "poked"])
        XCTAssertEqual(names(machine), ["A"])
    }

    func testCompletionChainsAndACompletionTransitionIsExternalFromItsState() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { exit / outA; / ab -> B }
                state B { entry / inB; exit / outB; [again] -> B; [g] -> C }
                state C { entry / inC }
            }
            """)
        log.scripted["again"] = [true, false]
        log.answers["g"] = true
        machine.start()
        XCTAssertEqual(
            log.log,
            [
                "completes A", "outA", "ab", "inB",
                // -> B from B exits and re-enters B, which completes again.
                "completes B", "guard again = true", "outB", "inB",
                "completes B", "guard again = false", "guard g = true", "outB", "inC",
            ])
        XCTAssertEqual(names(machine), ["C"])
    }

    func testEventsSentDuringCompletionsAreQueuedBehindThem() throws {
        // `ping` is sent while A's completion is handled; were it handled before B's completion,
        // B (which does not handle it) would leave it unhandled.
        let (machine, log) = try make(
            "machine M { event ping; initial A; state A { / s0 -> B }; state B { -> C }; state C { ping / pinged } }")
        log.sends["s0"] = EventOccurrence(event: 0)
        machine.start()
        XCTAssertEqual(log.log, ["completes A", "s0", "send -> true", "completes B", "pinged"])
        XCTAssertEqual(names(machine), ["C"])
    }

    func testCompletionsAreHandledBeforeTheNextQueuedEvent() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { go / s0 -> B }
                state B { [g] -> C; step -> D }
                state C { step / inC }
                state D
            }
            """)
        log.sends["s0"] = EventOccurrence(event: 1)
        log.answers["g"] = true
        machine.start()
        try send(machine, "go")
        XCTAssertEqual(log.log, ["s0", "send -> true", "completes B", "guard g = true", "inC"])
    }

    func testCompletionsAreHandledInnerBeforeOuter() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                state P {
                    initial R1
                    state R1 { initial F1; final state F1; [r1] -> Z }
                    state R2 { initial F2; final state F2; [r2] -> Z }
                    / pDone -> Z
                }
                state Z
            }
            """, parallel: ["P"])
        machine.start()
        XCTAssertEqual(
            log.log,
            [
                "completes R1", "guard r1 = false", "dropped R1",
                "completes R2", "guard r2 = false", "dropped R2",
                "completes P", "pDone",
            ])
        XCTAssertEqual(names(machine), ["Z"])
    }

    func testACompletionIsSkippedWhenItsStateIsNoLongerActiveOrComplete() throws {
        let left = """
            machine M {
                initial P
                state P { initial R1; state R1 { initial A; state A { -> Out } }; state R2 { initial B; state B { -> Out } } }
                state Out
            }
            """
        let (machine, log) = try make(left, parallel: ["P"])
        machine.start()
        XCTAssertEqual(log.log, ["completes A", "skipped B"])
        // R2 completed on entry (F2); A's completion re-enters R2 at Q before R2's turn: R2 is
        // still active but no longer complete.
        let incomplete = """
            machine M {
                initial P
                state P {
                    initial R1
                    state R1 { initial A; state A { [ga] -> Q } }
                    state R2 { initial F2; final state F2; state Q; [r2] / r2Done -> Out }
                }
                state Out
            }
            """
        let (other, otherLog) = try make(incomplete, parallel: ["P"])
        otherLog.scripted["ga"] = [true, false]
        other.start()
        XCTAssertEqual(
            otherLog.log,
            ["completes A", "guard ga = true", "skipped R2", "completes A", "guard ga = false", "dropped A"])
        XCTAssertEqual(names(other), ["P", "R1", "A", "R2", "Q"])
    }

    func testAStateReenteredWhileItsCompletionIsPendingCompletesTwice() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                state P {
                    initial R1
                    state R1 { initial A; state A { [ga] -> B } }
                    state R2 { initial B; state B { [gb] / hit -> C }; state C }
                }
            }
            """, parallel: ["P"])
        log.scripted = ["ga": [true, false], "gb": [false, true]]
        machine.start()
        XCTAssertEqual(
            log.log,
            [
                "completes A", "guard ga = true",
                "completes B", "guard gb = false", "dropped B",  // B's first completion
                "completes A", "guard ga = false", "dropped A",
                "completes B", "guard gb = true", "hit",  // B's second one
            ])
        XCTAssertEqual(names(machine), ["P", "R1", "A", "R2", "C"])
    }

    /// A cycle of completion transitions whose guards keep holding would run forever: the run stops
    /// after `Interpreter.completionLimit` completions with the failure `fsmc simulate` reports, and
    /// the interpreter does nothing more.
    func testACompletionCycleWhoseGuardsKeepHoldingStopsTheInterpreter() throws {
        let (machine, log) = try make("machine M { initial A; state A { [again] -> B; go -> A }; state B { [again] -> A } }")
        log.answers["again"] = true
        machine.start()
        XCTAssertEqual(log.log.filter { $0.hasPrefix("completes") }.count, Interpreter.completionLimit)
        XCTAssertEqual(log.log.last, "guard again = true")
        XCTAssertEqual(machine.failure, .endlessCompletions)
        XCTAssertEqual(
            machine.failure?.message,
            "more than 10000 completions in a row: a cycle of completion transitions whose guards keep holding")
        XCTAssertFalse(machine.isRunning)
        let logged = log.log.count
        XCTAssertFalse(machine.send(try XCTUnwrap(try EventLine.parse("go", in: machine.model))))
        XCTAssertEqual(log.log.count, logged)
    }

    /// The limit is per run: each event may cause up to `Interpreter.completionLimit` completions.
    func testTheCompletionLimitIsPerRun() throws {
        let (machine, log) = try make(
            "machine M { initial A; state A { [again] -> B; go -> A }; state B { [again] -> A; go -> A } }")
        let chain = Array(repeating: true, count: Interpreter.completionLimit - 1) + [false]
        log.scripted["again"] = chain
        machine.start()
        log.scripted["again"] = chain
        try send(machine, "go")
        XCTAssertEqual(log.log.filter { $0.hasPrefix("completes") }.count, 2 * Interpreter.completionLimit)
        XCTAssertNil(machine.failure)
    }

    // MARK: - 4b: history

    private let nested = """
        machine M {
            initial S
            state S {
                initial A
                state A { go -> B }
                state B { initial B1; state B1 { go -> B2 }; state B2 }
                out -> O
            }
            state O { back -> history S; deepBack -> deep history S }
        }
        """

    func testShallowAndDeepHistoryOfTheSameState() throws {
        let (machine, log) = try make(nested)
        for line in ["go", "go", "out", "back"] { try send(machine, line) }
        // Shallow: B, recorded, is entered by its default entry (B1), not as it was (B2).
        XCTAssertEqual(names(machine), ["S", "B", "B1"])
        for line in ["go", "out", "deepBack"] { try send(machine, line) }
        XCTAssertEqual(names(machine), ["S", "B", "B2"])
        XCTAssertEqual(log.log, ["history S: B B2", "history S: B B2"])
    }

    func testHistoryWithoutARecordIsTheDefaultEntry() throws {
        let (machine, log) = try make(
            nested.replacingOccurrences(of: "initial S", with: "initial O"))
        try send(machine, "back")
        XCTAssertEqual(names(machine), ["S", "A"])
        XCTAssertEqual(log.log, [])
    }

    func testHistoryThatRecordedAFinalChildIsTheDefaultEntry() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial S
                state S { initial A; state A { go -> F }; final state F; out -> O }
                state O { back -> history S }
            }
            """)
        for line in ["go", "out", "back"] { try send(machine, line) }
        XCTAssertEqual(log.log, ["history S: F"])
        XCTAssertEqual(names(machine), ["S", "A"])
    }

    func testHistoryIsRecordedBeforeAnyExitActivityAndReplacedAtEachExit() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial S
                state S { exit / outS; initial A; state A { exit / outA; go -> B }; state B; out -> O }
                state O { back -> history S }
            }
            """)
        for line in ["out", "back", "go", "out", "back"] { try send(machine, line) }
        XCTAssertEqual(log.log, ["history S: A", "outA", "outS", "outA", "history S: B", "outS"])
        XCTAssertEqual(names(machine), ["S", "B"])
    }

    func testShallowHistoryEntersARecordedChildByItsInitialHistory() throws {
        let (machine, _) = try make(
            """
            machine M {
                initial S
                state S {
                    initial B
                    state B { initial history B1; state B1 { go -> B2 }; state B2 }
                    out -> O
                }
                state O { back -> history S }
            }
            """)
        for line in ["go", "out", "back"] { try send(machine, line) }
        XCTAssertEqual(names(machine), ["S", "B", "B2"])
    }

    func testInitialHistoryIsUsedByEveryDefaultEntry() throws {
        let source = """
            machine M {
                initial Outer
                state Outer {
                    initial S
                    state S { initial history A; state A { go -> B }; state B { initial B1; state B1 { go -> B2 }; state B2 } }
                    leave -> O
                }
                state O { back -> Outer; again -> S; jump -> A }
            }
            """
        let (machine, _) = try make(source)
        XCTAssertEqual(names(machine), ["Outer", "S", "A"])  // no record yet: A
        for line in ["go", "go", "leave", "back"] { try send(machine, line) }
        // Entering Outer enters S by its default entry: its (shallow) history.
        XCTAssertEqual(names(machine), ["Outer", "S", "B", "B1"])
        for line in ["leave", "again"] { try send(machine, line) }
        XCTAssertEqual(names(machine), ["Outer", "S", "B", "B1"])
        // A transition to a state inside S is unaffected.
        for line in ["leave", "jump"] { try send(machine, line) }
        XCTAssertEqual(names(machine), ["Outer", "S", "A"])
        // `initial deep history` restores every recorded state.
        let (deep, _) = try make(source.replacingOccurrences(of: "initial history A", with: "initial deep history A"))
        for line in ["go", "go", "leave", "back"] { try send(deep, line) }
        XCTAssertEqual(names(deep), ["Outer", "S", "B", "B2"])
    }

    func testHistoryTargetFromInsideItsState() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial S
                state S { exit / outS; entry / inS; initial A; state A { go -> B }; state B { entry / inB; again -> history S } }
            }
            """)
        try send(machine, "go")
        log.log.removeAll()
        try send(machine, "again")
        // S is left (and recorded), then restored as it just was.
        XCTAssertEqual(log.log, ["history S: B", "outS", "inS", "inB"])
        XCTAssertEqual(names(machine), ["S", "B"])
    }

    func testHistoryIsRecordedPerMachineInstance() throws {
        let model = try XCTUnwrap(model(nested))
        let first = Interpreter(model: model, host: Recorder())
        let second = Interpreter(model: model, host: Recorder())
        for line in ["go", "out"] { try send(first, line) }
        try send(second, "out")
        try send(first, "back")
        try send(second, "back")
        XCTAssertEqual(names(first), ["S", "B", "B1"])
        XCTAssertEqual(names(second), ["S", "A"])
        XCTAssertEqual(first.history[0], [2, 3])
        XCTAssertEqual(second.history[0], [1])
    }

    func testHistoryIsNotRecordedForStatesWithoutHistory() throws {
        let (machine, log) = try make(
            "machine M { initial S; state S { initial A; state A; out -> O }; state O { back -> S } }")
        try send(machine, "out")
        XCTAssertEqual(log.log, [])
        XCTAssertNil(machine.history[0])
    }
}
