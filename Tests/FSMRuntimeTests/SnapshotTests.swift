import XCTest

@testable import FSMRuntime

/// `StateTree`, the checks of a snapshot against the machine's tree (section 4g), on the
/// tree  Top { A { A1, A2 }, P ‖ { Q1 { Q1a }, Q2 }, B }  (numbers in the order written).
final class SnapshotTests: XCTestCase {
    private let tree = SnapshotTests.tree(
        names: ["A", "A1", "A2", "P", "Q1", "Q1a", "Q2", "B"],
        parents: [-1, 0, 0, -1, 3, 4, 3, -1],
        parallel: [3])

    /// A tree, with its states' numbers in the order of their names as the generated code lists them.
    private static func tree(names: [String], parents: [Int], parallel: [Int]) -> StateTree {
        StateTree(
            machine: "Top", names: names, parents: parents, parallel: parallel,
            byName: names.indices.sorted { names[$0] < names[$1] })
    }

    func testAStateIsFoundByItsNameAndOnlyByIt() {
        for (number, name) in tree.names.enumerated() { XCTAssertEqual(tree.number(named: name), number) }
        for name in ["", "0", "A0", "Q1b", "Z", "a", "é", "A1 "] { XCTAssertNil(tree.number(named: name), name) }
        let many = (0..<1_000).map { "S\($0)" }
        let large = Self.tree(names: many, parents: Array(repeating: -1, count: many.count), parallel: [])
        for (number, name) in many.enumerated() { XCTAssertEqual(large.number(named: name), number) }
        XCTAssertNil(large.number(named: "S1000"))
    }

    private func problem(_ names: [String]) -> RestoreError? {
        do {
            _ = try tree.configuration(named: names)
            return nil
        } catch {
            return error
        }
    }

    func testAConfigurationInAnyOrderComesBackInTheOrderWritten() throws {
        XCTAssertEqual(try tree.configuration(named: ["Q2", "P", "Q1a", "Q1", "Q1"]), [3, 4, 5, 6])
        XCTAssertEqual(try tree.configuration(named: ["B"]), [7])
    }

    func testEachProblemIsNamedInTheOrderOfTheChecks() {
        XCTAssertEqual(problem(["A", "Nope", "Gone"]), .unknownState("Nope"))
        XCTAssertEqual(problem([]), .notAConfiguration("no state is active"))
        XCTAssertEqual(problem(["A2", "Q1"]), .notAConfiguration("'A2' is active without its parent 'A'"))
        XCTAssertEqual(problem(["A", "A1", "B"]), .notAConfiguration("'A' and 'B' are both active at the top level"))
        XCTAssertEqual(problem(["A"]), .notAConfiguration("'A' is active without an active child"))
        XCTAssertEqual(problem(["A", "A1", "A2"]), .notAConfiguration("'A' has two active children, 'A1' and 'A2'"))
        XCTAssertEqual(problem(["P", "Q1", "Q1a"]), .notAConfiguration("'P' is active without its region 'Q2'"))
        XCTAssertEqual(problem(["P", "Q1", "Q2"]), .notAConfiguration("'Q1' is active without an active child"))
    }

    func testAHistoryRecordIsKeptOnlyWhenItIsAConfigurationBelowItsState() {
        let records = tree.historyRecords(
            [
                "A": ["A2"], "P": ["Q1", "Q1a", "Q2"], "B": [], "Q1": ["Q1a"],
                "Gone": ["A1"],
            ],
            recordsHistory: { $0 != 4 })
        XCTAssertEqual(records.map(\.state), [0, 3], "Q1 does not record history, B's record is empty, Gone is gone")
        XCTAssertEqual(records.map(\.record), [[2], [4, 5, 6]])
        let broken = tree.historyRecords(
            ["A": ["A1", "A2"], "P": ["Q1", "Q2"]], recordsHistory: { _ in true })
        XCTAssertTrue(broken.isEmpty, "two children of A; Q1 without its child")
        XCTAssertTrue(tree.historyRecords(["A": ["B"]], recordsHistory: { _ in true }).isEmpty, "a state outside A")
        XCTAssertTrue(tree.historyRecords(["A": ["A1", "Zed"]], recordsHistory: { _ in true }).isEmpty)
    }

