import FSMCore
import TestSupport
import XCTest

/// The interpreter's virtual time, timed transitions (section 4d) and raised events (section 4e),
/// one sentence of the contract at a time.
final class InterpreterTimeTests: XCTestCase {
    /// Logs entries, exits, actions (with the time when `stampsActions`), guards, timers, raised
    /// and queued events and unhandled ones; answers guards from scripts (then false) and delays
    /// from a table; lets chosen actions send events.
    final class Tracer: InterpreterHost {
        var log: [String] = []
        var guards: [String: [Bool]] = [:]
        var delays: [String: [Int]] = [:]
        var sends: [String: EventOccurrence] = [:]
        var stampsActions = false

        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            let answer = guards[guardCall.name]?.isEmpty == false ? guards[guardCall.name]!.removeFirst() : false
            log.append("guard \(guardCall) = \(answer)")
            return answer
        }

        func perform(_ action: Invocation, interpreter: Interpreter) {
            log.append(action.description + (stampsActions ? "@" + DurationLiteral.text(nanoseconds: interpreter.now) : ""))
            if let occurrence = sends[action.name] { interpreter.send(occurrence) }
        }

        func delay(_ name: String, interpreter: Interpreter) -> Int {
            let answer = delays[name]!.count > 1 ? delays[name]!.removeFirst() : delays[name]![0]
            log.append("delay \(name) = \(DurationLiteral.text(nanoseconds: answer))")
            return answer
        }

        func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {
            log.append("unhandled \(occurrence.description(in: interpreter.model)) in \(interpreter.model.states[state].name)")
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            let model = interpreter.model
            let name = { model.states[$0].name }
            func timer(_ timed: Model.TimedTransition) -> String {
                let delay =
                    switch timed.delay {
                    case .literal(_, let text): text
                    case .named(let name): name
                    }
                return "\(timed.source.map(name) ?? "machine") \(timed.kind.rawValue) \(delay)"
            }
            switch step {
            case .entering(let state): log.append("enter \(name(state))")
            case .exiting(let state): log.append("exit \(name(state))")
            case .completed(let state): log.append("completes \(name(state))")
            case .finished: log.append("finished")
            case .dequeued(let occurrence): log.append("queued \(occurrence.description(in: model))")
            case .timerArmed(let timed, let deadline):
                log.append("arm \(timer(timed)) due \(DurationLiteral.text(nanoseconds: deadline))")
            case .timerCancelled(let timed): log.append("cancel \(timer(timed))")
            case .timeout(let timed):
                log.append("timeout \(timer(timed)) at \(DurationLiteral.text(nanoseconds: interpreter.now))")
            case .timeoutIgnored(let timed): log.append("ignored \(timer(timed))")
            case .raised(let occurrence): log.append("raise \(occurrence.description(in: model))")
            case .raisedDequeued(let occurrence): log.append("raised \(occurrence.description(in: model))")
            default: break
            }
        }

        /// The log since the last call.
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

    private func send(_ machine: Interpreter, _ line: String) throws {
        machine.send(try XCTUnwrap(try EventLine.parse(line, in: machine.model)))
    }

    private func name(_ machine: Interpreter) -> String { machine.model.states[machine.state].name }

    private let ms = 1_000_000
    private let second = 1_000_000_000

    // MARK: 4d

