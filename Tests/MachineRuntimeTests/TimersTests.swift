import XCTest

@testable import MachineRuntime

/// `FSMMachineTimers` and `FSMMachineClock`, the timers of a machine with timed transitions (4d).
final class TimersTests: XCTestCase {
    func testDueInDeadlineOrderThenArmingOrder() {
        var timers = FSMMachineTimers(count: 4)
        timers.arm(2, at: .seconds(5))
        timers.arm(0, at: .seconds(3))
        timers.arm(3, at: .seconds(3))
        timers.arm(1, at: .seconds(9))
        XCTAssertEqual(timers.nextDeadline, .seconds(3))
        XCTAssertNil(timers.due(upTo: .seconds(2)))
        XCTAssertEqual(timers.due(upTo: .seconds(4))?.timer, 0, "same deadline: the first armed")
        timers.cancel(0)
        XCTAssertEqual(timers.due(upTo: .seconds(4))?.timer, 3)
        timers.cancel(3)
        XCTAssertEqual(timers.due(upTo: .seconds(100))?.timer, 2)
        XCTAssertEqual(timers.due(upTo: .seconds(100))?.deadline, .seconds(5))
    }

    func testArmingAgainReplacesTheDeadlineAndComesLastAmongTies() {
        var timers = FSMMachineTimers(count: 2)
        let first = timers.arm(0, at: .seconds(1))
        timers.arm(1, at: .seconds(2))
        let second = timers.arm(0, at: .seconds(2))
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(timers.stamp(of: 0), second)
        XCTAssertEqual(timers.due(upTo: .seconds(2))?.timer, 1, "re-armed: after the one armed before it")
        XCTAssertNil(timers.due(upTo: .seconds(1)), "the old deadline is gone")
    }

    func testCancelReportsWhetherArmedAndCancelAllEmpties() {
        var timers = FSMMachineTimers(count: 3)
        XCTAssertFalse(timers.cancel(1))
        timers.arm(1, at: .zero)
        timers.arm(2, at: .zero)
        XCTAssertTrue(timers.cancel(1))
        XCTAssertEqual(timers.stamp(of: 1), 0)
        XCTAssertFalse(timers.isEmpty)
        timers.cancelAll()
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(timers.nextDeadline)
        XCTAssertNil(timers.due(upTo: .seconds(1)))
    }

    func testTheTimerDueFirstIsKeptAsTimersAreArmedAndCancelled() {
        var timers = FSMMachineTimers(count: 4)
        XCTAssertTrue(timers.isEmpty)
        timers.arm(0, at: .seconds(4))
        timers.arm(1, at: .seconds(2))
        timers.arm(2, at: .seconds(2))
        XCTAssertEqual(timers.due(upTo: .seconds(9))?.timer, 1, "the earliest, then the first armed")
        timers.arm(1, at: .seconds(6))
        XCTAssertEqual(timers.due(upTo: .seconds(9))?.timer, 2, "the first armed again later: found among the rest")
        timers.cancel(2)
        XCTAssertEqual(timers.due(upTo: .seconds(9))?.timer, 0)
        XCTAssertEqual(timers.nextDeadline, .seconds(4))
        timers.arm(3, at: .seconds(4))
        XCTAssertEqual(timers.due(upTo: .seconds(9))?.timer, 0, "armed later with the same deadline: not first")
        timers.cancel(1)
        timers.cancel(0)
        XCTAssertEqual(timers.due(upTo: .seconds(9))?.timer, 3)
        timers.cancel(3)
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(timers.nextDeadline)
        timers.arm(2, at: .seconds(1))
        timers.cancelAll()
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(timers.due(upTo: .seconds(9)))
    }

    func testClockReadsDurationsSinceItWasMade() async throws {
        let clock = FSMMachineClock(ContinuousClock())
        let start = clock.elapsed()
        XCTAssertGreaterThanOrEqual(start, .zero)
        try await clock.sleep(start + .milliseconds(20))
        XCTAssertGreaterThanOrEqual(clock.elapsed(), start + .milliseconds(20), "never before its deadline")
    }
}
