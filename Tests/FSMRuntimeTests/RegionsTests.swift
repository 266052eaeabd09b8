import FSMRuntime
import XCTest

// The tree of the tests, numbered in document order, as a generated machine's state classes:
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
private class State {
    class var number: Int { preconditionFailure("every state overrides number") }
    class var parent: State.Type? { nil }
    class var isParallel: Bool { false }
}
private class P: State {
    override class var number: Int { 0 }
    override class var isParallel: Bool { true }
}
private class A: State {
    override class var number: Int { 1 }
    override class var parent: State.Type? { P.self }
}
private class A1: State {
    override class var number: Int { 2 }
    override class var parent: State.Type? { A.self }
}
private class A2: State {
    override class var number: Int { 3 }
    override class var parent: State.Type? { A.self }
}
private class B: State {
    override class var number: Int { 4 }
    override class var parent: State.Type? { P.self }
}
private class B1: State {
    override class var number: Int { 5 }
    override class var parent: State.Type? { B.self }
}
private class B2: State {
    override class var number: Int { 6 }
    override class var parent: State.Type? { B.self }
}
private class Q: State {
    override class var number: Int { 7 }
}

/// `FixedList`, the storage of a machine with regions.
final class FixedListTests: XCTestCase {
    func testAppendReplaceAndRemove() {
        var list = FixedList([1, 2], capacity: 4)
        XCTAssertEqual(list.capacity, 4)
        XCTAssertEqual(Array(list.elements), [1, 2])
        list.append(3)
        XCTAssertEqual(Array(list.elements), [1, 2, 3])
        list.elements[0] = 7
        XCTAssertEqual(Array(list.elements), [7, 2, 3])
        list.replace(with: [5])
        XCTAssertEqual(Array(list.elements), [5])
        list.removeAll()
        XCTAssertEqual(list.count, 0)
        XCTAssertTrue(list.elements.isEmpty)
        let zeros = FixedList(repeating: 0, count: 3)
        XCTAssertEqual(Array(zeros.elements), [0, 0, 0])
        XCTAssertEqual(zeros.capacity, 3)
    }

    /// Elements that are not trivial are released when they are removed and with the list.
    func testElementsAreReleased() {
        weak var removed: AnyObject?
        weak var kept: AnyObject?
        do {
            var list = FixedList<AnyObject>(capacity: 2)
            do {
                let first = NSObject()
                let second = NSObject()
                removed = first
                kept = second
                list.append(first)
                list.removeAll()
                list.append(second)
            }
            XCTAssertNil(removed)
            XCTAssertNotNil(kept)
            XCTAssertEqual(list.count, 1)
        }
        XCTAssertNil(kept)
    }
}

/// `Regions`, the hot path of a machine with regions (the selection, the direct step), run on the
/// tree above with the closures and the table a generated machine hands it. The rest of the step
/// is `RegionRules` (RegionRulesTests).
final class RegionsTests: XCTestCase {
    private func regions(_ configuration: [State.Type]) -> Regions<State.Type> {
        let leaves = configuration.filter { state in !configuration.contains { $0.parent == state } }
        return Regions(configuration: configuration, leaves: leaves, states: 8, selecting: 2)
    }

    private func numbers(_ states: UnsafeMutableBufferPointer<State.Type>) -> [Int] { states.map(\.number) }

    // MARK: - Selection

