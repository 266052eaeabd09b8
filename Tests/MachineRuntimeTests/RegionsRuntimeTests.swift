import XCTest

@testable import MachineRuntime

// The tree of the tests, numbered in document order:
//
//     parallel state P {            0   (records history)
//         state A {                 1   (records history)
//             initial A1
//             state A1              2
//             final state A2        3
//         }
//         state B {                 4
//             initial B1
//             state B1              5
//             final state B2        6
//         }
//     }
//     state Q                       7
private class P: FSMMachine.State {
    override class var number: Int { 0 }
    override class var isComposite: Bool { true }
    override class var isParallel: Bool { true }
    override class var regions: [FSMMachine.State.Type] { [A.self, B.self] }
    override class var recordsHistory: Bool { true }
}
private class A: FSMMachine.State {
    override class var number: Int { 1 }
    override class var parent: FSMMachine.State.Type? { P.self }
    override class var isComposite: Bool { true }
    override class var initial: FSMMachine.State.Type? { A1.self }
    override class var recordsHistory: Bool { true }
}
private class A1: FSMMachine.State {
    override class var number: Int { 2 }
    override class var parent: FSMMachine.State.Type? { A.self }
}
private class A2: FSMMachine.State {
    override class var number: Int { 3 }
    override class var parent: FSMMachine.State.Type? { A.self }
    override class var isFinal: Bool { true }
}
private class B: FSMMachine.State {
    override class var number: Int { 4 }
    override class var parent: FSMMachine.State.Type? { P.self }
    override class var isComposite: Bool { true }
    override class var initial: FSMMachine.State.Type? { B1.self }
}
private class B1: FSMMachine.State {
    override class var number: Int { 5 }
    override class var parent: FSMMachine.State.Type? { B.self }
}
private class B2: FSMMachine.State {
    override class var number: Int { 6 }
    override class var parent: FSMMachine.State.Type? { B.self }
    override class var isFinal: Bool { true }
}
private class Q: FSMMachine.State {
    override class var number: Int { 7 }
}

/// The run-time code of a machine with regions (Sources/MachineRuntime/Runtime), run on the tree
/// above: the rules that every generated machine with a parallel state copies.
final class RegionsRuntimeTests: XCTestCase {
    private func runtime(_ configuration: [FSMMachine.State.Type]) -> FSMMachineRuntime {
        FSMMachineRuntime(configuration: configuration, capacity: 8)
    }

    private func numbers(_ states: some Sequence<FSMMachine.State.Type>) -> [Int] { states.map(\.number) }

    override func tearDown() {
        FSMMachineTransition.table = []
        FSMMachineTransition.steps = [:]
    }

    // MARK: - Selection

    func testEachStateIsExaminedOncePerSelection() {
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        XCTAssertTrue(machine.examine(0))
        XCTAssertFalse(machine.examine(0))
        XCTAssertTrue(machine.examine(8))  // the machine's slot, after the states
        machine.beginSelection()
        XCTAssertTrue(machine.examine(0))
    }

    func testSelectionKeepsOrderAndNotesExternalTransitions() {
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        XCTAssertTrue(machine.select(4))
        XCTAssertFalse(machine.selectedExternal)
        XCTAssertTrue(machine.select(2, isExternal: true))
        XCTAssertEqual(Array(machine.selected[..<machine.selectedCount]), [4, 2])
        XCTAssertTrue(machine.selectedExternal)
        XCTAssertTrue(machine.allSelected { $0 > 1 })
        XCTAssertFalse(machine.allSelected { $0 > 2 })
        machine.beginSelection()
        XCTAssertEqual(machine.selectedCount, 0)
        XCTAssertFalse(machine.selectedExternal)
    }

    func testTheLeavesAreTheActiveStatesWithoutActiveChildren() {
        let machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        XCTAssertEqual(numbers(machine.leaves), [2, 5])
        XCTAssertTrue(machine.isActive(B1.self))
        XCTAssertFalse(machine.isActive(B2.self))
    }

