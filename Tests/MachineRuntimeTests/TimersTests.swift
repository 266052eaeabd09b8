import XCTest

@testable import MachineRuntime

/// `FSMMachineTimers` and `FSMMachineClock`, the timers of a machine with timed transitions (4d).
final class TimersTests: XCTestCase {
    /// A second, in the table's nanoseconds.
    private let second: Int64 = 1_000_000_000

    /// The timer `takeDue(upTo:)` takes, `timers` left as they are.
    private func due(_ timers: FSMMachineTimers, upTo end: Int64) -> Int? {
        var copy = timers
        return copy.takeDue(upTo: end)
    }

    func testDueInDeadlineOrderThenArmingOrder() {
        var timers = FSMMachineTimers(count: 4)
        timers.arm(2, at: 5 * second)
        timers.arm(0, at: 3 * second)
        timers.arm(3, at: 3 * second)
        timers.arm(1, at: 9 * second)
        XCTAssertEqual(timers.nextDeadline, 3 * second)
        XCTAssertNil(due(timers, upTo: 2 * second))
        XCTAssertEqual(due(timers, upTo: 4 * second), 0, "same deadline: the first armed")
        timers.cancel(0)
        XCTAssertEqual(due(timers, upTo: 4 * second), 3)
        timers.cancel(3)
        XCTAssertEqual(due(timers, upTo: 100 * second), 2)
        XCTAssertEqual(timers.nextDeadline, 5 * second)
    }

    func testArmingAgainReplacesTheDeadlineAndComesLastAmongTies() {
        var timers = FSMMachineTimers(count: 2)
        let first = timers.arm(0, at: 1 * second)
        timers.arm(1, at: 2 * second)
        let again = timers.arm(0, at: 2 * second)
        XCTAssertNotEqual(first, again)
        XCTAssertEqual(timers.stamp(of: 0), again)
        XCTAssertEqual(due(timers, upTo: 2 * second), 1, "re-armed: after the one armed before it")
        XCTAssertNil(due(timers, upTo: 1 * second), "the old deadline is gone")
    }

    func testCancelReportsWhetherArmedAndCancelAllEmpties() {
        var timers = FSMMachineTimers(count: 3)
        XCTAssertFalse(timers.cancel(1))
        timers.arm(1, at: 0)
        timers.arm(2, at: 0)
        XCTAssertTrue(timers.cancel(1))
        XCTAssertEqual(timers.stamp(of: 1), 0)
        XCTAssertFalse(timers.isEmpty)
        timers.cancelAll()
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(timers.nextDeadline)
        XCTAssertNil(due(timers, upTo: 1 * second))
    }

    func testTheTimerDueFirstIsKeptAsTimersAreArmedAndCancelled() {
        var timers = FSMMachineTimers(count: 4)
        XCTAssertTrue(timers.isEmpty)
        timers.arm(0, at: 4 * second)
        timers.arm(1, at: 2 * second)
        timers.arm(2, at: 2 * second)
        XCTAssertEqual(due(timers, upTo: 9 * second), 1, "the earliest, then the first armed")
        timers.arm(1, at: 6 * second)
        XCTAssertEqual(due(timers, upTo: 9 * second), 2, "the first armed again later: found among the rest")
        timers.cancel(2)
        XCTAssertEqual(due(timers, upTo: 9 * second), 0)
        XCTAssertEqual(timers.nextDeadline, 4 * second)
        timers.arm(3, at: 4 * second)
        XCTAssertEqual(due(timers, upTo: 9 * second), 0, "armed later with the same deadline: not first")
        timers.cancel(1)
        timers.cancel(0)
        XCTAssertEqual(due(timers, upTo: 9 * second), 3)
        timers.cancel(3)
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(timers.nextDeadline)
        timers.arm(2, at: 1 * second)
        timers.cancelAll()
        XCTAssertTrue(timers.isEmpty)
        XCTAssertNil(due(timers, upTo: 9 * second))
    }

