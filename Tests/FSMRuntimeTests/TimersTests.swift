import XCTest

@testable import FSMRuntime

/// `TimerTable` and `TimerClock`, the timers of a machine with timed transitions (4d).
final class TimersTests: XCTestCase {
    /// A second, in the table's nanoseconds.
    private let second: Int64 = 1_000_000_000

    /// The timer due first if one is due at or before `end`, `timers` left as they are.
    private func due(_ timers: TimerTable, upTo end: Int64) -> Int? {
        var copy = timers
        return copy.isDue(upTo: end) ? copy.takeFirst() : nil
    }

    func testDueInDeadlineOrderThenArmingOrder() {
        var timers = TimerTable(count: 4)
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
        var timers = TimerTable(count: 2)
        let first = timers.arm(0, at: 1 * second)
        timers.arm(1, at: 2 * second)
        let again = timers.arm(0, at: 2 * second)
        XCTAssertNotEqual(first, again)
        XCTAssertEqual(timers.stamp(of: 0), again)
        XCTAssertEqual(due(timers, upTo: 2 * second), 1, "re-armed: after the one armed before it")
        XCTAssertNil(due(timers, upTo: 1 * second), "the old deadline is gone")
    }

    func testCancelReportsWhetherArmedAndCancelAllEmpties() {
        var timers = TimerTable(count: 3)
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
        var timers = TimerTable(count: 4)
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

    func testTakingTheTimerDueFirstCancelsItAndMovesTimeToItsDeadline() {
        var timers = TimerTable(count: 3)
        timers.arm(0, at: 2 * second)
        timers.arm(1, at: 1 * second)
        timers.arm(2, at: 1 * second)
        XCTAssertFalse(timers.isDue(upTo: second - 1))
        XCTAssertTrue(timers.isDue(upTo: second))
        XCTAssertEqual(timers.takeFirst(), 1)
        XCTAssertEqual(timers.now, 1 * second)
        XCTAssertEqual(timers.stamp(of: 1), 0, "taken: no longer armed")
        XCTAssertNil(timers.deadline(of: 1))
        XCTAssertEqual(timers.takeFirst(), 2)
        XCTAssertEqual(timers.deadline(of: 0), 2 * second)
        XCTAssertEqual(timers.takeFirst(), 0)
        XCTAssertEqual(timers.now, 2 * second)
        XCTAssertFalse(timers.isDue(upTo: .max))
        XCTAssertTrue(timers.isEmpty)
    }

    func testDurationsInWholeNanosecondsRoundedDownAndSaturated() {
        let nanoseconds = TimerTable.nanoseconds
        XCTAssertEqual(nanoseconds(.zero), 0)
        XCTAssertEqual(nanoseconds(.nanoseconds(7)), 7)
        XCTAssertEqual(nanoseconds(.seconds(2)), 2_000_000_000)
        XCTAssertEqual(nanoseconds(.milliseconds(1500)), 1_500_000_000)
        XCTAssertEqual(nanoseconds(.seconds(86_400 * 365) * 200), 86_400 * 365 * 200 * 1_000_000_000, "200 years")
        XCTAssertEqual(nanoseconds(.nanoseconds(1) / 2), 0, "a fraction of a nanosecond: rounded down")
        XCTAssertEqual(nanoseconds(.nanoseconds(5) / 2), 2)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max)), Int64.max)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max) - .nanoseconds(1) / 2), Int64.max - 1)
        XCTAssertEqual(nanoseconds(.nanoseconds(Int64.max) + .nanoseconds(1)), TimerTable.never, "saturated")
        XCTAssertEqual(nanoseconds(.seconds(Int64.max) * 18), TimerTable.never, "far past Int64 seconds: no trap")
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
        XCTAssertEqual(TimerTable.adding(5, to: 7), 12)
        XCTAssertEqual(TimerTable.adding(.max, to: 1), TimerTable.never)
        var timers = TimerTable(count: 2)
        timers.now = TimerTable.lastTime - 10
        XCTAssertEqual(timers.time(after: 4), TimerTable.lastTime - 6)
        XCTAssertEqual(timers.time(after: 10), TimerTable.lastTime)
        XCTAssertEqual(timers.time(after: 11), TimerTable.lastTime, "time stops at the last time")
        XCTAssertEqual(timers.time(after: .max), TimerTable.lastTime)
        timers.arm(0, at: TimerTable.adding(.max, to: timers.now))
        timers.arm(1, at: TimerTable.adding(10, to: timers.now))
        XCTAssertEqual(due(timers, upTo: timers.time(after: .max)), 1)
        XCTAssertEqual(timers.takeFirst(), 1)
        XCTAssertNil(due(timers, upTo: timers.time(after: .max)), "never due")
        XCTAssertEqual(timers.nextDeadline, TimerTable.never, "yet armed")
    }

    func testAgreesWithAListOfArmedTimersOnRandomOperations() {
        // The reference: the armed timers as a list, the one due first found by (deadline, arming).
        var generator = Seeded(state: 33)
        for _ in 0..<200 {
            let count = Int.random(in: 1...6, using: &generator)
            var timers = TimerTable(count: count)
            var reference: [(timer: Int, deadline: Int64, stamp: UInt64)] = []
            var now: Int64 = 0
            for _ in 0..<60 {
                let timer = Int.random(in: 0..<count, using: &generator)
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let deadline = now + Int64.random(in: 0...3, using: &generator)
                    let stamp = timers.arm(timer, at: deadline)
                    reference.removeAll { $0.timer == timer }
                    reference.append((timer, deadline, stamp))
                case 5..<8:
                    let armed = reference.contains { $0.timer == timer }
                    XCTAssertEqual(timers.cancel(timer), armed)
                    reference.removeAll { $0.timer == timer }
                case 8:
                    let end = now + Int64.random(in: 0...2, using: &generator)
                    // The earliest by (deadline, stamp).
                    while let due = reference.filter({ $0.deadline <= end }).min(by: { ($0.1, $0.2) < ($1.1, $1.2) }) {
                        XCTAssertTrue(timers.isDue(upTo: end))
                        XCTAssertEqual(timers.takeFirst(), due.timer)
                        XCTAssertEqual(timers.now, due.deadline)
                        reference.removeAll { $0.timer == due.timer }
                    }
                    XCTAssertFalse(timers.isDue(upTo: end))
                    now = end
                default:
                    timers.cancelAll()
                    reference.removeAll()
                }
                XCTAssertEqual(timers.isEmpty, reference.isEmpty)
                XCTAssertEqual(timers.nextDeadline, reference.map(\.deadline).min())
                for timer in 0..<count {
                    let armed = reference.first { $0.timer == timer }
                    XCTAssertEqual(timers.deadline(of: timer), armed?.deadline)
                    XCTAssertEqual(timers.stamp(of: timer), armed?.stamp ?? 0)
                }
            }
        }
    }

    func testClockReadsNanosecondsSinceItWasMade() async throws {
        let clock = TimerClock(ContinuousClock())
        let start = clock.elapsed()
        XCTAssertGreaterThanOrEqual(start, 0)
        try await clock.sleep(start + 20_000_000)
        XCTAssertGreaterThanOrEqual(clock.elapsed(), start + 20_000_000, "never before its deadline")
    }
}

/// A seeded generator (a 64-bit linear congruential one, its high bits folded in), so that a
/// failure repeats.
private struct Seeded: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
