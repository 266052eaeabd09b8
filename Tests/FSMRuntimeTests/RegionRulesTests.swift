import FSMRuntime
import XCTest

// The tree of the tests, numbered in document order:
//
//     parallel state P {            0   (records history)
//         state A {                 1   (records history)
//             initial A1
//             state A1              2
//             final state A2        3
//         }
//         state B {                 4   (do / activity 0)
//             initial B1
//             state B1              5
//             final state B2        6
//         }
//     }
//     state Q                       7
//     state R {                     8   (initial history: deep)
//         initial R1
//         state R1                  9
//         state R2                  10
//     }

/// `RegionRules`, the general step, history and completion of a machine with parallel states, on
/// the tree above.
final class RegionRulesTests: XCTestCase {
    private static let tree = StateTree(
        machine: "M", names: ["P", "A", "A1", "A2", "B", "B1", "B2", "Q", "R", "R1", "R2"],
        parents: [-1, 0, 1, 1, 0, 4, 4, -1, -1, 8, 8], parallel: [0], byName: [])

    private func rules(_ transitions: [RegionRules.Transition] = [], activities: [Int: Int] = [:]) -> RegionRules {
        RegionRules(
            tree: Self.tree, initial: [-1, 2, -1, -1, 5, -1, -1, -1, 9, -1, -1], finals: [3, 6], recording: [0, 1, 8],
            initialHistory: [8: .deep], activities: activities, transitions: transitions)
    }

    private let running = [0, 1, 2, 4, 5]

    // MARK: - The general step

    func testExitSets() {
        let rules = rules([
            .init(source: 2, domain: 1, target: 3),  // 0: A1 -> A2
            .init(source: 0, domain: -1, target: 7),  // 1: P -> Q
            .init(source: 5, domain: -1, target: -1),  // 2: internal
        ])
        XCTAssertEqual(rules.exitSet(of: 0, in: running), [2])
        XCTAssertEqual(rules.exitSet(of: 1, in: running), [0, 1, 2, 4, 5])
        XCTAssertEqual(rules.exitSet(of: 2, in: running), [])
    }

    func testConflictsKeepTheMoreSpecificSource() {
        let rules = rules([
            .init(source: 2, domain: 1, target: 3),  // 0: A1 -> A2
            .init(source: 5, domain: 4, target: 6),  // 1: B1 -> B2
            .init(source: 0, domain: -1, target: 7),  // 2: P -> Q
        ])
        // Transitions in two regions do not conflict.
        XCTAssertEqual(rules.removingConflicts([0, 1], in: running), [0, 1])
        // P's transition exits A1 too. Selected after it, A1's source lies inside P: A1's replaces it.
        XCTAssertEqual(rules.removingConflicts([2, 0], in: running), [0])
        // Selected after A1's, P's source does not lie inside A1: P's is dropped.
        XCTAssertEqual(rules.removingConflicts([0, 2], in: running), [0])
    }

    func testEntrySetsEnterTheOtherRegionsByTheirDefaultEntry() {
        let rules = rules([
            .init(source: 7, domain: -1, target: 2),  // 0: Q -> A1
            .init(source: 2, domain: 1, target: 3),  // 1: A1 -> A2
            .init(source: 7, domain: -1, target: 0),  // 2: Q -> P
        ])
        // From Q to A1: P, A and A1 on the way, and the other region B by its default entry.
        XCTAssertEqual(rules.entrySet(of: 0, records: [:]), [0, 1, 2, 4, 5])
        // Inside one region, below its domain: the target alone.
        XCTAssertEqual(rules.entrySet(of: 1, records: [:]), [3])
        // To P itself: every region by its default entry.
        XCTAssertEqual(rules.entrySet(of: 2, records: [:]), [0, 1, 2, 4, 5])
    }

    func testAStepExitsInReverseOrderAndEntersInOrder() {
        let rules = rules([
            .init(source: 2, domain: 1, target: 3),  // 0: A1 -> A2
            .init(source: 5, domain: 4, target: 6),  // 1: B1 -> B2
            .init(source: 0, domain: -1, target: 7),  // 2: P -> Q
            .init(source: 7, domain: -1, target: 0),  // 3: Q -> P
        ])
        let both = rules.step(selected: [1, 0], in: running)
        XCTAssertEqual(both.fired, [1, 0])
        XCTAssertEqual(both.exiting, [5, 2])
        XCTAssertEqual(both.entering, [3, 6])
        XCTAssertEqual(both.configuration, [0, 1, 3, 4, 6])
        let out = rules.step(selected: [2], in: running)
        XCTAssertEqual(out.exiting, [5, 4, 2, 1, 0])
        XCTAssertEqual(out.entering, [7])
        XCTAssertEqual(out.configuration, [7])
        let back = rules.step(selected: [3], in: [7])
        XCTAssertEqual(back.entering, [0, 1, 2, 4, 5])
        XCTAssertEqual(back.configuration, [0, 1, 2, 4, 5])
    }