    func testTakingTheTimerDueCancelsItAndMovesTimeToItsDeadline() {
        var timers = FSMMachineTimers(count: 3)
        timers.arm(0, at: 2 * second)
        timers.arm(1, at: 1 * second)
        timers.arm(2, at: 1 * second)
        XCTAssertNil(timers.takeDue(upTo: second - 1))
        XCTAssertEqual(timers.now, 0, "nothing due: the time is left alone")
        XCTAssertEqual(timers.takeDue(upTo: 5 * second), 1)
        XCTAssertEqual(timers.now, 1 * second)
        XCTAssertEqual(timers.stamp(of: 1), 0, "taken: no longer armed")
        XCTAssertEqual(timers.takeDue(upTo: 5 * second), 2)
        XCTAssertEqual(timers.takeDue(upTo: 5 * second), 0)
        XCTAssertEqual(timers.now, 2 * second)
        XCTAssertNil(timers.takeDue(upTo: 5 * second))
        XCTAssertTrue(timers.isEmpty)
    }

    func testDurationsInWholeNanosecondsRoundedDownAndSaturated() {
        let nanoseconds = FSMMachineTimers.nanoseconds
        XCTAssertEqual(nanoseconds(.zero), 0)
        XCTAssertEqual(nanoseconds(.nanoseconds(7)), 7)
        XCTAssertEqual(nanoseconds(.seconds(2)), 2_000_000_000)
        XCTAssertEqual(nanoseconds(.milliseconds(1500)), 1_500_000_000)
        XCTAssertEqual(nanoseconds(.seconds(86_400 * 365) * 200), 86_400 * 365 * 200 * 1_000_000_000, "200 years")
        XCTAssertEqual(nanoseconds(.nanoseconds(1) / 2), 0, "a fraction of a nanosecond: rounded down")
        XCTAssertEqual(nanoseconds(.nanoseconds(5) / 2), 2)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max)), Int64.max)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max) - .nanoseconds(1) / 2), Int64.max - 1)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max) + .nanoseconds(1)), FSMMachineTimers.never, "saturated")
        XCTAssertEqual(nanoseconds(.seconds(Int64.max) * 18), FSMMachineTimers.never, "far past Int64 seconds: no trap")
        XCTAssertNil(nanoseconds(.nanoseconds(-1)))
        XCTAssertNil(nanoseconds(.nanoseconds(-1) / 2))
        XCTAssertNil(nanoseconds(.seconds(Int64.min)))
        // Against `components`, on durations with attoseconds, up to the last whole second that fits.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let seconds = Int64.random(in: 0...9_223_372_035, using: &generator)
            let attoseconds = Int64.random(in: 0..<1_000_000_000_000_000_000, using: &generator)
            let duration = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
            XCTAssertEqual(nanoseconds(duration), seconds * 1_000_000_000 + attoseconds / 1_000_000_000, "\(duration)")
        }
        // Every whole number of nanoseconds around the powers of two of the 128-bit count.
        for shift in 0..<63 {
            for offset: Int64 in [-1, 0, 1] {
                let count = (Int64(1) << shift) &+ offset
                guard count >= 0 else { continue }
                XCTAssertEqual(nanoseconds(.nanoseconds(count)), count, "\(count) ns")
            }
        }
    }

    func testTimesSaturateAndADeadlineAfterTheLastTimeIsNeverDue() {
        XCTAssertEqual(FSMMachineTimers.adding(5, to: 7), 12)
        XCTAssertEqual(FSMMachineTimers.adding(.max, to: 1), FSMMachineTimers.never)
        var timers = FSMMachineTimers(count: 2)
        timers.now = FSMMachineTimers.lastTime - 10
        XCTAssertEqual(timers.time(after: 4), FSMMachineTimers.lastTime - 6)
        XCTAssertEqual(timers.time(after: 10), FSMMachineTimers.lastTime)
        XCTAssertEqual(timers.time(after: 11), FSMMachineTimers.lastTime, "time stops at the last time")
        XCTAssertEqual(timers.time(after: .max), FSMMachineTimers.lastTime)
        timers.arm(0, at: FSMMachineTimers.adding(.max, to: timers.now))
        timers.arm(1, at: FSMMachineTimers.adding(10, to: timers.now))
        XCTAssertEqual(timers.takeDue(upTo: timers.time(after: .max)), 1)
        XCTAssertNil(timers.takeDue(upTo: timers.time(after: .max)), "never due")
        XCTAssertEqual(timers.nextDeadline, FSMMachineTimers.never, "yet armed")
    }

    func testClockReadsNanosecondsSinceItWasMade() async throws {
        let clock = FSMMachineClock(ContinuousClock())
        let start = clock.elapsed()
        XCTAssertGreaterThanOrEqual(start, 0)
        try await clock.sleep(start + 20_000_000)
        XCTAssertGreaterThanOrEqual(clock.elapsed(), start + 20_000_000, "never before its deadline")
    }
}
