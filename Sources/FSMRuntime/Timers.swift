// Timers (section 4d): how a machine learns that time passes, the armed timers of a machine with
// timed transitions, and the clock a machine with clock timing reads.

/// How a machine with timed transitions (`after`, `every`) learns that time passes. Every such
/// machine names it as its own (`M.Timing`), so one value (a test's clock) serves all of an app's
/// machines.
///
/// - `clock`: timeouts come by themselves on the machine's actor when the clock reaches their
///   deadline, never before. Any `Clock<Duration>` works: `ContinuousClock` (the default),
///   `SuspendingClock`, or a test clock that a test advances by hand.
/// - `manual`: time moves only when the machine's `advanceTime(by:)` is called, as a test or a game
///   loop does; its `nextTimeout` says how long until the next timeout.
///
/// Frozen: these are the two ways there are, so a switch over them needs no `@unknown default`, also
/// against a runtime built with library evolution.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@frozen
public enum Timing: Sendable {
    case clock(any Clock<Duration>)
    case manual
}

/// The armed timers, one per timed transition at most (a state is active once at a time: entering
/// it again cancels its timers first). A timer is a number, its timed transition's place among the
/// machine's; each is due at a deadline. The storage is allocated once, so arming, cancelling and
/// firing a timer allocate nothing. The timer due first is kept up to date as timers are armed and
/// cancelled, so that asking what is due, on every `advanceTime(by:)` and after every timeout, reads
/// two stored values and compares one deadline.
///
/// Times (the machine's time, deadlines) and delays are whole nanoseconds in an `Int64`, counted
/// since the machine was made: adding and comparing them is inlined integer arithmetic, where
/// `Duration`'s operators are calls into the standard library. A `Duration` is converted where it
/// comes in (`advanceTime(by:)`, a delay asked of the actions, the clock's time:
/// ``nanoseconds(_:)``) and where one goes out (`nextTimeout`, the clock's sleep). The language's
/// durations are whole nanoseconds, so nothing is lost on them; a `Duration` with a fraction of a
/// nanosecond is rounded down to a whole one (a clock's time too: a timeout never comes early).
/// An `Int64` of nanoseconds reaches 292 years: time stops at ``lastTime``, and a deadline beyond
/// it is ``never``, which no time reaches.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@frozen
public struct TimerTable {
    /// The machine's time, in nanoseconds since it was made (0 to ``lastTime``): with manual timing
    /// moved only by `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    public var now: Int64 = 0
    /// Whether a timeout is being handled: with clock timing, a timer armed meanwhile counts from
    /// its deadline, `now`, not from the clock.
    public var isHandlingTimeout = false
    /// By timer: its deadline, meaningful while it is armed; its arming, 0 when it is not armed,
    /// else a number that grows with every arming, which tells a timer armed again from before; and
    /// while it is armed, the timers armed just before and after it (-1 at either end). One array,
    /// written in place (`withUnsafeMutableBufferPointer`: its uniqueness checked once an operation).
    @usableFromInline var slots: [(deadline: Int64, stamp: UInt64, previous: Int, next: Int)]
    /// The armed timers in arming order, a list through `slots`: the first and the last armed, -1
    /// when none is. Arming again moves a timer to the end.
    @usableFromInline var oldest = -1
    @usableFromInline var newest = -1
    @usableFromInline var nextStamp: UInt64 = 1
    /// The armed timer due first (the earliest deadline, and of those the first armed), -1 when
    /// none is armed; and its deadline.
    @usableFromInline var first = -1
    @usableFromInline var firstDeadline: Int64 = 0

    /// The latest time the machine reaches, 2⁶³ − 2 ns (292 years): a later one is this one.
    public static let lastTime = Int64.max - 1
    /// The deadline of a timer due after ``lastTime``: it is armed, and never due.
    public static let never = Int64.max

    /// Room for `count` timers, none armed.
    @inlinable
    public init(count: Int) {
        slots = Array(repeating: (0, 0, -1, -1), count: count)
    }

