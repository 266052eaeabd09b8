// Timers (section 4d): the armed timers of a machine with timed transitions, and the clock a
// machine with clock timing reads. Copied into each generated machine that has `after` or `every`.

/// The armed timers, one per timed transition at most (a state is active once at a time: entering
/// it again cancels its timers first). A timer is a number, its timed transition's place among the
/// machine's; each is due at a deadline, a duration since the machine was made. The storage is
/// allocated once, so arming, cancelling and firing a timer allocate nothing.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineTimers {
    /// The machine's time, as a duration since it was made: with manual timing moved only by
    /// `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    var now: Swift.Duration = .zero
    /// Whether a timeout is being handled: a timer armed meanwhile counts from its deadline, `now`.
    var isHandlingTimeout = false
    /// Each timer's deadline, by number; meaningful while it is armed.
    private var deadlines: [Swift.Duration]
    /// Each timer's arming, by number: 0 when it is not armed, else a number that grows with every
    /// arming, which orders timers with the same deadline and tells a timer armed again from before.
    private var stamps: [UInt64]
    /// The armed timers' numbers, in no order.
    private var armed: [Int]
    private var nextStamp: UInt64 = 1

    /// Room for `count` timers, none armed.
    init(count: Int) {
        deadlines = [Swift.Duration](repeating: .zero, count: count)
        stamps = [UInt64](repeating: 0, count: count)
        armed = []
        armed.reserveCapacity(count)
    }

    /// Whether any timer is armed.
    var isEmpty: Bool { armed.isEmpty }

    /// The arming of `timer` now in force, 0 when it is not armed.
    func stamp(of timer: Int) -> UInt64 { stamps[timer] }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult
    mutating func arm(_ timer: Int, at deadline: Swift.Duration) -> UInt64 {
        if stamps[timer] == 0 { armed.append(timer) }
        deadlines[timer] = deadline
        stamps[timer] = nextStamp
        nextStamp += 1
        return stamps[timer]
    }

    /// Cancels `timer`; returns whether it was armed.
    @discardableResult
    mutating func cancel(_ timer: Int) -> Bool {
        guard stamps[timer] != 0 else { return false }
        stamps[timer] = 0
        if let position = armed.firstIndex(of: timer) {
            armed.swapAt(position, armed.count - 1)
            armed.removeLast()
        }
        return true
    }

    /// Cancels every timer.
    mutating func cancelAll() {
        for timer in armed { stamps[timer] = 0 }
        armed.removeAll(keepingCapacity: true)
    }

    /// The deadline of `timer`, `nil` when it is not armed.
    func deadline(of timer: Int) -> Swift.Duration? { stamps[timer] == 0 ? nil : deadlines[timer] }

    /// The timer due first, if it is due at or before `end`: the earliest deadline, and of those
    /// the first armed.
    func due(upTo end: Swift.Duration) -> (timer: Int, deadline: Swift.Duration)? {
        var first: Int?
        for timer in armed where deadlines[timer] <= end {
            if let best = first,
                deadlines[best] < deadlines[timer] || (deadlines[best] == deadlines[timer] && stamps[best] < stamps[timer])
            {
                continue
            }
            first = timer
        }
        return first.map { ($0, deadlines[$0]) }
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    var nextDeadline: Swift.Duration? {
        var earliest: Swift.Duration?
        for timer in armed where earliest.map({ deadlines[timer] < $0 }) ?? true { earliest = deadlines[timer] }
        return earliest
    }
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
