import FSMCore
import XCTest

/// End-to-end tests of what language version 3 adds for time to the generated Swift: timed
/// transitions (section 4d) and raised events (4e), one test per rule. The machines are compiled and
/// run in the one program of ``SwiftEmitterTests``; their drivers use manual timing, but for the
/// clock scenario, which drives a test clock of its own.
extension SwiftEmitterTests {
    /// Arming after the entry activities, outer before inner and in the order written; ties in that
    /// order; a named delay asked at each arming, a negative one counting as zero; `start()` and
    /// event methods never process a timeout, even one due at once; `advanceTime(by: .zero)` does.
    func testTimersAreArmedInOrderAndTimeMovesOnlyInAdvanceTime() throws {
        try expect(
            "timeOrder",
            """
            nextTimeout before start: nil
            enter Outer
            enter Inner
            delay asked: -5s
            started, nextTimeout: 0.0 seconds
            poke
            poke -> true
            zero fired
            after .zero, nextTimeout: 1.0 seconds
            outer 1s
            inner 1s
            inner 1s (second)
            at 1s, nextTimeout: nil
            """)
    }

    /// Re-entering a state restarts its timers with the full delay; leaving it cancels them; a guard
    /// false at the timeout leaves the state where it is and the `after` never fires again; a timer
    /// at the machine's top level is armed by `start()` before the initial states are entered; a
    /// finished machine has no timer left.
    func testReentryRestartsAndExitCancelsTimers() throws {
        try expect(
            "timeReentry",
            """
            machine delay asked
            enter Idle
            enter Waiting
            exit Waiting
            enter Waiting
            at 2s: Waiting, nextTimeout: 2.0 seconds
            machine tick
            machine delay asked
            at 4s: Waiting, nextTimeout: 1.0 seconds
            ring? false
            at 5s: Waiting, nextTimeout: 3.0 seconds
            exit Waiting
            enter Waiting
            machine tick
            machine delay asked
            ring? true
            exit Waiting
            rang
            enter Done
            at 8s: Done, finished: true, nextTimeout: nil
            successors of Waiting: done waiting
            """)
    }

    /// `every` without drift: armed again from its deadline (after the timeout's effects, its
    /// named delay asked again), ten ticks in one second of `advanceTime`, each at its deadline,
    /// whether or not its guard held; a timer armed by a timeout's step counts from its deadline.
    func testEveryTicksWithoutDriftInsideOneAdvance() throws {
        try expect(
            "timeEvery",
            """
            keep? 1 true
            tick
            keep? 2 true
            tick
            keep? 3 true
            tick
            keep? 4 true
            tick
            keep? 5 false
            keep? 6 true
            tick
            keep? 7 true
            tick
            keep? 8 true
            tick
            keep? 9 true
            tick
            keep? 10 true
            tick
            at 1s: Running, period asked 11 times, nextTimeout: 0.1 seconds
            lapped
            enter Lapped
            at 1.1s: Lapped, nextTimeout: 0.25 seconds
            """)
    }

    /// A transition in one region leaves the other region's timer alone; leaving the parallel
    /// state cancels both.
    func testRegionTransitionLeavesTheOtherRegionsTimer() throws {
        try expect(
            "timeRegions",
            """
            at 1s: A2 B1, nextTimeout: 1.0 seconds
            b timeout at 2s
            at 2s: A2 B2
            a2 timeout at 3s
            at 3s: Off, nextTimeout: nil
            """)
    }

    /// Raised events share one first-in, first-out queue with completions: an event raised on entry
    /// comes before the state's completion; a raised event comes before an event sent from outside
    /// by an action, which waits for the internal queue; one still queued when the machine finishes
    /// is unhandled.
    func testRaisedEventsAndCompletionsShareOneQueue() throws {
        try expect(
            "raise",
            """
            enter Boot
            raised ready (before the completion)
            enter Main
            effect, raise and send
            raised first: 3
            sent later
            go -> true, at Main
            unhandled late in End
            stop -> true
            finished: true
            """)
    }

    /// With the clock: timeouts come by themselves on the main actor, never before their deadline;
    /// a firing that comes after its state was left is discarded (the test clock's sleep returns
    /// only when the test says, after the state was exited and entered again); a machine that is
    /// released cancels the tasks of its timers.
    func testClockTimeoutsComeByThemselvesAndLateOnesAreDiscarded() throws {
        try expect(
            "timeClock",
            """
            sleepers: 1
            left and back: Armed, sleepers: 2
            woke the first sleeper: Armed
            woke at the new deadline: Rang
            released: true, its timer's task cancelled: true
            """)
    }