    /// `duration` in whole nanoseconds, rounded down, ``never`` when it is longer than 292 years;
    /// `nil` when it is negative. Inlined arithmetic on `Duration`'s 128-bit count of attoseconds,
    /// `_high` and `_low`, public stored properties of a frozen type (its `attoseconds`, the same
    /// count as an `Int128`, needs macOS 15; its `components` is a call of some 200 instructions, and
    /// traps when the seconds do not fit an `Int64`).
    @inlinable
    public static func nanoseconds(_ duration: Swift.Duration) -> Int64? {
        let high = duration._high
        let low = duration._low
        // Under 2⁶⁴ attoseconds (18.4 s), the common case: one division by a constant.
        if high == 0 { return Int64(truncatingIfNeeded: low / 1_000_000_000) }
        guard high > 0 else { return nil }
        // From 500,000,000 × 2⁶⁴ attoseconds, 2⁶³ ns, on: too long for an Int64.
        guard high < 500_000_000 else { return never }
        // high × 2⁶⁴ + low attoseconds, over 10⁹, where 2⁶⁴ = 18,446,744,073 × 10⁹ + 709,551,616.
        let (lowQuotient, lowRemainder) = low.quotientAndRemainder(dividingBy: 1_000_000_000)
        let wholeHigh = UInt64(high)
        let rest = (wholeHigh &* 709_551_616 &+ lowRemainder) / 1_000_000_000
        return Int64(truncatingIfNeeded: wholeHigh &* 18_446_744_073 &+ lowQuotient &+ rest)
    }

    /// The deadline `delay` (not negative) after `time`: ``never`` when it is after ``lastTime``.
    @inlinable
    public static func adding(_ delay: Int64, to time: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(delay)
        return overflow ? never : sum
    }

    /// The time `span` (not negative) after the machine's, at most ``lastTime``.
    @inlinable
    public func time(after span: Int64) -> Int64 {
        span > Self.lastTime &- now ? Self.lastTime : now &+ span
    }

    /// The end of the machine's `advanceTime(by: duration)`: its time `duration` later, at most
    /// ``lastTime``. Checks what the call requires: `duration` is not negative, the machine has
    /// manual timing (not `clockTiming`), and the call is not made from inside a guard or an action
    /// (`inStep`).
    @inlinable
    public func end(
        ofAdvancingBy duration: Swift.Duration, clockTiming: @autoclosure () -> Bool, inStep: @autoclosure () -> Bool
    ) -> Int64 {
        // The checks in this order, each read only when the one before passed: inlined, the
        // machine's `advanceTime(by:)` reads nothing sooner than it has to.
        guard let span = Self.nanoseconds(duration) else { preconditionFailure("advanceTime(by:) with a negative duration") }
        precondition(!clockTiming(), "advanceTime(by:) on a machine with clock timing")
        precondition(!inStep(), "advanceTime(by:) from inside a guard or an action")
        return time(after: span)
    }

    /// How long from `time` until the earliest armed timer is due, `.zero` when it is due by then;
    /// `nil` when none is armed: the machine's `nextTimeout`.
    @inlinable
    public func timeToNextDeadline(from time: Int64) -> Swift.Duration? {
        guard first >= 0 else { return nil }
        return .nanoseconds(Swift.max(firstDeadline - time, 0))
    }

    /// Whether any timer is armed.
    @inlinable
    public var isEmpty: Bool { first < 0 }

    /// The arming of `timer` now in force, 0 when it is not armed.
    @inlinable
    public func stamp(of timer: Int) -> UInt64 { slots[timer].stamp }

    /// Arms `timer` due `delay` nanoseconds (not negative) after now: the time of `clock`, or while a
    /// timeout is handled its deadline, the machine's time (also with manual timing: `clock` is `nil`).
    /// Returns the deadline, which a task of the clock sleeps until.
    @discardableResult @inlinable
    public mutating func arm(_ timer: Int, after delay: Int64, clock: TimerClock?) -> Int64 {
        let start = if let clock, !isHandlingTimeout { clock.elapsed() } else { now }
        let deadline = Self.adding(delay, to: start)
        arm(timer, at: deadline)
        return deadline
    }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult @inlinable
    public mutating func arm(_ timer: Int, at deadline: Int64) -> UInt64 {
        // The one bounds check: `slots` is written through a buffer pointer, which has none.
        precondition(timer >= 0 && timer < slots.count, "no timer \(timer)")
        let stamp = nextStamp
        nextStamp += 1
        var ends = (oldest: oldest, newest: newest)
        slots.withUnsafeMutableBufferPointer { slots in
            if slots[timer].stamp != 0 { Self.unlink(timer, in: slots, ends: &ends) }
            slots[timer] = (deadline, stamp, ends.newest, -1)
            if ends.newest >= 0 { slots[ends.newest].next = timer } else { ends.oldest = timer }
            ends.newest = timer
        }
        (oldest, newest) = ends
        if timer == first {
            findFirst()  // armed again: its deadline moved
        } else if first < 0 || deadline < firstDeadline {
            first = timer  // the latest arming: first only when strictly earlier
            firstDeadline = deadline
        }
        return stamp
    }

