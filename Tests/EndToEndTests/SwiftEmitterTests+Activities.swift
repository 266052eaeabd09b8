import FSMCore
import XCTest

/// End-to-end tests of activities (`do /`) and `catch` in the generated Swift (section 4f), one test
/// per rule, in a machine with one active leaf. The machines are compiled and run in the one program
/// of ``SwiftEmitterTests``: with `.manual` activities where the test delivers the outcomes, with
/// tasks where the order of real async work matters.
extension SwiftEmitterTests {
    /// Activities start after the step that entered their states, in document order (outer before
    /// inner), only if still active (Flash, left by the event its entry raised, never starts its); with `.manual` the machine never calls them; outcomes are
    /// processed in the order given; a composite state with an activity completes only when its
    /// activity is done and it is in a final configuration; a simple one when its activity is done.
    func testManualActivitiesStartAfterTheStepAndGateCompletion() throws {
        try expect(
            "activitiesManual",
            """
            enter Flash
            enter Session
            enter Fetching
            started: running [Session, Fetching]
            Fetching done: Ready, running [Session]
            Session done: Home, finished true
            """)
    }

    /// A throw tries the state's `catch` transitions in order, `error` passed to their guards and
    /// effects; one with no target runs its effects only; an error none takes is dropped, and the
    /// state does not complete until it is entered again.
    func testCatchTransitionsSeeTheErrorAndAnUntakenErrorIsDropped() throws {
        try expect(
            "activitiesCatch",
            """
            offline? timeout
            retryable? timeout
            log timeout
            after the retryable error: Loading, running []
            retry: Loading, running [Loading]
            offline? offline
            after offline: Offline
            again: Loading
            offline? disk
            retryable? disk
            after a dropped error: Loading, running []
            """)
    }

    /// As tasks: the body starts after the call that entered the state returned; exiting cancels
    /// the task before the exit activities; what a cancelled activity returns later is discarded,
    /// also after its state was entered again; a released machine cancels its activities.
    func testActivitiesRunAsTasksAndLateResultsAreDiscarded() throws {
        try expect(
            "activitiesTasks",
            """
            enter Idle
            enter Loading
            load returned
            fetch 1 starts
            cancel requested for fetch 1
            exit Loading
            enter Idle
            enter Loading
            fetch 2 starts
            fetch 1 returns (ignoring cancellation)
            still Loading after the late result
            fetch 2 returns
            exit Loading
            Ready
            enter Idle
            enter Loading
            fetch 3 starts
            cancel requested for fetch 3
            released: true
            """)
    }

    /// With parallel states: a region whose final child is active is not complete while its own
    /// activity is not done, so neither is the parallel state; the activity's outcome completes the
    /// region and the parallel state in turn. A catch in one region leaves the other alone.
    func testActivitiesInRegionsGateTheParallelStatesCompletion() throws {
        try expect(
            "activitiesRegions",
            """
            started: P R1 F R2 B, running [R1, B]
            saw bad
            B failed: P R1 F R2 B2, running [R1]
            R1 done: Done, finished true
            """)
    }

    static var activityScenarios: [Scenario] {
        [
            Scenario(name: "activitiesRegions", machines: [(activitiesRegions, .internal)], driver: activitiesRegionsDriver),
            Scenario(name: "activitiesManual", machines: [(activitiesManual, .internal)], driver: activitiesManualDriver),
            Scenario(name: "activitiesCatch", machines: [(activitiesCatch, .internal)], driver: activitiesCatchDriver),
            Scenario(
                name: "activitiesTasks", machines: [(activitiesTasks, .internal)], driver: activitiesTasksDriver, isAsync: true),
        ]
    }

    static let activitiesManual = """
        machine SignIn {
            initial Flash
            state Flash {
                entry / log(s: "enter Flash"), raise skip
                do / playIntro
                skip -> Session
            }
            state Session {
                entry / log(s: "enter Session")
                do / restoreSession
                initial Fetching
                state Fetching {
                    entry / log(s: "enter Fetching")
                    do / fetchProfile
                    -> Parsing
                }
                state Parsing {
                    -> Ready
                }
                final state Ready
                -> Home
            }
            final state Home
        }
        """

    static let activitiesManualDriver = """
        @MainActor final class SignInLog: SignInActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
            func playIntro() async { t.add("never called with .manual") }
            func restoreSession() async { t.add("never called with .manual") }
            func fetchProfile() async { t.add("never called with .manual") }
        }

        @MainActor func run_activitiesManual() -> [String] {
            let log = SignInLog()
            let machine = SignIn(actions: log, activities: .manual)
            func running() -> String { "[" + machine.runningActivities.map(\\.rawValue).joined(separator: ", ") + "]" }
            machine.start()
            log.t.add("started: running \\(running())")
            machine.finishActivity(of: .fetching)
            log.t.add("Fetching done: \\(machine.state.rawValue), running \\(running())")
            machine.finishActivity(of: .session)
            log.t.add("Session done: \\(machine.state.rawValue), finished \\(machine.isFinished)")
            return log.t.lines
        }
        """

    static let activitiesRegions = """
        machine Split {
            initial P
            parallel state P {
                state R1 {
                    initial A
                    do / outer
                    state A { -> F }
                    final state F
                }
                state R2 {
                    initial B
                    state B {
                        do / inner
                        catch [isBad(error)] / sawBad -> B2
                        catch -> B
                    }
                    final state B2
                }
                -> Done
            }
            final state Done
        }
        """

