import FSMCore
import XCTest

/// End-to-end tests of snapshots (section 4g) in the generated Swift, one test per rule: a machine
/// saved between steps, its snapshot sent through `JSONEncoder` and `JSONDecoder`, and a new instance
/// restored from it, which then behaves as the saved one would have. Each driver runs the original
/// and the restored machine side by side where that shows the rule.
extension SwiftEmitterTests {
    /// One active leaf: the configuration, deep and shallow history records (a record is the path
    /// down to the leaf) and the push stack survive a JSON round trip; restoring runs no entry
    /// action; the restored machine goes on exactly as the original; an unstarted machine's
    /// snapshot names no state; a finished machine restores finished.
    func testSnapshotOfAMachineWithOneLeafRestoresHistoryAndStack() throws {
        try expect(
            "snapOneLeaf",
            """
            unstarted: {"activeStates":[],"finished":false,"history":{},"machine":"SnapLeaf","stack":[],"started":false,"timers":[]}
            restored unstarted: started false, state Home
            saved: {"activeStates":["Menu"],"finished":false,"history":{"Deep":["Inner","Leaf2"],"Shallow":["S2","S2a"]},"machine":"SnapLeaf","stack":["Leaf2"],"started":true,"timers":[]}
            restored: Menu, no action ran
            original: exit Menu | enter Deep | enter Inner | enter Leaf2
            restored: exit Menu | enter Deep | enter Inner | enter Leaf2
            original: exit Leaf2 | exit Inner | exit Deep | enter Shallow | exit Shallow | enter Menu | exit Menu | enter Shallow
            restored: exit Leaf2 | exit Inner | exit Deep | enter Shallow | exit Shallow | enter Menu | exit Menu | enter Shallow
            equal after the same events: true
            finished: {"activeStates":["Done"],"finished":true,"history":{"Deep":["Inner","Leaf2"],"Shallow":["S1"]},"machine":"SnapLeaf","stack":[],"started":true,"timers":[]}
            restored finished: isFinished true, handles(next) false
            """)
    }

    /// Parallel states: every region's state restored, history records of a region's state by name,
    /// the leaves of each region go on handling events; the snapshot of the restored machine equals
    /// the original's.
    func testSnapshotOfAMachineWithRegionsRestoresEveryRegion() throws {
        try expect(
            "snapRegions",
            """
            saved: ["P", "Left", "L2", "Right", "R1"] history ["Left": ["L2"]]
            restored: ["P", "Left", "L2", "Right", "R1"], no action ran
            snapshots equal: true
            original: exit R1 | exit L2 | enter L1 | enter R2
            restored: exit R1 | exit L2 | enter L1 | enter R2
            original: exit R2 | exit Right | exit L1 | exit Left | exit P | enter Away
            restored: exit R2 | exit Right | exit L1 | exit Left | exit P | enter Away
            original: exit Away | enter P | enter Left | enter L1 | enter Right | enter R1
            restored: exit Away | enter P | enter Left | enter L1 | enter Right | enter R1
            equal after the same events: true
            """)
    }

    /// Timers with manual timing: the armed timers in arming order, each named by its state and its
    /// place among the state's timed transitions (the machine's own without a state), with the
    /// time left; restored with that time left, ties in the same order, an `every` going on from its
    /// remaining time.
    func testSnapshotKeepsArmedTimersWithTheirRemainingTime() throws {
        try expect(
            "snapTimers",
            """
            timers: [Waiting/0 600ms, Waiting/1 1600ms, Waiting/2 600ms, nil/0 600ms]
            restored nextTimeout: 0.6 seconds
            original: tie A | tie B | machine tick | late | machine tick | machine tick
            restored: tie A | tie B | machine tick | late | machine tick | machine tick
            same after 3s: true
            """)
    }

    /// Clock timing: the time left is read on the clock when the snapshot is taken, and the restored
    /// machine sleeps on its own clock for that long (the test clock of the timers' scenarios).
    func testSnapshotOfAClockTimedMachineKeepsTheTimeLeftOnTheClock() throws {
        try expect(
            "snapClock",
            """
            saved timers: [Armed/0 3000ms]
            restored nextTimeout: 3.0 seconds, sleepers: 1
            woke at the time left: Rang
            """)
    }