    // MARK: - History

    func testHistoryIsRecordedOnExitAndEntered() {
        let rules = rules()
        var records: [Int: [Int]] = [:]
        rules.record(exiting: [6, 4, 2, 1, 0], in: [0, 1, 2, 4, 6], into: &records)
        XCTAssertEqual(records[0], [1, 2, 4, 6])  // P: everything inside it
        XCTAssertEqual(records[1], [2])  // A: its active child
        XCTAssertNil(records[4])  // B records nothing
        XCTAssertEqual(rules.entry(below: 0, by: .deep, records: records), [1, 2, 4, 6])
        // Shallow: the recorded children, each by its default entry (B2 is not restored).
        XCTAssertEqual(rules.entry(below: 0, by: .shallow, records: records), [1, 2, 4, 5])
        // Without history asked for, the default entry.
        XCTAssertEqual(rules.entry(below: 0, by: nil, records: records), [1, 2, 4, 5])
    }

    func testARecordedFinalChildMeansTheDefaultEntry() {
        let rules = rules()
        var records: [Int: [Int]] = [:]
        rules.record(exiting: [3, 1], in: [0, 1, 3, 4, 5], into: &records)
        XCTAssertEqual(records[1], [3])
        XCTAssertEqual(rules.entry(below: 1, by: .shallow, records: records), [2])  // A1, not A2
    }

    func testAStepRecordsHistoryAndEntersByIt() {
        let rules = rules([
            .init(source: 9, domain: 8, target: 10),  // 0: R1 -> R2
            .init(source: 8, domain: -1, target: 7),  // 1: R -> Q
            .init(source: 7, domain: -1, target: 8),  // 2: Q -> R, entered by its initial history
            .init(source: 7, domain: -1, target: 0, history: .deep),  // 3: Q -> deep history P
        ])
        var records: [Int: [Int]] = [:]
        XCTAssertEqual(rules.step(selected: [0], in: [8, 9], records: &records).configuration, [8, 10])
        XCTAssertEqual(records, [:])  // R was not exited
        XCTAssertEqual(rules.step(selected: [1], in: [8, 10], records: &records).configuration, [7])
        XCTAssertEqual(records, [8: [10]])
        XCTAssertEqual(rules.step(selected: [2], in: [7], records: &records).entering, [8, 10])
        // No record of P yet: its default entry.
        XCTAssertEqual(rules.step(selected: [3], in: [7], records: &records).entering, [0, 1, 2, 4, 5])
        records[0] = [1, 2, 4, 6]
        XCTAssertEqual(rules.step(selected: [3], in: [7], records: &records).entering, [0, 1, 2, 4, 6])
    }

    // MARK: - Completion

    func testStatesCompleteInTheOrderTheirFinalChildrenAreEntered() {
        let rules = rules()
        // A completes with A2; P only once B has completed too.
        XCTAssertEqual(rules.completingStates(onEntering: [3, 6], in: [0, 1, 3, 4, 6]), [1, 4, 0])
        XCTAssertTrue(rules.isComplete(0, in: [0, 1, 3, 4, 6]))
        XCTAssertEqual(rules.completingStates(onEntering: [3], in: [0, 1, 3, 4, 5]), [1])
        XCTAssertFalse(rules.isComplete(0, in: [0, 1, 3, 4, 5]))
        // A simple state completes when it is entered; a composite one with its final child only.
        XCTAssertEqual(rules.completingStates(onEntering: [7], in: [7]), [7])
        XCTAssertTrue(rules.completes(7, in: [7]))
        XCTAssertFalse(rules.completes(8, in: [8, 9]))
    }

    func testAStateWhoseActivityIsNotDoneDoesNotComplete() {
        let rules = rules(activities: [4: 0])
        var activities = ActivityTable(count: 1)
        activities.entered(0)
        // B's activity runs: B does not complete with B2, nor P with it.
        XCTAssertEqual(rules.completingStates(onEntering: [3, 6], in: [0, 1, 3, 4, 6], activities: activities), [1])
        XCTAssertFalse(rules.isComplete(0, in: [0, 1, 3, 4, 6], activities: activities))
        XCTAssertEqual(rules.completingStates(whenActivityOf: 4, in: [0, 1, 3, 4, 6], activities: activities), [])
        XCTAssertEqual(activities.startPending(), [0])
        XCTAssertTrue(activities.ended(0, stamp: activities.stamp(of: 0), threw: false))
        // Once it is done, B completes, and P with it: A had completed.
        XCTAssertEqual(rules.completingStates(whenActivityOf: 4, in: [0, 1, 3, 4, 6], activities: activities), [4, 0])
        XCTAssertEqual(rules.completingStates(whenActivityOf: 4, in: [0, 1, 2, 4, 6], activities: activities), [4])
    }
}
