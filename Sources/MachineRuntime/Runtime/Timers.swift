// Timers (section 4d): the armed timers of a machine with timed transitions, and the clock a
// machine with clock timing reads. Copied into each generated machine that has `after` or `every`.

/// The armed timers, one per timed transition at most (a state is active once at a time: entering
/// it again cancels its timers first). A timer is a number, its timed transition's place among the
/// machine's; each is due at a deadline, a duration since the machine was made. The storage is
/// allocated once, so arming, cancelling and firing a timer allocate nothing. The timer due first is
/// kept up to date as timers are armed and cancelled, so that asking what is due, on every
/// `advanceTime(by:)` and after every timeout, reads two stored values and compares one deadline.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineTimers {
    /// The machine's time, as a duration since it was made: with manual timing moved only by
    /// `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    var now: Swift.Duration = .zero
    /// Whether a timeout is being handled: with clock timing, a timer armed meanwhile counts from
    /// its deadline, `now`, not from the clock.
    var isHandlingTimeout = false
    /// Each timer's deadline, meaningful while it is armed, and its arming: 0 when it is not armed,
    /// else a number that grows with every arming, which orders timers with the same deadline and
    /// tells a timer armed again from before. By number; one array, so that arming writes one.
    private var slots: [(deadline: Swift.Duration, stamp: UInt64)]
    /// The armed timers' numbers, in no order.
    private var armed: [Int]
    private var nextStamp: UInt64 = 1
    /// The armed timer due first (the earliest deadline, and of those the first armed), -1 when
    /// none is armed; and its deadline.
    private var first = -1
    private var firstDeadline: Swift.Duration = .zero

    /// Room for `count` timers, none armed.
    init(count: Int) {
        slots = Array(repeating: (.zero, 0), count: count)
        armed = []
        armed.reserveCapacity(count)
    }

    /// Whether any timer is armed.
    var isEmpty: Bool { first < 0 }

    /// The arming of `timer` now in force, 0 when it is not armed.
    func stamp(of timer: Int) -> UInt64 { slots[timer].stamp }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult
    mutating func arm(_ timer: Int, at deadline: Swift.Duration) -> UInt64 {
        if slots[timer].stamp == 0 { armed.append(timer) }
        let stamp = nextStamp
        slots[timer] = (deadline, stamp)
        nextStamp += 1
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
    @discardableResult
    mutating func cancel(_ timer: Int) -> Bool {
        guard slots[timer].stamp != 0 else { return false }
        disarm(timer)
        return true
    }

    /// Cancels `timer`, which is armed.
    @inline(never)
    private mutating func disarm(_ timer: Int) {
        slots[timer].stamp = 0
        if let position = armed.firstIndex(of: timer) {
            armed[position] = armed[armed.count - 1]
            armed.removeLast()
        }
        if timer != first {
            return
        } else if armed.isEmpty {
            first = -1
        } else {
            findFirst()
        }
    }

    /// Cancels every timer.
    mutating func cancelAll() {
        for timer in armed { slots[timer].stamp = 0 }
        armed.removeAll(keepingCapacity: true)
        first = -1
    }

    /// Finds the timer due first among the armed ones.
    private mutating func findFirst() {
        first = -1
        var position = 0
        while position < armed.count {
            let timer = armed[position]
            position += 1
            if first >= 0 {
                let slot = slots[timer]
                if firstDeadline < slot.deadline || (firstDeadline == slot.deadline && slots[first].stamp < slot.stamp) {
                    continue
                }
            }
            first = timer
            firstDeadline = slots[timer].deadline
        }
    }

    /// The deadline of `timer`, `nil` when it is not armed.
    func deadline(of timer: Int) -> Swift.Duration? { slots[timer].stamp == 0 ? nil : slots[timer].deadline }

    /// The timer due first, if it is due at or before `end`: the earliest deadline, and of those
    /// the first armed.
    func due(upTo end: Swift.Duration) -> (timer: Int, deadline: Swift.Duration)? {
        first >= 0 && firstDeadline <= end ? (first, firstDeadline) : nil
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    var nextDeadline: Swift.Duration? { first >= 0 ? firstDeadline : nil }
}

/// A clock, whichever type it has, read as durations since the machine was made: what a machine
/// with clock timing needs of it. Its own type (`any Clock<Duration>` opened once) is hidden in
/// the two closures.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineClock: Sendable {
    /// The clock's time now, since the machine was made.
    let elapsed: @Sendable () -> Swift.Duration
    /// Sleeps until the clock reaches a time since the machine was made (throws when cancelled,
    /// if the clock's sleep does).
    let sleep: @Sendable (Swift.Duration) async throws -> Void

    init(_ clock: some Swift.Clock<Swift.Duration>) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) }
    }
}
