import XCTest

@testable import FSMRuntime

/// `ActivityTable`, where each activity of a machine is (section 4f).
final class ActivitiesTests: XCTestCase {
    func testAnActivityStartsAfterItsStepAndEndsOnce() {
        var activities = ActivityTable(count: 3)
        activities.entered(2)
        activities.entered(0)
        XCTAssertTrue(activities.hasPending)
        XCTAssertEqual(activities.phase(of: 0), .pending)
        XCTAssertEqual(activities.startPending(), [0, 2], "document order, not entry order")
        XCTAssertFalse(activities.hasPending)
        XCTAssertEqual(activities.running, [0, 2])
        let stamp = activities.stamp(of: 2)
        XCTAssertTrue(activities.ended(2, stamp: stamp, threw: false))
        XCTAssertTrue(activities.isDone(2))
        XCTAssertFalse(activities.ended(2, stamp: stamp, threw: false), "an outcome counts once")
        XCTAssertTrue(activities.ended(0, stamp: activities.stamp(of: 0), threw: true))
        XCTAssertEqual(activities.phase(of: 0), .idle, "a throw ends it without being done")
    }

    func testAStateLeftInTheSameStepNeverStartsItsActivity() {
        var activities = ActivityTable(count: 1)
        activities.entered(0)
        XCTAssertFalse(activities.exited(0), "it was not running: no task to cancel")
        XCTAssertEqual(activities.startPending(), [])
    }

    func testAnOutcomeAfterExitOrReentryIsDiscarded() {
        var activities = ActivityTable(count: 1)
        activities.entered(0)
        _ = activities.startPending()
        let first = activities.stamp(of: 0)
        XCTAssertTrue(activities.exited(0), "running: its task is cancelled")
        XCTAssertFalse(activities.ended(0, stamp: first, threw: false), "after exit")
        activities.entered(0)
        _ = activities.startPending()
        XCTAssertFalse(activities.ended(0, stamp: first, threw: false), "after re-entry: the old entry's")
        XCTAssertEqual(activities.phase(of: 0), .running)
        XCTAssertTrue(activities.ended(0, stamp: activities.stamp(of: 0), threw: false))
    }

    /// What `finishActivity(of:)` and `failActivity(of:with:)` end: the running activity and the stamp
    /// of its state's entry (a later entry has another stamp, so an outcome of the earlier one is discarded).
    func testAnActivityEndedByHandIsTheRunningOneWithItsEntrysStamp() {
        var table = ActivityTable(count: 2)
        table.entered(1)
        _ = table.startPending()
        let first = table.endedByHand(1, of: "S", "finishActivity(of:)", runsTasks: false, inStep: false)
        XCTAssertEqual(first.activity, 1)
        XCTAssertEqual(first.stamp, table.stamp(of: 1))
        _ = table.exited(1)
        table.entered(1)
        _ = table.startPending()
        let second = table.endedByHand(1, of: "S", "failActivity(of:)", runsTasks: false, inStep: false)
        XCTAssertNotEqual(second.stamp, first.stamp)
        XCTAssertFalse(table.ended(1, stamp: first.stamp, threw: false), "the earlier entry's outcome is discarded")
        XCTAssertTrue(table.ended(1, stamp: second.stamp, threw: false))
    }
}