    /// Cancels `timer`; returns whether it was armed. Small enough to be inlined where it is
    /// called: a timer is often cancelled when it is not armed (its timeout just came, and its
    /// transition exits its state).
    @discardableResult @inlinable
    public mutating func cancel(_ timer: Int) -> Bool {
        guard slots[timer].stamp != 0 else { return false }
        disarm(timer)
        return true
    }

    /// Cancels `timer`, which is armed.
    @inlinable @inline(never)
    mutating func disarm(_ timer: Int) {
        var ends = (oldest: oldest, newest: newest)
        slots.withUnsafeMutableBufferPointer { slots in
            slots[timer].stamp = 0
            Self.unlink(timer, in: slots, ends: &ends)
        }
        (oldest, newest) = ends
        if timer == first { findFirst() }
    }

    /// Takes `timer` out of the list of armed timers whose ends are `ends`.
    @inlinable
    static func unlink(
        _ timer: Int, in slots: UnsafeMutableBufferPointer<(deadline: Int64, stamp: UInt64, previous: Int, next: Int)>,
        ends: inout (oldest: Int, newest: Int)
    ) {
        let (previous, next) = (slots[timer].previous, slots[timer].next)
        if previous >= 0 { slots[previous].next = next } else { ends.oldest = next }
        if next >= 0 { slots[next].previous = previous } else { ends.newest = previous }
    }

    /// Cancels every timer.
    @inlinable
    public mutating func cancelAll() {
        var timer = oldest
        while timer >= 0 {
            slots[timer].stamp = 0
            timer = slots[timer].next
        }
        (oldest, newest, first) = (-1, -1, -1)
    }

    /// Finds the timer due first among the armed ones: the earliest deadline, and of those the
    /// first armed, the first met in arming order.
    @inlinable
    mutating func findFirst() {
        first = -1
        var timer = oldest
        while timer >= 0 {
            let slot = slots[timer]
            if first < 0 || slot.deadline < firstDeadline {
                first = timer
                firstDeadline = slot.deadline
            }
            timer = slot.next
        }
    }

    /// The deadline of `timer`, `nil` when it is not armed.
    @inlinable
    public func deadline(of timer: Int) -> Int64? { slots[timer].stamp == 0 ? nil : slots[timer].deadline }

    /// Whether a timer is due at or before `end`.
    @inlinable
    public func isDue(upTo end: Int64) -> Bool { first >= 0 && firstDeadline <= end }

    /// The timer due first (the earliest deadline, and of those the first armed), one being armed:
    /// cancels it and moves the machine's time to its deadline, for its timeout.
    @inlinable
    public mutating func takeFirst() -> Int {
        precondition(first >= 0, "no timer is armed")
        let timer = first
        now = firstDeadline
        disarm(timer)
        return timer
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    @inlinable
    public var nextDeadline: Int64? { first >= 0 ? firstDeadline : nil }
}

/// A clock, whichever type it has, read as nanoseconds since the machine was made (its time rounded
/// down to a whole nanosecond, see ``TimerTable``): what a machine with clock timing needs of
/// it. Its own type (`any Clock<Duration>` opened once) is hidden in the two closures.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct TimerClock: Sendable {
    /// The clock's time now, in nanoseconds since the machine was made.
    public let elapsed: @Sendable () -> Int64
    /// Sleeps until the clock reaches a time in nanoseconds since the machine was made (throws
    /// when cancelled, if the clock's sleep does).
    public let sleep: @Sendable (Int64) async throws -> Void

    public init(_ clock: some Clock<Duration>) {
        let origin = clock.now
        elapsed = { TimerTable.nanoseconds(origin.duration(to: clock.now)) ?? 0 }
        sleep = { deadline in try await clock.sleep(until: origin.advanced(by: .nanoseconds(deadline)), tolerance: nil) }
    }
}
