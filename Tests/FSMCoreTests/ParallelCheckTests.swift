import FSMCore
import TestSupport
import XCTest

/// The checks of parallel states that are warnings about what a machine does rather than errors in
/// it: a history of a parallel state (`history-of-parallel-state`) and a region's transition that
/// an earlier region's preempts (`preempted-by-region`). Diagnostics.md shows each message once;
/// these pin the rules behind them.
final class ParallelCheckTests: XCTestCase {
    /// A machine with a parallel state `P` of two regions, `A` (A1, A2) and `B` (B1, B2), the given
    /// members in A1, B1 and P, and a state `Out` that can go back to P by `target`.
    private func machine(a1: String = "", b1: String = "", p: String = "", back target: String = "P") -> String {
        """
        machine M {
            initial P
            parallel state P {
                leave -> Out
                \(p)
                state A {
                    initial A1
                    state A1 { next -> A2; \(a1) }
                    state A2 { next -> A1 }
                }
                state B {
                    initial B1
                    state B1 { next -> B2; \(b1) }
                    state B2 { next -> B1 }
                }
            }
            state Out { back -> \(target); stay -> Other }
            state Other { back -> Out }
        }
        """
    }

    // MARK: - preempted-by-region

    func testARegionLeavingElsewhereThanAnEarlierOneIsPreempted() throws {
        let source = machine(a1: "quit -> Out", b1: "quit -> Other")
        let compilation = Compilation(path: "test.fsm", text: source)
        let warning = try XCTUnwrap(compilation.diagnostics.first { $0.id == .preemptedByRegion })
        XCTAssertEqual(compilation.diagnostics.map(\.id), [.preemptedByRegion])
        XCTAssertEqual(
            warning.message,
            "this 'quit' transition is dropped whenever the one in region 'A' fires: both leave the parallel state 'P', "
                + "and the earlier region's wins")
        // At B1's transition, with a note at A1's, the one that wins.
        XCTAssertEqual(compilation.file.location(of: warning.range.start).line, 13)
        XCTAssertEqual(warning.notes.map { compilation.file.location(of: $0.range.start).line }, [8])
    }

    func testAnEarlierRegionsTransitionThatStaysInsideKeepsTheParallelStateFromBeingLeft() throws {
        let compilation = Compilation(path: "test.fsm", text: machine(a1: "quit -> A2", b1: "quit -> Out"))
        XCTAssertEqual(compilation.diagnostics.map(\.id), [.preemptedByRegion])
        XCTAssertEqual(
            compilation.diagnostics.first?.message,
            "this 'quit' transition, which leaves the parallel state 'P', is dropped whenever the one in region 'A' "
                + "fires: the earlier region's wins, and 'P' is not left")
        // What the warning says, run: quit in A1 and B1 moves A only.
        let model = try XCTUnwrap(compilation.model)
        let interpreter = Interpreter(model: model, host: InterpreterTests.Recorder())
        interpreter.start()
        XCTAssertTrue(interpreter.send(try XCTUnwrap(try EventLine.parse("quit", in: model))))
        XCTAssertEqual(interpreter.configuration.map { model.states[$0].name }, ["P", "A", "A2", "B", "B1"])
        // An internal transition exits nothing and conflicts with none; a later region's transition
        // that stays inside is not warned (leaving the parallel state ends the regions' business).
        XCTAssertEqual(diagnosticIDs(machine(a1: "quit / log", b1: "quit -> Out")), [])
        XCTAssertEqual(diagnosticIDs(machine(a1: "quit -> Out", b1: "quit -> B2")), [])
    }

    func testTheSameTargetWithoutEffectsIsTheUsualWayToLeaveFromAnyRegion() {
        XCTAssertEqual(diagnosticIDs(machine(a1: "fail -> Out", b1: "fail -> Out")), [])
        // Effects of its own would be dropped: warned.
        XCTAssertEqual(diagnosticIDs(machine(a1: "fail -> Out", b1: "fail / log -> Out")), ["preempted-by-region"])
        // The earlier region's effects are not lost: not warned.
        XCTAssertEqual(diagnosticIDs(machine(a1: "fail / log -> Out", b1: "fail -> Out")), [])
    }

    func testTransitionsThatStayInsideTheParallelStateDoNotConflict() {
        // Each stays in its region (or is internal): nothing in common is exited.
        XCTAssertEqual(diagnosticIDs(machine(a1: "tick -> A2", b1: "tick -> B2")), [])
        // The parallel state's own transition loses to a region's by the rule of the more specific
        // source, as designed: no warning.
        XCTAssertEqual(diagnosticIDs(machine(a1: "quit -> Out", p: "quit -> Other")), [])
    }