    static let activitiesRegionsDriver = """
        struct Bad: Error {}

        @MainActor final class SplitLog: SplitActions {
            let t = Transcript()
            func outer() async {}
            func inner() async throws {}
            func isBad(error: any Error) -> Bool { error is Bad }
            func sawBad() { t.add("saw bad") }
        }

        @MainActor func run_activitiesRegions() -> [String] {
            let log = SplitLog()
            let machine = Split(actions: log, activities: .manual)
            func describe() -> String {
                machine.activeStates.map(\\.rawValue).joined(separator: " ") + ", running ["
                    + machine.runningActivities.map(\\.rawValue).joined(separator: ", ") + "]"
            }
            machine.start()
            log.t.add("started: \\(describe())")
            machine.failActivity(of: .b, with: Bad())
            log.t.add("B failed: \\(describe())")
            machine.finishActivity(of: .r1)
            log.t.add("R1 done: \\(machine.activeStates.map(\\.rawValue).joined(separator: " ")), finished \\(machine.isFinished)")
            return log.t.lines
        }
        """

    static let activitiesCatch = """
        machine Fetch {
            initial Loading
            state Loading {
                do / load
                catch [isOffline(error)] -> Offline
                catch [isRetryable(error)] / note(error)
                retry -> Loading
                -> Done
            }
            state Offline {
                again -> Loading
            }
            final state Done
        }
        """

    static let activitiesCatchDriver = """
        struct Failure: Error { let name: String }

        @MainActor final class FetchLog: FetchActions {
            let t = Transcript()
            func load() async throws {}
            func isOffline(error: any Error) -> Bool {
                let name = (error as? Failure)?.name ?? "?"
                t.add("offline? \\(name)")
                return name == "offline"
            }
            func isRetryable(error: any Error) -> Bool {
                let name = (error as? Failure)?.name ?? "?"
                t.add("retryable? \\(name)")
                return name == "timeout"
            }
            func note(error: any Error) { t.add("log \\((error as? Failure)?.name ?? "?")") }
        }

        @MainActor func run_activitiesCatch() -> [String] {
            let log = FetchLog()
            let machine = Fetch(actions: log, activities: .manual)
            func running() -> String { "[" + machine.runningActivities.map(\\.rawValue).joined(separator: ", ") + "]" }
            machine.start()
            machine.failActivity(of: .loading, with: Failure(name: "timeout"))
            log.t.add("after the retryable error: \\(machine.state.rawValue), running \\(running())")
            machine.retry()
            log.t.add("retry: \\(machine.state.rawValue), running \\(running())")
            machine.failActivity(of: .loading, with: Failure(name: "offline"))
            log.t.add("after offline: \\(machine.state.rawValue)")
            machine.again()
            log.t.add("again: \\(machine.state.rawValue)")
            machine.failActivity(of: .loading, with: Failure(name: "disk"))
            log.t.add("after a dropped error: \\(machine.state.rawValue), running \\(running())")
            return log.t.lines
        }
        """

    static let activitiesTasks = """
        machine Video {
            initial Idle
            state Idle {
                entry / log(s: "enter Idle")
                load -> Loading
            }
            state Loading {
                entry / log(s: "enter Loading")
                exit / log(s: "exit Loading")
                do / fetch
                cancel -> Idle
                -> Ready
            }
            final state Ready
        }
        """

    static let activitiesTasksDriver = """
        import Foundation

        /// One transcript for the actions (on the main actor) and for cancellation handlers (anywhere).
        final class SharedLog: @unchecked Sendable {
            private let lock = NSLock()
            private var written: [String] = []
            func add(_ line: String) { lock.withLock { written.append(line) } }
            var lines: [String] { lock.withLock { written } }
        }

        /// The fetches, each waiting until the test lets it return, cancelled or not.
        @MainActor final class VideoLog: VideoActions {
            let t = SharedLog()
            var started = 0
            var gates: [Int: CheckedContinuation<Void, Never>] = [:]
            func log(s: String) { t.add(s) }
            func fetch() async {
                started += 1
                let number = started
                let t = t
                t.add("fetch \\(number) starts")
                await withTaskCancellationHandler {
                    await withCheckedContinuation { gates[number] = $0 }
                } onCancel: {
                    t.add("cancel requested for fetch \\(number)")
                }
                t.add(number == 1 ? "fetch 1 returns (ignoring cancellation)" : "fetch \\(number) returns")
            }
            func open(_ number: Int) { gates.removeValue(forKey: number)?.resume() }
        }

        /// Lets the tasks run: until `done` holds, or a while when nothing can be awaited.
        @MainActor func settleActivities(until done: () -> Bool = { false }) async {
            for _ in 0..<200 where !done() { try? await Task.sleep(for: .milliseconds(5)) }
        }

        @MainActor func run_activitiesTasks() async -> [String] {
            let log = VideoLog()
            let machine = Video(actions: log)
            machine.start()
            machine.load()
            log.t.add("load returned")
            await settleActivities { log.started == 1 }
            machine.cancel()
            machine.load()
            await settleActivities { log.started == 2 }
            log.open(1)
            await settleActivities { log.t.lines.contains("fetch 1 returns (ignoring cancellation)") }
            await settleActivities { false }
            log.t.add("still \\(machine.state.rawValue) after the late result")
            log.open(2)
            await settleActivities { machine.state == .ready }
            log.t.add(machine.state.rawValue)
            var released: Video? = Video(actions: log)
            released?.load()
            await settleActivities { log.started == 3 }
            weak let gone = released
            released = nil
            await settleActivities { log.t.lines.contains("cancel requested for fetch 3") }
            log.t.add("released: \\(gone == nil)")
            return log.t.lines
        }
        """
}
