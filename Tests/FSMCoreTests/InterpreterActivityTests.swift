import FSMCore
import TestSupport
import XCTest

/// The interpreter's activities (`do /`) and `catch` transitions (section 4f), one sentence of the
/// contract at a time.
final class InterpreterActivityTests: XCTestCase {
    /// Logs entries, exits, actions, guards, timers, completions, raised and queued events and every
    /// activity step; answers guards from scripts (then false); lets chosen actions send events.
    final class Tracer: InterpreterHost {
        var log: [String] = []
        var guards: [String: [Bool]] = [:]
        var sends: [String: EventOccurrence] = [:]

        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            let answer = guards[guardCall.name]?.isEmpty == false ? guards[guardCall.name]!.removeFirst() : false
            log.append("guard \(guardCall) = \(answer)")
            return answer
        }

        func perform(_ action: Invocation, interpreter: Interpreter) {
            log.append(action.description)
            if let occurrence = sends[action.name] { interpreter.send(occurrence) }
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            let model = interpreter.model
            let name = { model.states[$0].name }
            switch step {
            case .entering(let state): log.append("enter \(name(state))")
            case .exiting(let state): log.append("exit \(name(state))")
            case .completed(let state): log.append("completes \(name(state))")
            case .completionSkipped(let state): log.append("skipped \(name(state))")
            case .completionDropped(let state): log.append("dropped \(name(state))")
            case .fired(let transition):
                log.append("fire \(transition.source.map(name) ?? "machine") -> \(transition.target.state.map(name) ?? "")")
            case .finished: log.append("finished")
            case .dequeued(let occurrence): log.append("queued \(occurrence.description(in: model))")
            case .raisedDequeued(let occurrence): log.append("raised \(occurrence.description(in: model))")
            case .timerCancelled(let timed): log.append("cancel timer of \(timed.source.map(name) ?? "machine")")
            case .activityStarted(let state, let call): log.append("start \(name(state)): \(call)")
            case .activityCancelled(let state, let started): log.append("cancel \(name(state))" + (started ? "" : " (pending)"))
            case .activityDone(let state): log.append("done \(name(state))")
            case .activityFailed(let state, let error): log.append("failed \(name(state)): \(error)")
            case .errorDropped(let state): log.append("error dropped \(name(state))")
            default: break
            }
        }

