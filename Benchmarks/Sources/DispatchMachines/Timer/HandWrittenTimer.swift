// Timer.fsm written by hand as the fastest reasonable Swift: the state an `enum`, one method per
// event with a `switch`, every exit, effect and entry spelled out in UML order; its timers one
// deadline, since at most one state with a timer is active at a time. Same actions protocol as the
// generated machine, held strongly; none of the generated machine's extras (queueing of events sent
// from actions, introspection, an unowned actions reference, a timer table for any number of timers).

/// Timer.fsm by hand, as an `enum`, a `switch` and one deadline.
final class HandWrittenTimer {
    private(set) var state: Timer.StateID = .asleep
    private let actions: any TimerActions
    /// The machine's time since it was made, moved by `advanceTime(by:)`.
    private var now: Duration = .zero
    /// The deadline of the armed timer: Awake's timeout or Slideshow's next slide; `nil` when
    /// neither state is active.
    private var deadline: Duration?

    init(actions: any TimerActions) {
        self.actions = actions
    }

    /// Enters the initial state.
    func start() {
        actions.darken()
    }

    /// The active state (what the transcripts compare; not on the dispatch path).
    var activeStates: [Timer.StateID] { [state] }

    private func unhandled(_ event: Timer.Event) -> Bool {
        actions.unhandledEvent(event, in: state)
        return false
    }

    /// Leaves the active state for `Asleep` by `sleep` or Awake's timeout: `dim`, then `darken`.
    private func fallAsleep() {
        deadline = nil
        actions.dim()
        actions.darken()
        state = .asleep
    }

    @discardableResult
    func touch(x: Int) -> Bool {
        switch state {
        case .awake:
            actions.note(x: x)
            deadline = now + .seconds(2)
        case .pinned: actions.note(x: x)
        case .asleep, .slideshow: return unhandled(.touch)
        }
        return true
    }

    @discardableResult
    func wake() -> Bool {
        guard state == .asleep else { return unhandled(.wake) }
        deadline = now + .seconds(2)
        state = .awake
        return true
    }

    @discardableResult
    func pin() -> Bool {
        guard state == .asleep else { return unhandled(.pin) }
        state = .pinned
        return true
    }

    @discardableResult
    func play() -> Bool {
        switch state {
        case .asleep, .awake:
            deadline = now + .milliseconds(500)
            state = .slideshow
        case .pinned, .slideshow: return unhandled(.play)
        }
        return true
    }

    @discardableResult
    func sleep() -> Bool {
        guard state != .asleep else { return unhandled(.sleep) }
        fallAsleep()
        return true
    }

    @discardableResult
    func next() -> Bool {
        guard state == .slideshow else { return unhandled(.next) }
        actions.showSlide()
        return true
    }

    /// Moves time on by `duration`, firing every timeout due meanwhile at its deadline.
    func advanceTime(by duration: Duration) {
        let end = now + duration
        while let due = deadline, due <= end {
            now = due
            if state == .awake {
                fallAsleep()
            } else {
                actions.showSlide()
                deadline = due + .milliseconds(500)
            }
        }
        now = end
    }
}
