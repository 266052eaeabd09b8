import FSMRuntime
import Foundation
import XCTest

/// The JSON of a snapshot is the contract's (section 4g): what version-3 machines, each with a
/// `Snapshot` of its own, wrote is what FSMRuntime's one `Snapshot` reads and writes, byte for byte.
final class SnapshotJSONTests: XCTestCase {
    /// Written by version 3's generated Checkout (docs/Generated-API.md), keys sorted.
    private let version3 = #"""
        {"activeStates":["Payment","Wallet"],"finished":false,"history":{"Payment":["Card"]},"machine":"Checkout","stack":["Cart"],"started":true,"timers":[{"index":0,"remainingNanoseconds":840000000000,"state":"Payment"},{"index":1,"remainingNanoseconds":5}]}
        """#

    func testAVersion3SnapshotReadsAndWritesTheSame() throws {
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: Data(version3.utf8))
        XCTAssertEqual(snapshot.machine, "Checkout")
        XCTAssertEqual(snapshot.activeStates, ["Payment", "Wallet"])
        XCTAssertEqual(snapshot.history, ["Payment": ["Card"]])
        XCTAssertEqual(snapshot.stack, ["Cart"])
        XCTAssertEqual(
            snapshot.timers,
            [
                Snapshot.ArmedTimer(state: "Payment", index: 0, remainingNanoseconds: 840_000_000_000),
                Snapshot.ArmedTimer(state: nil, index: 1, remainingNanoseconds: 5),
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(snapshot), as: UTF8.self), version3)
    }

    /// A snapshot checked by the tree of a machine restoring it: the machine's name first, then
    /// whether it started, then its states.
    func testARestoreChecksTheMachineThenTheStartThenTheStates() throws {
        let tree = StateTree(machine: "Door", names: ["Closed", "Opened"], parents: [-1, -1], parallel: [], byName: [0, 1])
        func snapshot(_ machine: String, started: Bool, _ active: [String]) -> Snapshot {
            Snapshot(
                machine: machine, started: started, finished: false, activeStates: active, history: [:], stack: [], timers: [])
        }
        XCTAssertThrowsError(try tree.configuration(restoring: snapshot("Gate", started: true, ["Closed"]))) {
            XCTAssertEqual($0 as? RestoreError, .otherMachine("Gate"))
        }
        XCTAssertThrowsError(try tree.configuration(restoring: snapshot("Door", started: false, ["Closed"]))) {
            XCTAssertEqual($0 as? RestoreError, .activeStatesBeforeStart)
        }
        XCTAssertNil(try tree.configuration(restoring: snapshot("Door", started: false, [])))
        XCTAssertEqual(try tree.configuration(restoring: snapshot("Door", started: true, ["Opened"])), [1])
        XCTAssertEqual(tree.snapshot(started: true, finished: false, leaf: "Opened").activeStates, ["Opened"])
        XCTAssertEqual(tree.snapshot(started: false, finished: false, leaf: "Opened").activeStates, [])
    }

    /// The path of a leaf is the leaf and the states it lies inside, outermost first.
    func testThePathToALeaf() {
        let tree = StateTree(
            machine: "M", names: ["A", "A1", "A1x", "B"], parents: [-1, 0, 1, -1], parallel: [], byName: [0, 1, 2, 3])
        XCTAssertEqual(tree.path(to: "A1x"), ["A", "A1", "A1x"])
        XCTAssertEqual(tree.path(to: "B"), ["B"])
        XCTAssertEqual(tree.path(to: "Nope"), [])
    }
}