    /// A machine with one active leaf, history and timers (its states' entries take the machine, so
    /// the entry by history is copied in its variant): a timer leads into history, the states
    /// entered by it arm their timers and raise their events again.
    func testTimersAndRaisedEventsOfStatesEnteredByHistory() throws {
        try expect(
            "timeHistory",
            """
            pinged
            at 1s: A2
            pinged
            at 3s: A2
            at 4s: B, nextTimeout: 2.0 seconds
            """)
    }

    static var timeScenarios: [Scenario] {
        [
            Scenario(name: "timeHistory", machines: [(timeHistory, .internal)], driver: timeHistoryDriver),
            Scenario(name: "timeOrder", machines: [(timeOrder, .internal)], driver: timeOrderDriver),
            Scenario(name: "timeReentry", machines: [(timeReentry, .internal)], driver: timeReentryDriver),
            Scenario(name: "timeEvery", machines: [(timeEvery, .internal)], driver: timeEveryDriver),
            Scenario(name: "timeRegions", machines: [(timeRegions, .internal)], driver: timeRegionsDriver),
            Scenario(name: "raise", machines: [(raise, .internal)], driver: raiseDriver),
            Scenario(name: "timeClock", machines: [(timeClock, .internal)], driver: timeClockDriver, isAsync: true),
        ]
    }

    static let timeHistory = """
        machine TimeHistory {
            initial A
            state A {
                initial A1
                state A1 { after 1s -> A2 }
                state A2 {
                    entry / raise ping
                    ping / pinged
                    after 1s -> B
                }
                out -> B
            }
            state B {
                after 2s -> history A
            }
        }
        """

    static let timeHistoryDriver = """
        @MainActor final class TimeHistoryLog: TimeHistoryActions {
            let t = Transcript()
            func pinged() { t.add("pinged") }
        }

        @MainActor func run_timeHistory() -> [String] {
            let log = TimeHistoryLog()
            let machine = TimeHistory(actions: log, timing: .manual)
            machine.start()
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 1s: \\(machine.state.rawValue)")
            machine.out()
            machine.advanceTime(by: .seconds(2))
            log.t.add("at 3s: \\(machine.state.rawValue)")
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 4s: \\(machine.state.rawValue), nextTimeout: \\(describe(machine.nextTimeout))")
            return log.t.lines
        }
        """

    static let timeOrder = """
        machine TimeOrder {
            initial Outer
            state Outer {
                entry / log(s: "enter Outer")
                after 1s / log(s: "outer 1s")
                initial Inner
                state Inner {
                    entry / log(s: "enter Inner")
                    after 1s / log(s: "inner 1s")
                    after 1s / log(s: "inner 1s (second)")
                    after late / log(s: "zero fired")
                    poke / log(s: "poke")
                }
            }
        }
        """

    static let timeOrderDriver = """
        @MainActor final class TimeOrderLog: TimeOrderActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
            func late() -> Duration { t.add("delay asked: -5s"); return .seconds(-5) }
        }

        @MainActor func describe(_ timeout: Duration?) -> String { timeout.map { "\\($0)" } ?? "nil" }

        @MainActor func run_timeOrder() -> [String] {
            let log = TimeOrderLog()
            let machine = TimeOrder(actions: log, timing: .manual)
            log.t.add("nextTimeout before start: \\(describe(machine.nextTimeout))")
            machine.start()
            log.t.add("started, nextTimeout: \\(describe(machine.nextTimeout))")
            log.t.add("poke -> \\(machine.poke())")
            machine.advanceTime(by: .zero)
            log.t.add("after .zero, nextTimeout: \\(describe(machine.nextTimeout))")
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 1s, nextTimeout: \\(describe(machine.nextTimeout))")
            return log.t.lines
        }
        """

    static let timeReentry = """
        machine TimeReentry {
            initial Idle
            every machinePeriod / log(s: "machine tick")
            state Idle {
                entry / log(s: "enter Idle")
                go -> Waiting
            }
            state Waiting {
                entry / log(s: "enter Waiting")
                exit / log(s: "exit Waiting")
                after 3s [ring] / log(s: "rang") -> Done
                again -> Waiting
            }
            final state Done {
                entry / log(s: "enter Done")
            }
        }
        """

