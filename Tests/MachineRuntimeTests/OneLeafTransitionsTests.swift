import XCTest

@testable import MachineRuntime

/// What the actions saw: the states exited and entered, in order.
private final class Log: FSMMachineActions {
    var lines: [String] = []
}

/// A state of the tests' tree that notes its exit and entry as the generated classes run their
/// exit and entry activities: exits from this state outwards while deeper than `depth`, entries
/// from just below `depth` inwards.
private class Node: FSMMachine.State {
    class var name: String { preconditionFailure("every state names itself") }
    override class func exitOutward(to depth: Int, _ context: FSMMachine, _ actions: any FSMMachineActions) {
        var state: FSMMachine.State.Type? = self
        while let current = state, current.depth > depth {
            (actions as? Log)?.lines.append("exit \((current as? Node.Type)?.name ?? "?")")
            state = current.parent
        }
    }
    override class func enterInward(below depth: Int, _ actions: any FSMMachineActions) {
        var path: [String] = []
        var state: FSMMachine.State.Type? = self
        while let current = state, current.depth > depth {
            path.append("enter \((current as? Node.Type)?.name ?? "?")")
            state = current.parent
        }
        (actions as? Log)?.lines += path.reversed()
    }
}

// The tree, numbered in document order, with depths:
//
//     state A {        0, depth 0
//         state A1     1, depth 1
//         state A2     2, depth 1
//     }
//     state B          3, depth 0
//     final state End  4, depth 0
private class A: Node {
    override class var name: String { "A" }
    override class var number: Int { 0 }
}
private final class A1: A {
    override class var name: String { "A1" }
    override class var number: Int { 1 }
    override class var depth: Int { 1 }
    override class var parent: FSMMachine.State.Type? { A.self }
}
private final class A2: A {
    override class var name: String { "A2" }
    override class var number: Int { 2 }
    override class var depth: Int { 1 }
    override class var parent: FSMMachine.State.Type? { A.self }
}
private final class B: Node {
    override class var name: String { "B" }
    override class var number: Int { 3 }
}
private final class End: Node {
    override class var name: String { "End" }
    override class var number: Int { 4 }
    override class var finishesMachine: Bool { true }
}

/// `transition(below:to:)`, `transition(from:to:)`, `push()` and `pop(from:)` of a machine with one
/// active leaf (Runtime/OneLeaf+Transitions.swift): exits innermost first, the effects, entries
/// outermost first, and the new leaf.
final class OneLeafTransitionsTests: XCTestCase {
    override func setUp() {
        FSMMachine.State.tree = [0: A.self, 1: A1.self, 2: A2.self, 3: B.self, 4: End.self]
    }

    func testAnExternalTransitionExitsToItsDomainRunsTheEffectsAndEnters() {
        let log = Log()
        let machine = FSMMachine(current: A1.self)
        XCTAssertTrue(machine.transition(below: nil, to: B.self, log) { log.lines.append("effect") })
        XCTAssertEqual(log.lines, ["exit A1", "exit A", "effect", "enter B"])
        XCTAssertTrue(machine.machine.current == B.self)
        log.lines = []
        _ = machine.transition(below: nil, to: A2.self, log)
        _ = machine.transition(below: A.self.id, to: A1.self, log)
        XCTAssertEqual(log.lines, ["exit B", "enter A", "enter A2", "exit A2", "enter A1"], "inside A: A stays")
        XCTAssertFalse(machine.machine.isFinished)
        _ = machine.transition(below: nil, to: End.self, log)
        XCTAssertTrue(machine.machine.isFinished, "a top-level final state finishes the machine")
    }

    func testASiblingTransitionExitsTheLeafAloneAndEntersItsSibling() {
        let log = Log()
        let machine = FSMMachine(current: A1.self)
        XCTAssertTrue(machine.transition(from: A1.self, to: A2.self, log) { log.lines.append("effect") })
        XCTAssertEqual(log.lines, ["exit A1", "effect", "enter A2"])
        XCTAssertTrue(machine.machine.current == A2.self)
        log.lines = []
        _ = machine.transition(from: A2.self, to: A2.self, log)
        XCTAssertEqual(log.lines, ["exit A2", "enter A2"], "a self-transition leaves and enters again")
    }

    func testPopReturnsToThePushedLeafThroughTheDomainItFinds() {
        let log = Log()
        let machine = FSMMachine(current: A2.self)
        machine.push()
        _ = machine.transition(below: nil, to: B.self, log)
        log.lines = []
        XCTAssertTrue(machine.pop(from: B.self, log))
        XCTAssertEqual(log.lines, ["exit B", "enter A", "enter A2"])
        XCTAssertTrue(machine.machine.current == A2.self)
        XCTAssertTrue(machine.machine.stack.isEmpty)
        // From A1 to the pushed A2: both inside A, which stays active.
        machine.push()
        _ = machine.transition(from: A2.self, to: A1.self, log)
        log.lines = []
        _ = machine.pop(from: A1.self, log)
        XCTAssertEqual(log.lines, ["exit A1", "enter A2"])
    }
}