    /// Activities: restoring starts the activity of every active state that has one again (with
    /// `.manual` activities, listed as running at once), whatever it was doing before.
    func testRestoringStartsTheActivitiesOfTheRestoredStatesAgain() throws {
        try expect(
            "snapActivities",
            """
            running before: ["Loading", "Watching"]
            restored running: ["Loading", "Watching"]
            finish loading: exit Loading | enter Loaded
            restored state: ["Both", "Load", "Loaded", "Watch", "Watching"]
            """)
    }

    /// Every `RestoreError`, with its description; what no longer fits dropped (a history record
    /// naming a removed state, a stack entry that is no longer a leaf or of a machine with `pop`
    /// but no `push`, a timer of an inactive state or out of range); a snapshot saved by one
    /// version of a machine restored into an edited one (states added and reordered, a composite
    /// state gaining a child).
    func testRestoreErrorsAndWhatIsDropped() throws {
        try expect(
            "snapErrors",
            """
            the snapshot is of machine 'Other', not of the machine restoring it
            the snapshot says that its machine has not started, yet it names active states
            the snapshot names the state 'Gone', which the machine does not have
            the snapshot's active states are not a configuration of the machine: no state is active
            the snapshot's active states are not a configuration of the machine: 'C1' is active without its parent 'C'
            the snapshot's active states are not a configuration of the machine: 'A' and 'C' are both active at the top level
            the snapshot's active states are not a configuration of the machine: 'C' is active without an active child
            the snapshot's active states are not a configuration of the machine: 'C' has two active children, 'C1' and 'C2'
            the snapshot's active states are not a configuration of the machine: 'P' is active without its region 'Q2'
            error is otherMachine: true
            kept: history ["C": ["C2"]], stack ["Leaf1"], timers [C2/0]
            without push: stack [], back goes to C
            v1 saved: ["Edit", "Typing"]
            v2 restored: ["Edit", "Typing"]
            v3 renamed state: the snapshot names the state 'Typing', which the machine does not have
            """)
    }

    /// Reading `snapshot` from inside an action stops the program.
    func testReadingTheSnapshotFromAnActionStops() throws {
        try expect(
            "snapshotInAction",
            "stopped: program/SnapLeaf.swift:\(Self.snapshotPreconditionLine): Precondition failed: "
                + "snapshot read from inside a guard or an action")
    }