        /// The log since the last call.
        @discardableResult
        func take() -> [String] {
            defer { log = [] }
            return log
        }
    }

    private func make(_ source: String) throws -> (Interpreter, Tracer) {
        let model = try XCTUnwrap(model(source))
        let tracer = Tracer()
        return (Interpreter(model: model, host: tracer), tracer)
    }

    private func index(_ name: String, _ interpreter: Interpreter) throws -> Int {
        try XCTUnwrap(interpreter.model.states.firstIndex { $0.name == name })
    }

    private func event(_ name: String, _ interpreter: Interpreter) throws -> EventOccurrence {
        EventOccurrence(event: try XCTUnwrap(interpreter.model.events.firstIndex { $0.name == name }))
    }

    private func running(_ interpreter: Interpreter) -> [String] {
        interpreter.runningActivities.map { interpreter.model.states[$0].name }
    }

    // MARK: Starting

    /// Entering a state makes its activity pending, after its entry activities and timers; it
    /// starts at the end of the step, once the internal queue is empty.
    func testAnActivityStartsAfterTheStepAndItsInternalQueue() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    entry / hello, raise ping
                    do / work(quality: 720)
                    after 1s -> A
                    ping / pong
                }
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "hello", "raised ping", "fire A -> ", "pong", "start A: work(quality: 720)"])
        XCTAssertEqual(running(machine), ["A"])
        XCTAssertEqual(machine.activities[try index("A", machine)], .running)
    }

    /// Each step of a run starts its own: the activity entered by an event starts before the event
    /// its actions queued is processed.
    func testEachQueuedEventIsAStepOfItsOwn() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial Idle
                state Idle { go / kick -> A }
                state A { do / work; next -> B }
                state B { do / other }
            }
            """)
        machine.start()
        log.sends["kick"] = try event("next", machine)
        log.take()
        machine.send(try event("go", machine))
        XCTAssertEqual(
            log.take(),
            [
                "fire Idle -> A", "exit Idle", "kick", "enter A", "start A: work",
                "queued next", "fire A -> B", "exit A", "cancel A", "enter B", "start B: other",
            ])
        XCTAssertEqual(running(machine), ["B"])
    }

    /// Several activities entered in one step start in the document order of their states.
    func testActivitiesStartInDocumentOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    do / outer
                    state R1 { initial A; state A { do / first } }
                    state R2 { do / second; initial B; state B }
                }
            }
            """)
        machine.start()
        XCTAssertEqual(log.take().filter { $0.hasPrefix("start") }, ["start P: outer", "start A: first", "start R2: second"])
        XCTAssertEqual(running(machine), ["P", "A", "R2"])
    }

    /// A state entered and left in the same step never starts its activity: it is cancelled while
    /// pending.
    func testAStateLeftInTheStepThatEnteredItNeverStartsItsActivity() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { entry / raise leave; do / work; leave -> B }
                state B
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "raised leave", "fire A -> B", "exit A", "cancel A (pending)", "enter B"])
        XCTAssertEqual(running(machine), [])
        XCTAssertEqual(machine.activities, [:])
    }

    // MARK: Cancelling

    /// Exiting a state cancels its running activity after its timers, before its exit activities;
    /// entering it again makes a new activity, the only one that counts.
    func testExitCancelsTheActivityBeforeTheExitActivities() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { exit / bye; do / work; after 5s -> B; again -> A; leave -> B }
                state B { back -> A }
            }
            """)
        machine.start()
        log.take()
        machine.send(try event("again", machine))
        XCTAssertEqual(
            log.take(), ["fire A -> A", "exit A", "cancel timer of A", "cancel A", "bye", "enter A", "start A: work"])
        XCTAssertEqual(running(machine), ["A"])
        machine.send(try event("leave", machine))
        XCTAssertEqual(log.take(), ["fire A -> B", "exit A", "cancel timer of A", "cancel A", "bye", "enter B"])
        XCTAssertEqual(running(machine), [])
    }

    /// A done activity is not cancelled when its state is exited: it is over.
    func testADoneActivityIsNotCancelled() throws {
        let (machine, log) = try make(
            "machine M {\n initial A\n state A { do / work; leave -> B }\n state B\n}")
        machine.start()
        machine.finishActivity(of: try index("A", machine))
        log.take()
        machine.send(try event("leave", machine))
        XCTAssertEqual(log.take(), ["fire A -> B", "exit A", "enter B"])
    }

    // MARK: Done

    /// A simple state with an activity does not complete on entry; its activity's return is a step
    /// of its own in which it completes, with the completions, queued events and activities it
    /// causes.
    func testASimpleStateCompletesWhenItsActivityReturns() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { do / work; [ok] / note -> B; -> C }
                state B { entry / kick; do / other; poke / poked }
                state C
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "start A: work"])
        log.guards["ok"] = [true]
        log.sends["kick"] = try event("poke", machine)
        machine.finishActivity(of: try index("A", machine))
        XCTAssertEqual(
            log.take(),
            [
                "done A", "completes A", "guard ok = true", "fire A -> B", "exit A", "note", "enter B", "kick",
                "start B: other", "queued poke", "fire B -> ", "poked",
            ])
        XCTAssertFalse(machine.isRunning)
        XCTAssertEqual(running(machine), ["B"])
    }

    /// A composite state with an activity completes when its activity has returned and a final child
    /// is active, whichever comes last.
    func testACompositeStateCompletesWhenBothItsActivityAndItsFinalChildAreDone() throws {
        let source = """
            machine M {
                initial C
                state C {
                    do / work
                    initial X
                    state X { go -> F }
                    final state F
                    -> Out
                }
                state Out { back -> C }
            }
            """
        // The final child first: nothing completes until the activity returns.
        let (machine, log) = try make(source)
        machine.start()
        machine.send(try event("go", machine))
        XCTAssertFalse(log.take().contains("completes C"))
        machine.finishActivity(of: try index("C", machine))
        XCTAssertEqual(log.take(), ["done C", "completes C", "fire C -> Out", "exit F", "exit C", "enter Out"])
        // The activity first: the final child's entry completes it.
        machine.send(try event("back", machine))
        machine.finishActivity(of: try index("C", machine))
        XCTAssertEqual(log.take().suffix(1), ["done C"])
        machine.send(try event("go", machine))
        XCTAssertEqual(
            log.take(), ["fire X -> F", "exit X", "enter F", "completes C", "fire C -> Out", "exit F", "exit C", "enter Out"])
    }

    /// A region with an activity counts as complete for its parallel state only once its activity
    /// is done; its return then completes it and, in turn, the parallel state.
    func testADoneActivityCompletesTheParallelStateAbove() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 { initial F1; final state F1 }
                    state R2 { do / work; initial F2; final state F2 }
                    -> Out
                }
                state Out
            }
            """)
        machine.start()
        XCTAssertFalse(log.take().contains("completes P"))
        machine.finishActivity(of: try index("R2", machine))
        XCTAssertEqual(
            log.take(),
            ["done R2", "completes P", "fire P -> Out", "exit F2", "exit R2", "exit F1", "exit R1", "exit P", "enter Out"])
    }

    /// A parallel state with an activity completes when its regions are complete only once its
    /// activity is done: at its return when the regions completed first.
    func testAParallelStateWithAnActivityWaitsForIt() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    do / work
                    state R1 { initial F1; final state F1 }
                    state R2 { initial F2; final state F2 }
                    -> Out
                }
                state Out
            }
            """)
        machine.start()
        XCTAssertFalse(log.take().contains("completes P"))
        machine.finishActivity(of: try index("P", machine))
        XCTAssertEqual(log.take().prefix(3), ["done P", "completes P", "fire P -> Out"])
    }

    /// A pending completion of a state whose activity is not done, entered again since, is skipped
    /// when its turn comes.
    func testACompletionIsSkippedWhenItsStateWasEnteredAgainSince() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial C
                state C {
                    do / work
                    initial X
                    state X { go / raise again -> F }
                    final state F
                    -> Out
                }
                state Out
                again -> F
            }
            """)
        machine.start()
        machine.finishActivity(of: try index("C", machine))
        log.take()
        machine.send(try event("go", machine))
        XCTAssertEqual(
            log.take(),
            [
                "fire X -> F", "exit X", "enter F", "raised again", "fire machine -> F", "exit F", "exit C", "enter C",
                "enter F", "skipped C", "start C: work",
            ])
        XCTAssertTrue(machine.isIn(try index("C", machine)))
    }

    // MARK: Thrown

    /// When the activity throws, the state's `catch` transitions are tried in order, `error` bound
    /// to what it threw; the first that holds fires as a transition from the state.
    func testTheFirstCatchWhoseGuardHoldsFires() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial Loading
                state Loading {
                    entry / spin
                    exit / stop
                    do / fetch
                    catch [isOffline(error)] -> Offline
                    catch [isBusy(e: error)] / report(error), note(text: "busy")
                    catch / report(error) -> Failed
                    retry -> Loading
                }
                state Offline
                state Failed
            }
            """)
        machine.start()
        log.take()
        log.guards = ["isOffline": [false], "isBusy": [true]]
        let loading = try index("Loading", machine)
        machine.failActivity(of: loading, with: .error("busy"))
        XCTAssertEqual(
            log.take(),
            [
                "failed Loading: busy", "guard isOffline(error: busy) = false", "guard isBusy(e: busy) = true",
                "fire Loading -> ", "report(error: busy)", "note(text: \"busy\")",
            ])
        // An internal catch leaves the state active, its activity over: it is not running, and its
        // state does not complete until entered again.
        XCTAssertTrue(machine.isIn(loading))
        XCTAssertEqual(running(machine), [])
        XCTAssertNil(machine.activities[loading])
        machine.send(try event("retry", machine))
        log.take()
        log.guards = ["isOffline": [true]]
        machine.failActivity(of: loading, with: .error("offline"))
        XCTAssertEqual(
            log.take(),
            [
                "failed Loading: offline", "guard isOffline(error: offline) = true", "fire Loading -> Offline", "exit Loading",
                "stop", "enter Offline",
            ])
    }

    /// When no `catch` holds (or the state has none), the error is dropped and the state stays
    /// active; a composite whose activity threw does not complete when its final child is entered.
    func testAnErrorNoCatchTakesIsDroppedAndTheStateNeverCompletes() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial C
                state C {
                    do / work
                    catch [isOffline(error)] -> Out
                    initial X
                    state X { go -> F }
                    final state F
                    -> Out
                }
                state Out
            }
            """)
        machine.start()
        log.take()
        let c = try index("C", machine)
        machine.failActivity(of: c, with: .error("disk"))
        XCTAssertEqual(log.take(), ["failed C: disk", "guard isOffline(error: disk) = false", "error dropped C"])
        machine.send(try event("go", machine))
        XCTAssertEqual(log.take(), ["fire X -> F", "exit X", "enter F"])
        XCTAssertTrue(machine.isIn(try index("F", machine)))
    }

    /// What a catch's effects raise may pass `error` on.
    func testACatchRaisesWithTheError() throws {
        let (machine, log) = try make(
            """
            machine M {
                event failed(reason: any Error)
                initial A
                state A { do / work; catch / raise failed(reason: error); failed / log(e: reason) }
            }
            """)
        machine.start()
        log.take()
        machine.failActivity(of: try index("A", machine), with: .error("boom"))
        XCTAssertEqual(log.take(), ["failed A: boom", "fire A -> ", "raised failed(reason: boom)", "fire A -> ", "log(e: boom)"])
    }
}