    func testEachStateIsExaminedOncePerSelection() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        XCTAssertTrue(machine.examine(0))
        XCTAssertFalse(machine.examine(0))
        XCTAssertTrue(machine.examine(8))  // the machine's slot, after the states
        machine.beginSelection()
        XCTAssertTrue(machine.examine(0))
    }

    func testSelectionKeepsOrderAndNotesExternalTransitions() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        XCTAssertTrue(machine.select(4))
        XCTAssertFalse(machine.selectedExternal)
        XCTAssertTrue(machine.select(2, isExternal: true))
        XCTAssertEqual(Array(machine.selected), [4, 2])
        XCTAssertEqual(machine.selectedCount, 2)
        XCTAssertTrue(machine.selectedExternal)
        XCTAssertTrue(machine.allSelected { $0 > 1 })
        XCTAssertFalse(machine.allSelected { $0 > 2 })
        machine.beginSelection()
        XCTAssertEqual(machine.selectedCount, 0)
        XCTAssertFalse(machine.selectedExternal)
    }

    func testTheConfigurationAndTheLeaves() {
        let machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 2, 4, 5])
        XCTAssertEqual(numbers(machine.leaves), [2, 5])
    }

    func testReplacingALeafChangesTheConfigurationAndTheLeaves() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.replaceLeaf(where: { $0 == B1.self }, by: B2.self)
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 2, 4, 6])
        XCTAssertEqual(numbers(machine.leaves), [2, 6])
    }

    func testTheInnermostStateContainingEveryActiveState() {
        func innermost(_ configuration: [State.Type]) -> Int {
            regions(configuration).innermostContaining(isParallel: { $0.isParallel }, isChild: { $0.parent == $1 }).number
        }
        // Below a parallel state two regions are active: the parallel state contains them all.
        XCTAssertEqual(innermost([P.self, A.self, A1.self, B.self, B1.self]), 0)
        XCTAssertEqual(innermost([Q.self]), 7)
    }

    // MARK: - The direct step

    /// The direct steps of the tests, by transition number, as a generated machine's `step(_:)`.
    private static func step(_ number: Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>) {
        switch number {
        case 0: (exits: 2..<4, source: 2, insideSource: 3..<3)  // A1 -> A2, inside A
        case 1: (exits: 5..<7, source: 5, insideSource: 6..<6)  // B1 -> B2, inside B
        case 2: (exits: 0..<8, source: 0, insideSource: 1..<7)  // P -> Q
        default: preconditionFailure("no direct step for transition \(number)")
        }
    }

    func testTheDirectStepDropsConflictsInPlace() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginSelection()
        _ = machine.select(2, isExternal: true)
        _ = machine.select(1, isExternal: true)
        machine.removeConflicts(Self.step)
        XCTAssertEqual(Array(machine.selected), [1])  // B1's lies inside P
        XCTAssertTrue(machine.isExited(5, Self.step))
        XCTAssertFalse(machine.isExited(2, Self.step))
        machine.beginSelection()
        _ = machine.select(1, isExternal: true)
        _ = machine.select(0, isExternal: true)
        machine.removeConflicts(Self.step)
        machine.sortSelectedByExits(Self.step)
        XCTAssertEqual(Array(machine.selected), [0, 1])  // by their domains
    }

    func testTheDirectStepReplacesARangeOfStates() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.beginReplacing(2..<4) { $0.number }  // inside A
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
        // The lists swap: each step builds in the storage the one before left.
        machine.beginReplacingAll()
        machine.newConfiguration.append(P.self)
        machine.newConfiguration.append(A.self)
        machine.newLeaves.append(A.self)
        machine.endReplacing()
        XCTAssertEqual(numbers(machine.configuration), [0, 1])
    }

    /// `replace(_:byLeaf:number:)`, the direct step of a transition that enters its target leaf alone:
    /// the same as the replacement written out, leaf for leaf.
    func testOneLeafTakesTheRangeItReplaces() {
        var machine = regions([P.self, A.self, A1.self, B.self, B1.self])
        machine.replace(5..<7, byLeaf: B2.self) { $0.number }  // inside B: B1 -> B2
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 2, 4, 6])
        XCTAssertEqual(numbers(machine.leaves), [2, 6])
        machine.replace(2..<4, byLeaf: A2.self) { $0.number }  // inside A: A1 -> A2
        XCTAssertEqual(numbers(machine.configuration), [0, 1, 3, 4, 6])
        XCTAssertEqual(numbers(machine.leaves), [3, 6])
    }
}