    /// Where the generated `SnapLeaf.swift` checks that `snapshot` is read between steps, found in
    /// the file the test generates.
    static var snapshotPreconditionLine: Int {
        let compilation = Compilation(path: "SnapLeaf.fsm", text: snapLeaf)
        guard let model = compilation.model else { return 0 }
        let text = SwiftEmitter.emit(model, sourceName: "SnapLeaf.fsm", access: .internal)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("snapshot read from inside a guard or an action") } ?? -1) + 1
    }

    static var snapshotScenarios: [Scenario] {
        [
            Scenario(name: "snapOneLeaf", machines: [(snapLeaf, .internal)], driver: snapLeafDriver),
            Scenario(name: "snapRegions", machines: [(snapRegions, .internal)], driver: snapRegionsDriver),
            Scenario(name: "snapTimers", machines: [(snapTimers, .internal)], driver: snapTimersDriver),
            // TimeClock and its test clock are the timers' scenario's (SwiftEmitterTests+Time).
            Scenario(name: "snapClock", machines: [], driver: snapClockDriver, isAsync: true),
            Scenario(name: "snapActivities", machines: [(snapActivities, .public)], driver: snapActivitiesDriver),
            Scenario(
                name: "snapErrors",
                machines: [
                    (snapCheck, .internal), (snapCheckV1, .internal), (snapCheckV2, .internal),
                    (snapCheckV3, .internal), (snapPopOnly, .internal),
                ],
                driver: snapErrorsDriver),
        ]
    }

    static let snapLeaf = """
        machine SnapLeaf {
            initial Home
            state Home {
                entry / log(s: "enter Home")
                toDeep -> Deep
            }
            state Deep {
                entry / log(s: "enter Deep")
                exit / log(s: "exit Deep")
                initial Inner
                state Inner {
                    entry / log(s: "enter Inner")
                    exit / log(s: "exit Inner")
                    initial Leaf1
                    state Leaf1 { next -> Leaf2 }
                    state Leaf2 {
                        entry / log(s: "enter Leaf2")
                        exit / log(s: "exit Leaf2")
                    }
                }
                menu -> push Menu
                toShallow -> Shallow
            }
            state Shallow {
                entry / log(s: "enter Shallow")
                exit / log(s: "exit Shallow")
                initial S1
                state S1 { next -> S2 }
                state S2 {
                    entry / log(s: "enter S2")
                    exit / log(s: "exit S2")
                    initial S2a
                    state S2a {
                        entry / log(s: "enter S2a")
                        exit / log(s: "exit S2a")
                    }
                }
                toMenu -> Menu
                done -> Done
            }
            state Menu {
                entry / log(s: "enter Menu")
                exit / log(s: "exit Menu")
                back -> pop
                recallDeep -> deep history Deep
                recallShallow -> history Shallow
                probe / probeSnapshot
            }
            final state Done
        }
        """

    static let snapLeafDriver = """
        import Foundation

        final class SnapLeafLog: SnapLeafActions {
            let t = Transcript()
            var machine: SnapLeaf?
            func log(s: String) { t.add(s) }
            func probeSnapshot() { _ = machine?.snapshot }
        }

        func json<T: Encodable>(_ value: T) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try! encoder.encode(value), as: UTF8.self)
        }

        func roundTrip(_ snapshot: SnapLeaf.Snapshot) -> SnapLeaf.Snapshot {
            try! JSONDecoder().decode(SnapLeaf.Snapshot.self, from: JSONEncoder().encode(snapshot))
        }

        func run_snapOneLeaf() -> [String] {
            let log = SnapLeafLog()
            let out = Transcript()
            let machine = SnapLeaf(actions: log)
            out.add("unstarted: \\(json(machine.snapshot))")
            let fresh = try! SnapLeaf(actions: log, restoring: roundTrip(machine.snapshot))
            out.add("restored unstarted: started \\(fresh.snapshot.started), state \\(fresh.state.rawValue)")
            machine.toDeep()
            machine.next()
            machine.toShallow()
            machine.next()
            machine.toMenu()
            machine.recallDeep()
            machine.menu()
            log.t.lines = []
            let saved = roundTrip(machine.snapshot)
            out.add("saved: \\(json(saved))")
            let restoredLog = SnapLeafLog()
            let restored = try! SnapLeaf(actions: restoredLog, restoring: saved)
            out.add("restored: \\(restored.state.rawValue), \\(restoredLog.t.lines.isEmpty ? "no action ran" : "ran \\(restoredLog.t.lines)")")
            let steps: [(SnapLeaf) -> Void] = [
                { _ = $0.back() },
                { _ = $0.toShallow(); _ = $0.toMenu(); _ = $0.recallShallow() },
            ]
            for step in steps {
                log.t.lines = []
                restoredLog.t.lines = []
                step(machine)
                step(restored)
                out.add("original: \\(log.t.lines.joined(separator: " | "))")
                out.add("restored: \\(restoredLog.t.lines.joined(separator: " | "))")
            }
            out.add("equal after the same events: \\(machine.snapshot == restored.snapshot)")
            machine.done()
            out.add("finished: \\(json(machine.snapshot))")
            let finished = try! SnapLeaf(actions: log, restoring: roundTrip(machine.snapshot))
            out.add("restored finished: isFinished \\(finished.isFinished), handles(next) \\(finished.handles(.next))")
            return out.lines
        }

        func run_snapshotInAction() {
            let log = SnapLeafLog()
            let machine = SnapLeaf(actions: log)
            log.machine = machine
            machine.toDeep()
            machine.menu()
            machine.probe()
            print("probe returned")
        }
        """

    static let snapRegions = """
        machine SnapRegions {
            initial P
            parallel state P {
                entry / log(s: "enter P")
                exit / log(s: "exit P")
                leave -> Away
                state Left {
                    entry / log(s: "enter Left")
                    exit / log(s: "exit Left")
                    initial L1
                    state L1 {
                        entry / log(s: "enter L1")
                        exit / log(s: "exit L1")
                        flip -> L2
                    }
                    state L2 {
                        entry / log(s: "enter L2")
                        exit / log(s: "exit L2")
                        flip -> L1
                    }
                }
                state Right {
                    entry / log(s: "enter Right")
                    exit / log(s: "exit Right")
                    initial R1
                    state R1 {
                        entry / log(s: "enter R1")
                        exit / log(s: "exit R1")
                        flip -> R2
                    }
                    state R2 {
                        entry / log(s: "enter R2")
                        exit / log(s: "exit R2")
                    }
                }
            }
            state Away {
                entry / log(s: "enter Away")
                exit / log(s: "exit Away")
                back -> history Left
            }
        }
        """

    static let snapRegionsDriver = """
        import Foundation

        final class SnapRegionsLog: SnapRegionsActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
        }

        func run_snapRegions() -> [String] {
            let log = SnapRegionsLog()
            let out = Transcript()
            let machine = SnapRegions(actions: log)
            machine.flip()  // L2, R2
            machine.leave()
            machine.back()  // Left by history: L2; Right by default: R1
            let data = try! JSONEncoder().encode(machine.snapshot)
            let saved = try! JSONDecoder().decode(SnapRegions.Snapshot.self, from: data)
            out.add("saved: \\(saved.activeStates) history \\(saved.history)")
            let restoredLog = SnapRegionsLog()
            let restored = try! SnapRegions(actions: restoredLog, restoring: saved)
            out.add("restored: \\(restored.activeStates.map(\\.rawValue)), \\(restoredLog.t.lines.isEmpty ? "no action ran" : "ran \\(restoredLog.t.lines)")")
            out.add("snapshots equal: \\(restored.snapshot == machine.snapshot)")
            let steps: [(SnapRegions) -> Void] = [{ _ = $0.flip() }, { _ = $0.leave() }, { _ = $0.back() }]
            for step in steps {
                log.t.lines = []
                restoredLog.t.lines = []
                step(machine)
                step(restored)
                out.add("original: \\(log.t.lines.joined(separator: " | "))")
                out.add("restored: \\(restoredLog.t.lines.joined(separator: " | "))")
            }
            out.add("equal after the same events: \\(machine.snapshot == restored.snapshot)")
            return out.lines
        }
        """

    static let snapTimers = """
        machine SnapTimers {
            initial Waiting
            every 1s / log(s: "machine tick")
            state Waiting {
                after 2s / log(s: "tie A")
                after late / log(s: "late")
                after 2s / log(s: "tie B")
            }
        }
        """

    static let snapTimersDriver = """
        import Foundation

        @MainActor final class SnapTimersLog: SnapTimersActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
            func late() -> Duration { .seconds(3) }
        }

        @MainActor func run_snapTimers() -> [String] {
            let log = SnapTimersLog()
            let out = Transcript()
            let machine = SnapTimers(actions: log, timing: .manual)
            machine.start()
            machine.advanceTime(by: .milliseconds(400))
            machine.advanceTime(by: .milliseconds(600))  // the machine ticks and is armed again
            machine.advanceTime(by: .milliseconds(400))
            log.t.lines = []
            let saved = try! JSONDecoder().decode(SnapTimers.Snapshot.self, from: JSONEncoder().encode(machine.snapshot))
            out.add("timers: [\\(saved.timers.map { "\\($0.state ?? "nil")/\\($0.index) \\($0.remainingNanoseconds / 1_000_000)ms" }.joined(separator: ", "))]")
            let restoredLog = SnapTimersLog()
            let restored = try! SnapTimers(actions: restoredLog, restoring: saved, timing: .manual)
            out.add("restored nextTimeout: \\(restored.nextTimeout.map { "\\($0)" } ?? "nil")")
            machine.advanceTime(by: .seconds(3))
            restored.advanceTime(by: .seconds(3))
            out.add("original: \\(log.t.lines.joined(separator: " | "))")
            out.add("restored: \\(restoredLog.t.lines.joined(separator: " | "))")
            out.add("same after 3s: \\(machine.snapshot == restored.snapshot)")
            return out.lines
        }
        """

    static let snapClockDriver = """
        @MainActor func run_snapClock() async -> [String] {
            let t = Transcript()
            let clock = ManualClock()
            let actions = TimeClockLog()
            let machine = TimeClock(actions: actions, timing: .clock(clock))
            machine.start()
            clock.now = .init(offset: .seconds(2))
            let saved = machine.snapshot
            t.add("saved timers: [\\(saved.timers.map { "\\($0.state ?? "nil")/\\($0.index) \\($0.remainingNanoseconds / 1_000_000)ms" }.joined(separator: ", "))]")
            let restoredClock = ManualClock()
            let restored = try! TimeClock(actions: actions, restoring: saved, timing: .clock(restoredClock))
            await settle { restoredClock.sleepers == 1 }
            t.add("restored nextTimeout: \\(restored.nextTimeout.map { "\\($0)" } ?? "nil"), sleepers: \\(restoredClock.sleepers)")
            restoredClock.now = .init(offset: .seconds(3))
            restoredClock.wakeFirst()
            await settle { restored.state == .rang }
            t.add("woke at the time left: \\(restored.state.rawValue)")
            return t.lines
        }
        """

    static let snapActivities = """
        machine SnapActivities {
            initial Both
            parallel state Both {
                state Load {
                    initial Loading
                    state Loading {
                        entry / log(s: "enter Loading")
                        exit / log(s: "exit Loading")
                        do / load
                        -> Loaded
                    }
                    state Loaded { entry / log(s: "enter Loaded") }
                }
                state Watch {
                    initial Watching
                    state Watching { do / watch }
                }
            }
        }
        """

    static let snapActivitiesDriver = """
        @MainActor final class SnapActivitiesLog: SnapActivitiesActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
            func load() async {}
            func watch() async {}
        }

        @MainActor func run_snapActivities() -> [String] {
            let log = SnapActivitiesLog()
            let out = Transcript()
            let machine = SnapActivities(actions: log, activities: .manual)
            machine.start()
            out.add("running before: \\(machine.runningActivities.map(\\.rawValue))")
            let restoredLog = SnapActivitiesLog()
            let restored = try! SnapActivities(actions: restoredLog, restoring: machine.snapshot, activities: .manual)
            out.add("restored running: \\(restored.runningActivities.map(\\.rawValue))")
            restored.finishActivity(of: .loading)
            out.add("finish loading: \\(restoredLog.t.lines.joined(separator: " | "))")
            out.add("restored state: \\(restored.snapshot.activeStates)")
            return out.lines
        }
        """

    static let snapCheck = """
        machine SnapCheck {
            initial A
            state A {
                go -> C
                after 1s / tick
            }
            state C {
                initial C1
                state C1 { next -> C2 }
                state C2 { after 1s / tick }
                out -> A
            }
            parallel state P {
                state Q1
                state Q2
                h -> history C
            }
        }
        """

    static let snapCheckV1 = """
        machine SnapCheckV1 {
            initial Edit
            state Edit {
                initial Typing
                state Typing
            }
        }
        """

    /// Version 2 of the machine above: a top-level state added before the others, `Edit` gaining a
    /// child before `Typing`.
    static let snapCheckV2 = """
        machine SnapCheckV2 {
            initial Edit
            state Intro { go -> Edit }
            state Edit {
                initial Typing
                state Spelling
                state Typing
            }
        }
        """

    /// Version 3: `Typing` renamed.
    static let snapCheckV3 = """
        machine SnapCheckV3 {
            initial Edit
            state Edit {
                initial Writing
                state Writing
            }
        }
        """

    /// A machine with `pop` but no `push`: its stack is always empty, so `back` goes to C.
    static let snapPopOnly = """
        machine SnapPopOnly {
            initial A
            state A {
                back -> pop
                back -> C
            }
            state B
            state C { go -> B }
        }
        """

    static let snapErrorsDriver = """
        @MainActor final class SnapCheckLog: SnapCheckActions, SnapCheckV1Actions, SnapCheckV2Actions, SnapCheckV3Actions,
            SnapPopOnlyActions
        {
            func tick() {}
        }

        @MainActor func snapCheck(_ active: [String], started: Bool = true, machine: String = "SnapCheck") -> SnapCheck.Snapshot {
            SnapCheck.Snapshot(machine: machine, started: started, finished: false, activeStates: active, history: [:], stack: [], timers: [])
        }

        @MainActor func run_snapErrors() -> [String] {
            let out = Transcript()
            let log = SnapCheckLog()
            let bad = [
                snapCheck(["A"], machine: "Other"), snapCheck(["A"], started: false), snapCheck(["A", "Gone"]),
                snapCheck([]), snapCheck(["C1"]), snapCheck(["A", "C", "C1"]), snapCheck(["C"]), snapCheck(["C", "C1", "C2"]),
                snapCheck(["P", "Q1"]),
            ]
            for snapshot in bad {
                do {
                    _ = try SnapCheck(actions: log, restoring: snapshot, timing: .manual)
                    out.add("restored \\(snapshot.activeStates)?")
                } catch {
                    out.add(error.description)
                }
            }
            do {
                _ = try SnapCheck(actions: log, restoring: bad[0], timing: .manual)
            } catch {
                // Typed throws: `error` is a SnapCheck.RestoreError.
                out.add("error is otherMachine: \\(error == .otherMachine("Other"))")
            }
            var fits = snapCheck(["C", "C2"])
            fits.history = ["C": ["C2"], "Gone": ["C1"], "A": ["C1"], "P": ["Q1"]]
            fits.timers = [
                .init(state: "C2", index: 0, remainingNanoseconds: 5), .init(state: "A", index: 0, remainingNanoseconds: 5),
                .init(state: "C2", index: 1, remainingNanoseconds: 5), .init(state: "C2", index: 0, remainingNanoseconds: 7),
                .init(state: nil, index: 0, remainingNanoseconds: 5), .init(state: "C2", index: 0, remainingNanoseconds: -1),
                // Found by the snapshot fuzzer: an index this large overflowed and stopped the program.
                .init(state: "C2", index: Int.max, remainingNanoseconds: 5),
            ]
            let kept = try! SnapCheck(actions: log, restoring: fits, timing: .manual).snapshot
            var leafSnapshot = SnapLeaf.Snapshot(
                machine: "SnapLeaf", started: true, finished: false, activeStates: ["Menu"], history: [:],
                stack: ["Deep", "Leaf1", "Nowhere"], timers: [])
            leafSnapshot = try! SnapLeaf(actions: SnapLeafLog(), restoring: leafSnapshot).snapshot
            out.add("kept: history \\(kept.history), stack \\(leafSnapshot.stack), timers [\\(kept.timers.map { "\\($0.state ?? "nil")/\\($0.index)" }.joined(separator: ", "))]")
            // Found by the differential tests: a machine whose stack only `pop` reads keeps no entry.
            let popOnly = try! SnapPopOnly(actions: log, restoring: SnapPopOnly.Snapshot(
                machine: "SnapPopOnly", started: true, finished: false, activeStates: ["A"], history: [:], stack: ["B"],
                timers: []))
            let stack = popOnly.snapshot.stack
            popOnly.back()
            out.add("without push: stack \\(stack), back goes to \\(popOnly.state.rawValue)")
            let v1 = SnapCheckV1(actions: log)
            v1.start()
            var saved = v1.snapshot
            out.add("v1 saved: \\(saved.activeStates)")
            // The same machine after an edit: only the name differs here, as two machines of one
            // name cannot live in one program.
            saved.machine = "SnapCheckV2"
            let v2 = try! SnapCheckV2(actions: log, restoring: SnapCheckV2.Snapshot(
                machine: saved.machine, started: saved.started, finished: saved.finished, activeStates: saved.activeStates,
                history: saved.history, stack: saved.stack, timers: []))
            out.add("v2 restored: \\(v2.activeStates.map(\\.rawValue))")
            do {
                _ = try SnapCheckV3(actions: log, restoring: SnapCheckV3.Snapshot(
                    machine: "SnapCheckV3", started: saved.started, finished: saved.finished, activeStates: saved.activeStates,
                    history: saved.history, stack: saved.stack, timers: []))
            } catch {
                out.add("v3 renamed state: \\(error)")
            }
            return out.lines
        }
        """
}