    func testTheLeavesOfAConfigurationAreItsStatesWithoutAnActiveChild() throws {
        XCTAssertEqual(tree.leaves(of: try tree.configuration(named: ["P", "Q1", "Q1a", "Q2"])), [5, 6])
        XCTAssertEqual(tree.leaves(of: try tree.configuration(named: ["A", "A2"])), [2])
        XCTAssertEqual(tree.leaves(of: [7]), [7])
    }

    func testARegionOrAChildIsNamedInTheOrderWritten() {
        let wide = Self.tree(
            names: ["P", "R1", "R2", "R3", "C", "C1", "C2", "C3"], parents: [-1, 0, 0, 0, -1, 4, 4, 4], parallel: [0])
        func problem(_ names: [String]) -> RestoreError? {
            do {
                _ = try wide.configuration(named: names)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(problem(["P", "R1", "R3"]), .notAConfiguration("'P' is active without its region 'R2'"))
        XCTAssertEqual(problem(["C", "C3", "C2", "C1"]), .notAConfiguration("'C' has two active children, 'C1' and 'C2'"))
        XCTAssertNil(problem(["P", "R3", "R2", "R1"]))
    }

    func testStackEntriesThatAreNotLeavesAreDropped() {
        XCTAssertEqual(tree.stack(["A1", "A", "Gone", "B", "A1"]), [1, 7, 1])
    }

    func testTimersThatNoLongerFitAreDroppedAndTheRestKeepTheirOrder() {
        func Timer(state: String?, index: Int, remainingNanoseconds: Int64) -> (String?, Int, Int64) {
            (state, index, remainingNanoseconds)
        }
        // Timers: 0 the machine's, 1 and 2 A1's, 3 B's.
        let owners = [-1, 1, 1, 7]
        var isActive = [Bool](repeating: false, count: 8)
        isActive[0] = true
        isActive[1] = true
        let entries = [
            Timer(state: "A1", index: 1, remainingNanoseconds: 30),
            Timer(state: "B", index: 0, remainingNanoseconds: 5),  // B is not active
            Timer(state: "A1", index: 2, remainingNanoseconds: 5),  // A1 has two timers
            Timer(state: nil, index: 0, remainingNanoseconds: 10),
            Timer(state: "A1", index: 1, remainingNanoseconds: 7),  // a second entry of the same timer
            Timer(state: "A1", index: 0, remainingNanoseconds: -1),  // negative
            Timer(state: "A", index: 0, remainingNanoseconds: 1),  // A has no timer
            Timer(state: "Gone", index: 0, remainingNanoseconds: 1),
            Timer(state: "A1", index: 0, remainingNanoseconds: 0),
        ]
        let kept = tree.timers(entries, owners: owners, isActive: isActive, machineIsRunning: true)
        XCTAssertEqual(kept.map(\.timer), [2, 0, 1])
        XCTAssertEqual(kept.map(\.remaining), [30, 10, 0])
        let finished = tree.timers(entries, owners: owners, isActive: isActive, machineIsRunning: false)
        XCTAssertEqual(finished.map(\.timer), [2, 1], "a finished machine's own timers are not armed again")
    }

    /// Found by the snapshot fuzzer (`make fuzz-snapshot`): an index as large as `Int.max` for a state
    /// whose timers are not the machine's first overflowed when it was added to the first one's
    /// number, and stopped the program; it is dropped, as any index past the state's timers is.
    func testATimerIndexAsLargeAsIntMaxIsDropped() {
        let owners = [-1, 1, 1, 7]
        var isActive = [Bool](repeating: false, count: 8)
        isActive[0] = true
        isActive[1] = true
        let entries: [(String?, Int, Int64)] = [
            ("A1", Int.max, 7), ("A1", Int.max - 1, 7), (nil, Int.max, 7), ("A1", 1, 5), ("A1", Int.min, 7),
        ]
        let kept = tree.timers(entries, owners: owners, isActive: isActive, machineIsRunning: true)
        XCTAssertEqual(kept.map(\.timer), [2])
        XCTAssertEqual(kept.map(\.remaining), [5])
    }

    /// The timers a snapshot lists: in the order they were armed (not by number or deadline), each
    /// named by its state and its place among that state's timers, with what it has left (a timer
    /// overdue has 0 left); a timer cancelled is not listed.
    func testArmedTimersAreListedInTheOrderArmedWithTheirStateAndIndex() {
        // Timers: 0 the machine's, 1 and 2 A1's, 3 B's.
        let timed = StateTree(
            machine: "Top", names: tree.names, parents: tree.parents, parallel: [3], byName: tree.byName,
            timerOwners: [-1, 1, 1, 7])
        var table = TimerTable(count: 4)
        table.now = 100
        table.arm(2, at: 150)
        table.arm(0, at: 400)
        table.arm(3, at: 90)
        table.arm(1, at: 120)
        table.cancel(3)
        table.arm(3, at: 130)  // armed again: now the last armed
        XCTAssertEqual(
            timed.armedTimers(table, now: 125),
            [
                Snapshot.ArmedTimer(state: "A1", index: 1, remainingNanoseconds: 25),
                Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 275),
                Snapshot.ArmedTimer(state: "A1", index: 0, remainingNanoseconds: 0),
                Snapshot.ArmedTimer(state: "B", index: 0, remainingNanoseconds: 5),
            ])
        XCTAssertEqual(tree.armedTimers(TimerTable(count: 0), now: 0), [], "a machine without timers")
    }

    /// A restore's timers from the snapshot itself: those of active states (and the machine's own while
    /// it runs) are kept, by timer number, in the snapshot's order.
    func testTimersRestoredFromASnapshotAreThoseOfTheActiveStates() {
        let timed = StateTree(
            machine: "Top", names: tree.names, parents: tree.parents, parallel: [3], byName: tree.byName,
            timerOwners: [-1, 1, 1, 7])
        let snapshot = Snapshot(
            machine: "Top", started: true, finished: false, activeStates: ["A", "A1"],
            timers: [
                .init(state: "B", index: 0, remainingNanoseconds: 5), .init(state: "A1", index: 1, remainingNanoseconds: 30),
                .init(state: nil, index: 0, remainingNanoseconds: 10),
            ])
        let running = timed.timers(restoring: snapshot, active: [0, 1], machineIsRunning: true)
        XCTAssertEqual(running.map(\.timer), [2, 0])
        XCTAssertEqual(running.map(\.remaining), [30, 10])
        XCTAssertEqual(timed.timers(restoring: snapshot, active: [0, 1], machineIsRunning: false).map(\.timer), [2])
    }

    /// The cases of a machine's `StateID`, as the generated code hands them to `StateTree`.
    private enum Door: String, CaseIterable {
        case closed = "Closed", opened = "Opened", locked = "Locked", ajar = "Ajar"
    }

    func testATreeOfAStateIDIsNamedByItsRawValuesAndFindsEachByName() {
        let door = StateTree(machine: "Door", states: Door.self)
        XCTAssertEqual(door.names, ["Closed", "Opened", "Locked", "Ajar"])
        XCTAssertEqual(door.parents, [-1, -1, -1, -1])
        XCTAssertEqual(door.byName, [3, 0, 2, 1])
        for (number, name) in door.names.enumerated() { XCTAssertEqual(door.number(named: name), number) }
        let nested = StateTree(machine: "Door", states: Door.self, parents: [-1, -1, 1, 1], parallel: [1])
        XCTAssertEqual(nested.childCounts, [0, 2, 0, 0])
        XCTAssertEqual(nested.isParallel, [false, true, false, false])
    }

    func testTheLeafOfASnapshotIsTheLastActiveStateAndNilBeforeStart() throws {
        let door = StateTree(machine: "Door", states: Door.self)
        XCTAssertEqual(try door.leaf(restoring: door.snapshot(started: true, finished: false, leaf: Door.locked)), 2)
        XCTAssertNil(try door.leaf(restoring: door.snapshot(started: false, finished: false, leaf: Door.locked)))
        let snapshot = door.snapshot(started: true, finished: false, leaf: Door.ajar)
        XCTAssertEqual(snapshot.activeStates, ["Ajar"])
        XCTAssertEqual(door.snapshot(started: true, finished: false, activeStates: [Door.opened]).activeStates, ["Opened"])
        XCTAssertThrowsError(try tree.leaf(restoring: snapshot))
    }
}