    static let timeReentryDriver = """
        @MainActor final class TimeReentryLog: TimeReentryActions {
            let t = Transcript()
            var answer = false
            func log(s: String) { t.add(s) }
            func machinePeriod() -> Duration { t.add("machine delay asked"); return .seconds(4) }
            func ring() -> Bool { t.add("ring? \\(answer)"); return answer }
        }

        @MainActor func run_timeReentry() -> [String] {
            let log = TimeReentryLog()
            let machine = TimeReentry(actions: log, timing: .manual)
            func report(_ at: String) {
                log.t.add("at \\(at): \\(machine.state.rawValue), nextTimeout: \\(describe(machine.nextTimeout))")
            }
            machine.start()
            machine.go()
            machine.advanceTime(by: .seconds(2))
            machine.again()
            report("2s")
            machine.advanceTime(by: .seconds(2))
            report("4s")
            machine.advanceTime(by: .seconds(1))
            report("5s")
            log.answer = true
            machine.again()
            machine.advanceTime(by: .seconds(3))
            log.t.add("at 8s: \\(machine.state.rawValue), finished: \\(machine.isFinished), nextTimeout: \\(describe(machine.nextTimeout))")
            log.t.add("successors of Waiting: " + TimeReentry.successors(of: .waiting).map { "\\($0)" }.joined(separator: " "))
            return log.t.lines
        }
        """

    static let timeEvery = """
        machine TimeEvery {
            initial Running
            state Running {
                every period [keep] / tick
                after 1100ms / lapped -> Lapped
            }
            state Lapped {
                entry / log(s: "enter Lapped")
                after lapDelay -> Running
            }
        }
        """

    static let timeEveryDriver = """
        @MainActor final class TimeEveryLog: TimeEveryActions {
            let t = Transcript()
            var asked = 0
            var guards = 0
            func period() -> Duration { asked += 1; return .milliseconds(100) }
            func keep() -> Bool { guards += 1; t.add("keep? \\(guards) \\(guards != 5)"); return guards != 5 }
            func tick() { t.add("tick") }
            func log(s: String) { t.add(s) }
            func lapped() { t.add("lapped") }
            func lapDelay() -> Duration { .milliseconds(250) }
        }

        @MainActor func run_timeEvery() -> [String] {
            let log = TimeEveryLog()
            let machine = TimeEvery(actions: log, timing: .manual)
            machine.start()
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 1s: \\(machine.state.rawValue), period asked \\(log.asked) times, nextTimeout: \\(describe(machine.nextTimeout))")
            machine.advanceTime(by: .milliseconds(100))
            log.t.add("at 1.1s: \\(machine.state.rawValue), nextTimeout: \\(describe(machine.nextTimeout))")
            return log.t.lines
        }
        """

    static let timeRegions = """
        machine TimeRegions {
            initial P
            parallel state P {
                after 4s / log(s: "never: P is left at 3s")
                state A {
                    initial A1
                    state A1 { go -> A2 }
                    state A2 { after 2s / log(s: "a2 timeout at 3s") -> Off }
                }
                state B {
                    initial B1
                    state B1 { after 2s / log(s: "b timeout at 2s") -> B2 }
                    state B2
                }
            }
            state Off
        }
        """

    static let timeRegionsDriver = """
        @MainActor final class TimeRegionsLog: TimeRegionsActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
        }

        @MainActor func run_timeRegions() -> [String] {
            let log = TimeRegionsLog()
            let machine = TimeRegions(actions: log, timing: .manual)
            machine.start()
            machine.advanceTime(by: .seconds(1))
            machine.go()
            func leaves() -> String { machine.activeStates.filter { ["A2", "B1", "B2", "A1", "Off"].contains($0.rawValue) }.map(\\.rawValue).joined(separator: " ") }
            log.t.add("at 1s: \\(leaves()), nextTimeout: \\(describe(machine.nextTimeout))")
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 2s: \\(leaves())")
            machine.advanceTime(by: .seconds(1))
            log.t.add("at 3s: \\(leaves()), nextTimeout: \\(describe(machine.nextTimeout))")
            return log.t.lines
        }
        """

    static let raise = """
        machine Raising {
            event count(n: Int)
            initial Boot
            state Boot {
                entry / log(s: "enter Boot"), raise ready
                ready / log(s: "raised ready (before the completion)")
                -> Main
            }
            state Main {
                entry / log(s: "enter Main")
                go / effect, raise count(n: 3)
                count / counted(n: n)
                later / log(s: "sent later")
                stop / raise late -> End
            }
            final state End
        }
        """

