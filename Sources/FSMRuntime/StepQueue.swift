// Run to completion (sections 4a, 4e): the order in which a machine processes what its steps
// cause, decided here for every machine.

/// The run-to-completion loop's queues and their order (sections 4a and 4e of the language), the
/// same for every machine: a machine processes one step at a time, and what a step causes waits here
/// until the step is over.
///
/// After each step (the machine's start, an event, a timeout, an activity's outcome), ``next(takingSent:)``
/// hands the machine, in this order:
/// 1. the **internal queue**, first in, first out: events raised by `raise`, and states that completed
///    (their completion transitions), what each causes joining the end of the queue;
/// 2. ``Work/endOfStep``, once the internal queue is empty: the step is over (the machine starts the
///    activities of the states it entered);
/// 3. the next **event sent** while the machine was busy (from a guard, an action, an activity's
///    code), in the order they were sent, each a step of its own followed by its own 1 and 2.
///
/// `Event` is the machine's queued event (an event with its arguments), `State` what names one of its
/// states (its state classes' metatype). A machine keeps one of these in its storage and reads or
/// writes it between calls of its actions, never across one.
@frozen
public struct StepQueue<Event, State> {
    /// What the machine processes next.
    @frozen
    public enum Work {
        /// An event raised by `raise` during a step.
        case raised(Event)
        /// A state that completed during a step: its completion transitions are tried, if it still is complete.
        case completion(State)
        /// The step and everything in its internal queue are done.
        case endOfStep
        /// An event sent while the machine was busy.
        case sent(Event)
    }

    /// Whether the machine is processing a step: events sent meanwhile wait (``send(_:)``).
    public var isRunning = false
    /// How many items wait, in both queues: what a machine reads after every step.
    @usableFromInline var waiting = 0
    /// The internal queue, raised events and completions (`.raised` and `.completion` only), and the
    /// first of them not yet handed out.
    @usableFromInline var internalItems: [Work] = []
    @usableFromInline var nextInternal = 0
    /// The events sent while the machine was busy, and the first of them not yet handed out.
    @usableFromInline var sentEvents: [Event] = []
    @usableFromInline var firstUnsent = 0
    /// Whether ``Work/endOfStep`` has been handed out for the step being finished.
    @usableFromInline var stepEnded = false

    @inlinable
    public init() {}

    /// Whether nothing waits: no raised event, completion or sent event.
    @inlinable
    public var isEmpty: Bool { waiting == 0 }

    /// `event` was sent while the machine was busy: it is processed after the step, and after the
    /// events sent before it.
    @inlinable
    public mutating func send(_ event: Event) {
        sentEvents.append(event)
        waiting &+= 1
    }

    /// `raise event`: it joins the internal queue.
    @inlinable
    public mutating func raise(_ event: Event) {
        internalItems.append(.raised(event))
        waiting &+= 1
    }

    /// `state` completed: its completion joins the internal queue.
    @inlinable
    public mutating func complete(_ state: State) {
        internalItems.append(.completion(state))
        waiting &+= 1
    }

    /// What the machine processes next, in the order the type's documentation gives; `nil` once
    /// nothing waits. With `takingSent` false, the events sent wait for a later step: `nil` follows
    /// the step's ``Work/endOfStep`` (the machine's start, which the step of the event that started
    /// it follows).
    @inlinable
    public mutating func next(takingSent: Bool = true) -> Work? {
        if let item = Self.take(from: &internalItems, first: &nextInternal) {
            waiting &-= 1
            return item
        }
        if !stepEnded {
            stepEnded = true
            return .endOfStep
        }
        // Without `takingSent` the events sent wait. A loop that reads them reads them to the end,
        // where `nextSent()` empties their storage.
        if takingSent, let event = nextSent() {
            stepEnded = false
            return .sent(event)
        }
        stepEnded = false
        return nil
    }

    /// The next event sent while the machine was busy, or `nil` once none waits: the order of
    /// ``next(takingSent:)`` for a machine whose steps cause nothing else — it never raises an
    /// event, has no completion transition and no activity, so its internal queue stays empty and
    /// the end of a step has nothing to start. What ``next(takingSent:)`` would hand such a machine
    /// is ``Work/endOfStep`` and ``Work/sent(_:)`` in turn; this hands the events alone, and leaves
    /// the queue as that would. Such a machine's file then specialises only the queue of the events
    /// sent, not the internal queue it never uses.
    @inlinable
    public mutating func nextSent() -> Event? {
        guard let event = Self.take(from: &sentEvents, first: &firstUnsent) else { return nil }
        waiting &-= 1
        return event
    }

    /// The item of `items` at `first`, which moves on; `nil` once none is left, and then `items`
    /// emptied (its storage kept) and `first` back at 0. Each queue is an array read from the front.
    @inlinable @inline(__always)
    static func take<Item>(from items: inout [Item], first: inout Int) -> Item? {
        if first < items.count {
            first += 1
            return items[first - 1]
        }
        if first > 0 {
            items.removeAll(keepingCapacity: true)
            first = 0
        }
        return nil
    }
}
