import XCTest

@testable import MachineRuntime

/// What the actions saw: the states entered, in order, by `enterInward`.
private final class Recorder: FSMMachineActions {
    var entered: [String] = []
}

/// A state of the tests' tree whose `enterInward` notes its name and its ancestors' from just below
/// `depth`, outermost first, as the generated classes call their entry activities.
private class Node: FSMMachine.State {
    class var name: String { preconditionFailure("every state names itself") }
    override class func enterInward(below depth: Int, _ actions: any FSMMachineActions) {
        var path: [String] = []
        var state: FSMMachine.State.Type? = self
        while let current = state, current.depth > depth {
            path.append((current as? Node.Type)?.name ?? "?")
            state = current.parent
        }
        (actions as? Recorder)?.entered += path.reversed()
    }
}

// The tree, numbered in document order, with depths:
//
//     state S {                      0, depth 0 (initial history T)
//         initial T
//         state T {                  1, depth 1
//             initial T1
//             state T1               2, depth 2
//             state T2               3, depth 2
//         }
//         state U                    4, depth 1
//         final state Done           5, depth 1
//     }
private class S: Node {
    override class var name: String { "S" }
    override class var number: Int { 0 }
    override class var initial: FSMMachine.State.Type? { T.self }
    override class var initialHistory: FSMMachineHistory? { .shallow }
}
private class T: Node {
    override class var name: String { "T" }
    override class var number: Int { 1 }
    override class var depth: Int { 1 }
    override class var parent: FSMMachine.State.Type? { S.self }
    override class var initial: FSMMachine.State.Type? { T1.self }
}
private class T1: Node {
    override class var name: String { "T1" }
    override class var number: Int { 2 }
    override class var depth: Int { 2 }
    override class var parent: FSMMachine.State.Type? { T.self }
}
private class T2: Node {
    override class var name: String { "T2" }
    override class var number: Int { 3 }
    override class var depth: Int { 2 }
    override class var parent: FSMMachine.State.Type? { T.self }
}
private class U: Node {
    override class var name: String { "U" }
    override class var number: Int { 4 }
    override class var depth: Int { 1 }
    override class var parent: FSMMachine.State.Type? { S.self }
}
private class Done: Node {
    override class var name: String { "Done" }
    override class var number: Int { 5 }
    override class var depth: Int { 1 }
    override class var parent: FSMMachine.State.Type? { S.self }
    override class var isFinal: Bool { true }
}

/// The entry by history of a machine with one active leaf (Runtime/OneLeaf+History.swift): the
/// record of a state is the leaf that was active when it was exited.
final class OneLeafHistoryTests: XCTestCase {
    /// Enters below `state` with `record` as S's history record (none when `nil`).
    private func enter(_ state: FSMMachine.State.Type, by history: FSMMachineHistory?, record: FSMMachine.State.Type?)
        -> (leaf: FSMMachine.State.Type, entered: [String])
    {
        let records = record.map { [S.id: $0] } ?? [:]
        let recorder = Recorder()
        let leaf = FSMMachineLeafRuntime.enterInside(state, by: history, records: records, recorder)
        return (leaf, recorder.entered)
    }

    func testWithoutARecordTheDefaultEntry() {
        // S has `initial history T`, but no record yet: T, then T's initial child.
        let result = enter(S.self, by: nil, record: nil)
        XCTAssertTrue(result.leaf == T1.self)
        XCTAssertEqual(result.entered, ["T", "T1"])
    }

    func testDeepHistoryEntersTheRecordedLeaf() {
        let result = enter(S.self, by: .deep, record: T2.self)
        XCTAssertTrue(result.leaf == T2.self)
        XCTAssertEqual(result.entered, ["T", "T2"])  // every state down to the recorded leaf
    }

    func testShallowHistoryEntersTheRecordedChildByItsDefaultEntry() {
        let result = enter(S.self, by: .shallow, record: T2.self)
        XCTAssertTrue(result.leaf == T1.self)
        XCTAssertEqual(result.entered, ["T", "T1"])
    }

    func testInitialHistoryIsTheDefaultEntryOnceThereIsARecord() {
        let result = enter(S.self, by: nil, record: U.self)
        XCTAssertTrue(result.leaf == U.self)
        XCTAssertEqual(result.entered, ["U"])
    }

    func testARecordedFinalChildMeansTheDefaultEntry() {
        // S had completed: its history is not used.
        let result = enter(S.self, by: .deep, record: Done.self)
        XCTAssertTrue(result.leaf == T1.self)
        XCTAssertEqual(result.entered, ["T", "T1"])
    }
}