    static let raiseDriver = """
        final class RaisingLog: RaisingActions {
            let t = Transcript()
            var machine: Raising?
            func log(s: String) { t.add(s) }
            func effect() { t.add("effect, raise and send"); _ = machine?.later() }
            func counted(n: Int) { t.add("raised first: \\(n)") }
            func unhandledEvent(_ event: Raising.Event, in state: Raising.StateID) {
                t.add("unhandled \\(event.rawValue) in \\(state.rawValue)")
            }
        }

        func run_raise() -> [String] {
            let log = RaisingLog()
            let machine = Raising(actions: log)
            log.machine = machine
            machine.start()
            log.t.add("go -> \\(machine.go()), at \\(machine.state.rawValue)")
            log.t.add("stop -> \\(machine.stop())")
            log.t.add("finished: \\(machine.isFinished)")
            return log.t.lines
        }
        """

    static let timeClock = """
        machine TimeClock {
            initial Armed
            state Armed {
                after 5s -> Rang
                leave -> Away
            }
            state Away { back -> Armed }
            state Rang
        }
        """

    /// A clock whose time the test sets, and whose sleepers wake only when the test says: the first
    /// sleeper (armed in the first entry of Armed) wakes after Armed was left and entered again.
    static let timeClockDriver = """
        import Foundation

        /// Its state behind a lock: the machine sleeps on it from its tasks, the test sets it.
        final class ManualClock: Clock, @unchecked Sendable {
            struct Instant: InstantProtocol {
                var offset: Duration
                func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
                func duration(to other: Instant) -> Duration { other.offset - offset }
                static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
            }
            private let lock = NSLock()
            private var time = Instant(offset: .zero)
            private var waiting: [CheckedContinuation<Void, Never>] = []
            var now: Instant {
                get { lock.withLock { time } }
                set { lock.withLock { time = newValue } }
            }
            var minimumResolution: Duration { .nanoseconds(1) }
            var sleepers: Int { lock.withLock { waiting.count } }
            func sleep(until deadline: Instant, tolerance: Duration?) async throws {
                // Ignores cancellation on purpose: the machine must discard what comes late.
                await withCheckedContinuation { continuation in lock.withLock { waiting.append(continuation) } }
            }
            func wakeFirst() { lock.withLock { waiting.removeFirst() }.resume() }
        }

        /// A clock whose sleep lasts an hour unless its task is cancelled, which it counts.
        final class CancellingClock: Clock, @unchecked Sendable {
            typealias Instant = ManualClock.Instant
            private let lock = NSLock()
            private var count = (sleepers: 0, cancelled: 0)
            var now: Instant { Instant(offset: .zero) }
            var minimumResolution: Duration { .nanoseconds(1) }
            var sleepers: Int { lock.withLock { count.sleepers } }
            var cancelled: Int { lock.withLock { count.cancelled } }
            func sleep(until deadline: Instant, tolerance: Duration?) async throws {
                lock.withLock { count.sleepers += 1 }
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    lock.withLock { count.cancelled += 1 }
                    throw error
                }
            }
        }

        @MainActor final class TimeClockLog: TimeClockActions {}

        /// Lets the machine's tasks run: until `done` holds, or for a while when nothing can be awaited.
        @MainActor func settle(until done: () -> Bool = { false }) async {
            for _ in 0..<200 where !done() { try? await Task.sleep(for: .milliseconds(5)) }
        }

        @MainActor func run_timeClock() async -> [String] {
            let t = Transcript()
            let clock = ManualClock()
            let actions = TimeClockLog()
            let machine = TimeClock(actions: actions, timing: .clock(clock))
            machine.start()
            await settle { clock.sleepers == 1 }
            t.add("sleepers: \\(clock.sleepers)")
            clock.now = .init(offset: .seconds(1))
            machine.leave()
            machine.back()
            await settle { clock.sleepers == 2 }
            t.add("left and back: \\(machine.state.rawValue), sleepers: \\(clock.sleepers)")
            clock.now = .init(offset: .seconds(5))
            clock.wakeFirst()
            // Nothing to wait for: a late firing changes nothing. A while, then the state is read.
            await settle { clock.sleepers == 0 && false }
            t.add("woke the first sleeper: \\(machine.state.rawValue)")
            clock.now = .init(offset: .seconds(6))
            clock.wakeFirst()
            await settle { machine.state == .rang }
            t.add("woke at the new deadline: \\(machine.state.rawValue)")
            let cancelling = CancellingClock()
            var released: TimeClock? = TimeClock(actions: actions, timing: .clock(cancelling))
            released?.start()
            await settle { cancelling.sleepers == 1 }
            weak let gone = released
            released = nil
            await settle { cancelling.cancelled == 1 }
            t.add("released: \\(gone == nil), its timer's task cancelled: \\(cancelling.cancelled == 1)")
            return t.lines
        }
        """
}