    /// Arming: after the entry activities, in the order written, deadline now + D; due only at the deadline.
    func testTimersAreArmedAfterEntryActivitiesInWrittenOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    entry / hello
                    after 2s -> B
                    after 1s / early
                }
                state B {}
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "hello", "arm A after 2s due 2s", "arm A after 1s due 1s"])
        machine.advance(by: 999 * ms)
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(machine.now, 999 * ms)
        machine.advance(by: 1001 * ms)
        XCTAssertEqual(log.take(), ["timeout A after 1s at 1s", "early", "timeout A after 2s at 2s", "exit A", "enter B"])
        XCTAssertEqual(name(machine), "B")
        XCTAssertEqual(machine.now, 2 * second)
    }

    /// Cancelling before the exit activities; re-entering a state arms its timers again with the full delay.
    func testReEntryCancelsBeforeExitActivitiesAndRestartsTheTimer() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    exit / leave
                    after 2s -> B
                    again -> A
                }
                state B {}
            }
            """)
        machine.start()
        machine.advance(by: 1500 * ms)
        _ = log.take()
        try send(machine, "again")
        XCTAssertEqual(log.take(), ["exit A", "cancel A after 2s", "leave", "enter A", "arm A after 2s due 3.5s"])
        machine.advance(by: 1999 * ms)
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(name(machine), "A")
        machine.advance(by: 1 * ms)
        // The timer that fired is no longer armed: nothing to cancel.
        XCTAssertEqual(log.take(), ["timeout A after 2s at 3.5s", "exit A", "leave", "enter B"])
    }

    /// A transition in one region never cancels the timers of a state in another region it does not exit.
    func testATransitionInOneRegionLeavesAnotherRegionsTimerAlone() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        initial X
                        state X { after 1s / tick }
                    }
                    state R2 {
                        initial Y
                        state Y { go -> Z }
                        state Z {}
                    }
                }
            }
            """)
        machine.start()
        machine.advance(by: 500 * ms)
        _ = log.take()
        try send(machine, "go")
        XCTAssertEqual(log.take(), ["exit Y", "enter Z"])
        machine.advance(by: 500 * ms)
        XCTAssertEqual(log.take(), ["timeout X after 1s at 1s", "tick"])
    }

    /// Machine-level timers are armed at start, before the initial states are entered; timers with
    /// the same deadline time out in the order they were armed, a later arming after.
    func testMachineTimersFirstAndTiesInArmingOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                event nothing
                after 1s / machineFirst
                state A {
                    after 1s / first
                    after 1s / second
                    after 500ms -> B
                }
                state B { after 500ms / last }
            }
            """)
        machine.start()
        XCTAssertEqual(
            log.take(),
            [
                "arm machine after 1s due 1s", "enter A", "arm A after 1s due 1s", "arm A after 1s due 1s",
                "arm A after 500ms due 500ms",
            ])
        machine.advance(by: 400 * ms)
        try send(machine, "nothing")
        _ = log.take()
        machine.advance(by: 600 * ms)
        XCTAssertEqual(
            log.take(),
            [
                "timeout A after 500ms at 500ms", "exit A", "cancel A after 1s", "cancel A after 1s", "enter B",
                "arm B after 500ms due 1s", "timeout machine after 1s at 1s", "machineFirst", "timeout B after 500ms at 1s",
                "last",
            ])
    }

    /// Ties between timers armed in one step come in arming order: first, then second.
    func testTiesWithinAStepInWrittenOrder() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    after 1s / first
                    after 1s / second
                }
            }
            """)
        machine.start()
        machine.advance(by: second)
        XCTAssertEqual(
            log.take().filter { !$0.hasPrefix("arm") && !$0.hasPrefix("enter") },
            [
                "timeout A after 1s at 1s", "first", "timeout A after 1s at 1s", "second",
            ])
    }

    /// A zero delay is due at once, but only an advance processes it (even by zero), not start or an
    /// event; a zero-delay timer armed by a timeout comes in the same advance.
    func testZeroDelayWaitsForAnAdvance() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                event poke
                state A { after 0s -> B }
                state B { after 0ms / inB }
            }
            """)
        machine.start()
        try send(machine, "poke")
        XCTAssertEqual(name(machine), "A")
        _ = log.take()
        machine.advance(by: 0)
        XCTAssertEqual(
            log.take(),
            ["timeout A after 0s at 0s", "exit A", "enter B", "arm B after 0ms due 0s", "timeout B after 0ms at 0s", "inB"])
        XCTAssertEqual(name(machine), "B")
    }

    /// The guard is evaluated when the timer fires; when it does not hold nothing happens, the
    /// timeout is not unhandled, and an `after` never fires again in that entry.
    func testAGuardFalseAtFireTimeDoesNothing() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { after 1s [ready] -> B }
                state B {}
            }
            """)
        machine.start()
        _ = log.take()
        machine.advance(by: 5 * second)
        XCTAssertEqual(log.take(), ["timeout A after 1s at 1s", "guard ready = false", "ignored A after 1s"])
        XCTAssertEqual(name(machine), "A")
        XCTAssertTrue(machine.timers.isEmpty)
    }

    /// `every` re-arms at its previous deadline + D, with no drift, after the timeout's effects;
    /// several ticks in one advance, each with now at its deadline; whether or not its guard held.
    func testEveryTicksWithoutDriftSeveralTimesInOneAdvance() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A { every 300ms [on] / tick, raise ticked }
                event ticked
            }
            """)
        log.stampsActions = true
        log.guards["on"] = [true, false, true]
        machine.start()
        _ = log.take()
        machine.advance(by: second)
        XCTAssertEqual(
            log.take(),
            [
                "timeout A every 300ms at 300ms", "guard on = true", "tick@300ms", "raise ticked", "arm A every 300ms due 600ms",
                "raised ticked", "unhandled ticked in A",
                "timeout A every 300ms at 600ms", "guard on = false", "ignored A every 300ms", "arm A every 300ms due 900ms",
                "timeout A every 300ms at 900ms", "guard on = true", "tick@900ms", "raise ticked", "arm A every 300ms due 1.2s",
                "raised ticked", "unhandled ticked in A",
            ])
        XCTAssertEqual(machine.now, second)
        log.guards["on"] = [true]
        machine.advance(by: 200 * ms)
        XCTAssertEqual(log.take().filter { $0.hasPrefix("tick") }, ["tick@1.2s"])
    }

    /// A named delay is asked at each arming (a re-armed `every` included); a negative one counts as
    /// zero; for `every`, one that is not positive stops the interpreter at the `every`.
    func testNamedDelaysAreAskedAtEachArming() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    after backoff -> B
                    every period / tick
                }
                state B { after backoff -> A }
            }
            """)
        log.delays = ["backoff": [-5 * second, 2 * second], "period": [1 * second, 3 * second, 0]]
        machine.start()
        XCTAssertEqual(
            log.take(),
            ["enter A", "delay backoff = -5s", "arm A after backoff due 0s", "delay period = 1s", "arm A every period due 1s"])
        machine.advance(by: 0)
        XCTAssertEqual(
            log.take(),
            [
                "timeout A after backoff at 0s", "exit A", "cancel A every period", "enter B", "delay backoff = 2s",
                "arm B after backoff due 2s",
            ])
        machine.advance(by: 2 * second)
        XCTAssertEqual(
            log.take(),
            [
                "timeout B after backoff at 2s", "exit B", "enter A", "delay backoff = 2s", "arm A after backoff due 4s",
                "delay period = 3s", "arm A every period due 5s",
            ])
        machine.advance(by: 1 * second)
        _ = log.take()
        machine.advance(by: 10 * second)
        XCTAssertEqual(log.take().last, "delay period = 0s")
        XCTAssertEqual(machine.failure?.message, "'every period': the delay 'period' is 0s, not positive")
        XCTAssertNotNil(machine.failure?.range)
    }

    /// When the machine finishes every timer is cancelled, the machine's included; nothing fires after.
    func testAFinishedMachineCancelsEveryTimer() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                every 1s / machineTick
                state A {
                    after 5s / late
                    done -> F
                }
                final state F
            }
            """)
        machine.start()
        _ = log.take()
        try send(machine, "done")
        XCTAssertEqual(log.take(), ["exit A", "cancel A after 5s", "enter F", "finished", "cancel machine every 1s"])
        XCTAssertTrue(machine.timers.isEmpty)
        machine.advance(by: 10 * second)
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(machine.now, 10 * second)
    }

    /// Before start nothing is armed: time only moves, and start counts from there.
    func testAdvanceBeforeStartOnlyMovesTime() throws {
        let (machine, log) = try make("machine M {\n    initial A\n    state A { after 1s / tick }\n}\n")
        machine.advance(by: 3 * second)
        XCTAssertEqual(log.take(), [])
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "arm A after 1s due 4s"])
    }

    /// Timers of zero delay that keep arming one another stop the interpreter at one instant.
    func testEndlessZeroDelayTimeoutsStop() throws {
        let (machine, _) = try make("machine M {\n    initial A\n    state A { after 0s -> A }\n}\n")
        machine.start()
        machine.advance(by: second)
        XCTAssertEqual(machine.failure, .endlessTimeouts(at: try XCTUnwrap(machine.model.states[0].timedTransitions.first).range))
        XCTAssertEqual(machine.now, 0)
    }

    // MARK: 4e

    /// A raise in an entry activity comes before the completion of that state (appended when it runs).
    func testARaiseInAnEntryComesBeforeTheStatesCompletion() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    entry / raise ping
                    ping / pong
                    -> B
                }
                state B {}
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "raise ping", "raised ping", "pong", "completes A", "exit A", "enter B"])
    }

    /// A completion that arose before a raise is handled first: one first-in, first-out queue.
    func testACompletionQueuedBeforeARaiseComesFirst() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial P
                parallel state P {
                    state R1 {
                        initial X
                        state X { -> X2 }
                        state X2 { ping / pong }
                    }
                    state R2 {
                        initial Y
                        state Y { entry / raise ping }
                    }
                }
            }
            """)
        machine.start()
        XCTAssertEqual(
            log.take(),
            [
                "enter P", "enter R1", "enter X", "enter R2", "enter Y", "raise ping", "completes X", "exit X", "enter X2",
                "raised ping", "pong",
            ])
    }

    /// An event sent from an action is external: processed after the internal queue is empty, raised
    /// events caused meanwhile included.
    func testAnEventSentFromAnActionWaitsBehindRaisedEvents() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                event first(n: Int)
                state A {
                    go / notify, raise first(n: 1)
                    first / raise second
                    second / gotSecond
                    outside / gotOutside
                }
            }
            """)
        machine.start()
        log.sends["notify"] = try XCTUnwrap(try EventLine.parse("outside", in: machine.model))
        _ = log.take()
        try send(machine, "go")
        XCTAssertEqual(
            log.take(),
            [
                "notify", "raise first(n: 1)", "raised first(n: 1)", "raise second", "raised second", "gotSecond",
                "queued outside", "gotOutside",
            ])
    }

    /// A raised event nothing handles is unhandled, with the hook; one still queued when the machine
    /// finishes is unhandled too.
    func testUnhandledRaisedEvents() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    entry / raise nobody
                    done / raise late -> F
                }
                final state F
            }
            """)
        machine.start()
        XCTAssertEqual(log.take(), ["enter A", "raise nobody", "raised nobody", "unhandled nobody in A"])
        try send(machine, "done")
        XCTAssertEqual(log.take(), ["exit A", "raise late", "enter F", "finished", "raised late", "unhandled late in F"])
    }

    /// The raised event's arguments are evaluated when its action runs, from the event being handled.
    func testARaisedEventCarriesTheArgumentsOfTheEventHandled() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                event put(code: String)
                event echo(text: String, times: Double)
                state A {
                    put / raise echo(text: code, times: 2)
                    echo / say(text: text, times: times)
                }
            }
            """)
        machine.start()
        try send(machine, #"put code="x""#)
        XCTAssertEqual(log.take().last, #"say(text: "x", times: 2.0)"#)
    }

    /// An endless cycle of raises stops the interpreter at the raise, as endless completions do.
    func testAnEndlessRaiseCycleStops() throws {
        let (machine, log) = try make(
            """
            machine M {
                initial A
                state A {
                    entry / raise ping
                    ping / raise ping
                }
            }
            """)
        machine.start()
        let raise = try XCTUnwrap(machine.model.allRaises.last)
        XCTAssertEqual(machine.failure, .endlessRaisedEvents("ping", at: raise.range))
        XCTAssertEqual(log.log.filter { $0 == "raised ping" }.count, Interpreter.completionLimit)
        XCTAssertFalse(machine.send(try XCTUnwrap(try EventLine.parse("ping", in: machine.model))))
    }
}
