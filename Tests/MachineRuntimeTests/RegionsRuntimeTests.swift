import XCTest

@testable import MachineRuntime

// The tree of the tests, numbered in document order:
//
//     parallel state P {            0
//         state A {                 1
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
    override class var isParallel: Bool { true }
}
private class A: FSMMachine.State {
    override class var number: Int { 1 }
    override class var parent: FSMMachine.State.Type? { P.self }
}
private class A1: FSMMachine.State {
    override class var number: Int { 2 }
    override class var parent: FSMMachine.State.Type? { A.self }
}
private class A2: FSMMachine.State {
    override class var number: Int { 3 }
    override class var parent: FSMMachine.State.Type? { A.self }
}
private class B: FSMMachine.State {
    override class var number: Int { 4 }
    override class var parent: FSMMachine.State.Type? { P.self }
}
private class B1: FSMMachine.State {
    override class var number: Int { 5 }
    override class var parent: FSMMachine.State.Type? { B.self }
}
private class B2: FSMMachine.State {
    override class var number: Int { 6 }
    override class var parent: FSMMachine.State.Type? { B.self }
}
private class Q: FSMMachine.State {
    override class var number: Int { 7 }
}

/// The run-time code of a machine with regions (Sources/MachineRuntime/Runtime), run on the tree
/// above: the hot rules that every generated machine with a parallel state copies (the selection,
/// the direct step). The rest are FSMRuntime's `RegionRules` (Tests/FSMRuntimeTests).
final class RegionsRuntimeTests: XCTestCase {
    private func runtime(_ configuration: [FSMMachine.State.Type]) -> FSMMachineRuntime {
        FSMMachineRuntime(configuration: configuration, capacity: 8)
    }

    private func numbers(_ states: some Sequence<FSMMachine.State.Type>) -> [Int] { states.map(\.number) }

    override func tearDown() {
        FSMMachineRuntime.steps = [:]
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

    // MARK: - The direct step

    func testTheDirectStepDropsConflictsInPlace() {
        FSMMachineRuntime.steps = [
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