    func testReplacingALeafChangesTheConfigurationAndTheLeaves() {
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        machine.replaceLeaf(B1.self, by: B2.self)
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 2, 4, 6])
        XCTAssertEqual(numbers(machine.leaves), [2, 6])
    }

    func testTheInnermostStateContainingEveryActiveState() {
        // Below a parallel state two regions are active: the parallel state contains them all.
        XCTAssertEqual(runtime([P.self, A.self, A1.self, B.self, B1.self]).innermostContaining, P.id)
        XCTAssertEqual(runtime([Q.self]).innermostContaining, Q.id)
    }

    // MARK: - The general step

    func testExitSets() {
        FSMMachineTransition.table = [
            FSMMachineTransition(source: A1.self, domain: A.self, target: A2.self),  // 0
            FSMMachineTransition(source: P.self, domain: nil, target: Q.self),  // 1
            FSMMachineTransition(source: B1.self, domain: nil, target: nil),  // 2: internal
        ]
        let machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        XCTAssertEqual(numbers(machine.exitSet(of: .numbered(0))), [2])
        XCTAssertEqual(numbers(machine.exitSet(of: .numbered(1))), [0, 1, 2, 4, 5])
        XCTAssertEqual(numbers(machine.exitSet(of: .numbered(2))), [])
    }

    func testConflictsKeepTheMoreSpecificSource() {
        FSMMachineTransition.table = [
            FSMMachineTransition(source: A1.self, domain: A.self, target: A2.self),  // 0
            FSMMachineTransition(source: B1.self, domain: B.self, target: B2.self),  // 1
            FSMMachineTransition(source: P.self, domain: nil, target: Q.self),  // 2
        ]
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        // Transitions in two regions do not conflict.
        machine.beginSelection()
        _ = machine.select(0, isExternal: true)
        _ = machine.select(1, isExternal: true)
        XCTAssertEqual(machine.removingConflicts(), [0, 1])
        // P's transition exits A1 too. Selected after it, A1's source lies inside P: A1's replaces it.
        machine.beginSelection()
        _ = machine.select(2, isExternal: true)
        _ = machine.select(0, isExternal: true)
        XCTAssertEqual(machine.removingConflicts(), [0])
        // Selected after A1's, P's source does not lie inside A1: P's is dropped.
        machine.beginSelection()
        _ = machine.select(0, isExternal: true)
        _ = machine.select(2, isExternal: true)
        XCTAssertEqual(machine.removingConflicts(), [0])
    }

    func testEntrySetsEnterTheOtherRegionsByTheirDefaultEntry() {
        let machine = runtime([Q.self])
        // From Q to A1: P, A and A1 on the way, and the other region B by its default entry.
        let entered = machine.entrySet(
            to: A1.self, below: nil, belowTarget: machine.entry(below: A1.self), defaultEntry: { machine.entry(below: $0) })
        XCTAssertEqual(numbers(entered), [0, 1, 2, 4, 5])
        // To P itself: every region by its default entry.
        XCTAssertEqual(numbers(machine.entry(below: P.self)), [1, 2, 4, 5])
        // Inside one region, below its domain: the target alone.
        let inside = machine.entrySet(to: A2.self, below: A.self, belowTarget: [], defaultEntry: { _ in [] })
        XCTAssertEqual(numbers(inside), [3])
    }

    // MARK: - History

    func testHistoryIsRecordedOnExitAndEntered() {
        var machine = runtime([P.self, A.self, A1.self, B.self, B2.self])
        machine.record(exiting: [B2.self, B.self, A1.self, A.self, P.self])
        XCTAssertEqual(machine.history[0].map(numbers), [1, 2, 4, 6])  // P: everything inside it
        XCTAssertEqual(machine.history[1].map(numbers), [2])  // A: its active child
        XCTAssertNil(machine.history[4])  // B records nothing
        XCTAssertEqual(numbers(machine.entry(below: P.self, by: .deep)), [1, 2, 4, 6])
        // Shallow: the recorded children, each by its default entry (B2 is not restored).
        XCTAssertEqual(numbers(machine.entry(below: P.self, by: .shallow)), [1, 2, 4, 5])
        // Without history asked for, the default entry.
        XCTAssertEqual(numbers(machine.entry(below: P.self, by: nil)), [1, 2, 4, 5])
    }

    func testARecordedFinalChildMeansTheDefaultEntry() {
        var machine = runtime([P.self, A.self, A2.self, B.self, B1.self])
        machine.record(exiting: [A2.self, A.self])
        XCTAssertEqual(machine.history[1].map(numbers), [3])
        XCTAssertEqual(numbers(machine.entry(below: A.self, by: .shallow)), [2])  // A1, not A2
    }

    // MARK: - Completion

    func testStatesCompleteInTheOrderTheirFinalChildrenAreEntered() {
        let machine = runtime([P.self, A.self, A2.self, B.self, B2.self])
        // A completes with A2; P only once B has completed too.
        XCTAssertEqual(numbers(machine.completingStates(onEntering: [A2.self, B2.self])), [1, 4, 0])
        XCTAssertTrue(FSMMachineRuntime.isComplete(P.self, in: machine.configuration))
        let halfway = runtime([P.self, A.self, A2.self, B.self, B1.self])
        XCTAssertEqual(numbers(halfway.completingStates(onEntering: [A2.self])), [1])
        XCTAssertFalse(FSMMachineRuntime.isComplete(P.self, in: halfway.configuration))
        // A simple state completes when it is entered.
        XCTAssertEqual(numbers(runtime([Q.self]).completingStates(onEntering: [Q.self])), [7])
    }

    // MARK: - The direct step

    func testTheDirectStepDropsConflictsInPlace() {
        FSMMachineTransition.steps = [
            0: (exits: 2..<4, source: 2, insideSource: 3..<3),  // A1 -> A2, inside A
            1: (exits: 5..<7, source: 5, insideSource: 6..<6),  // B1 -> B2, inside B
            2: (exits: 0..<8, source: 0, insideSource: 1..<7),  // P -> Q
        ]
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        _ = machine.select(2, isExternal: true)
        _ = machine.select(1, isExternal: true)
        machine.removeConflicts()
        XCTAssertEqual(Array(machine.selected[..<machine.selectedCount]), [1])  // B1's lies inside P
        XCTAssertTrue(machine.isExited(5))
        XCTAssertFalse(machine.isExited(2))
        machine.beginSelection()
        _ = machine.select(1, isExternal: true)
        _ = machine.select(0, isExternal: true)
        machine.removeConflicts()
        machine.sortSelectedByExits()
        XCTAssertEqual(Array(machine.selected[..<machine.selectedCount]), [0, 1])  // by their domains
    }

    func testTheDirectStepReplacesARangeOfStates() {
        var machine = runtime([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginReplacing(2..<4)  // inside A
        machine.newConfiguration.append(A2.self)
        machine.newLeaves.append(A2.self)
        machine.endReplacing()
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 3, 4, 5])
        XCTAssertEqual(numbers(machine.leaves), [3, 5])
        machine.beginReplacingAll()
        machine.newConfiguration.append(Q.self)
        machine.newLeaves.append(Q.self)
        machine.endReplacing()
        XCTAssertEqual(numbers(machine.configuration), [7])
        XCTAssertEqual(numbers(machine.leaves), [7])
    }
}