    func testAJumpIntoAnotherRegionLeavesTheParallelStateToo() {
        // A1 -> B2 re-enters P: it exits P, as B1's transition does.
        XCTAssertEqual(diagnosticIDs(machine(a1: "jump -> B2", b1: "jump -> Out")), ["preempted-by-region"])
    }

    func testEachLaterRegionIsWarnedOnceAgainstTheFirstThatLeaves() {
        let source = """
            machine M {
                initial P
                parallel state P {
                    state A { initial A1; state A1 { quit -> X } }
                    state B { initial B1; state B1 { quit -> Y } }
                    state C { initial C1; state C1 { quit -> Y } }
                }
                state X { back -> P }
                state Y { back -> P }
            }
            """
        let compilation = Compilation(path: "test.fsm", text: source)
        let warnings = compilation.diagnostics.filter { $0.id == .preemptedByRegion }
        XCTAssertEqual(warnings.map { compilation.file.location(of: $0.range.start).line }, [5, 6])
        XCTAssertEqual(warnings.flatMap { $0.notes.map { compilation.file.location(of: $0.range.start).line } }, [4, 4])
    }

    func testANestedParallelStateIsJudgedWhereTheRegionsDiffer() {
        // Inner's regions both leave Inner (and Outer's region R): warned once, at Inner.
        let source = """
            machine M {
                initial Outer
                parallel state Outer {
                    state R {
                        initial Inner
                        parallel state Inner {
                            state A { initial A1; state A1 { quit -> Done } }
                            state B { initial B1; state B1 { quit -> Other } }
                        }
                        state Done { back -> Inner }
                        state Other { back -> Inner }
                    }
                    state S { initial S1; state S1 { next -> S1 } }
                }
            }
            """
        let warnings = Compilation(path: "test.fsm", text: source).diagnostics.filter { $0.id == .preemptedByRegion }
        XCTAssertEqual(warnings.map(\.message).map { $0.contains("parallel state 'Inner'") }, [true])
    }

    // MARK: - history-of-parallel-state

    func testShallowHistoryOfAParallelStateSuggestsDeepHistory() throws {
        let compilation = Compilation(path: "test.fsm", text: machine(back: "history P"))
        XCTAssertEqual(compilation.diagnostics.map(\.id), [.historyOfParallelState])
        let warning = try XCTUnwrap(compilation.diagnostics.first)
        XCTAssertEqual(
            warning.message,
            "'P' is a parallel state: its regions are all active whenever it is, so its shallow history is the same as "
                + "'-> P'; write 'deep history' to restore the states inside its regions")
        XCTAssertEqual(warning.fixIts.map(\.replacement), ["deep history"])
        XCTAssertEqual(warning.fixIts.map(\.range), [warning.range])
        // Deep history of it restores the regions' states: no warning.
        XCTAssertEqual(diagnosticIDs(machine(back: "deep history P")), [])
    }

    func testHistoryOfAParallelStateWithSimpleRegionsIsAPlainEntry() throws {
        for history in ["history", "deep history"] {
            let source = """
                machine M {
                    initial Idle
                    state Idle { go -> \(history) P }
                    parallel state P {
                        leave -> Idle
                        state A {}
                        state B {}
                    }
                }
                """
            let compilation = Compilation(path: "test.fsm", text: source)
            // Not also deep-history-without-depth: `history` would not help either.
            XCTAssertEqual(compilation.diagnostics.map(\.id), [.historyOfParallelState], history)
            let warning = try XCTUnwrap(compilation.diagnostics.first)
            XCTAssertTrue(warning.message.hasSuffix("so its history is the same as '-> P'; write that"), warning.message)
            // The fix-it replaces the whole target by the state's name.
            XCTAssertEqual(warning.fixIts.map(\.replacement), ["P"])
            XCTAssertEqual(compilation.file.location(of: warning.range.start).column, 24)
            XCTAssertEqual(warning.range.end - warning.range.start, "\(history) P".count)
        }
    }

    func testTheShallowHistoryOfAParallelStateIsTheDefaultEntry() throws {
        // What the warning says, run: A2 is not restored by `history P`, and is by `deep history P`.
        for (history, expected) in [("history P", "A1"), ("deep history P", "A2")] {
            let model = try XCTUnwrap(TestSupport.model(machine(back: history)))
            let interpreter = Interpreter(model: model, host: InterpreterTests.Recorder())
            interpreter.start()
            for event in ["next", "leave", "back"] {
                XCTAssertTrue(interpreter.send(try XCTUnwrap(try EventLine.parse(event, in: model))))
            }
            let names = interpreter.configuration.map { model.states[$0].name }
            XCTAssertTrue(names.contains(expected), "\(history): \(names)")
        }
    }
}
