// Keypad.fsm written by hand as the fastest reasonable Swift: the state an `enum`, one method per
// event with a `switch`, every exit, effect and entry spelled out in UML order. Same actions
// protocol as the generated machine, held strongly; none of the generated machine's extras
// (queueing of events sent from actions, introspection, an unowned actions reference).

/// Keypad.fsm by hand, as an `enum` and `switch`.
final class HandWrittenKeypad {
    private(set) var state: Keypad.StateID = .locked
    private let actions: any KeypadActions

    init(actions: any KeypadActions) {
        self.actions = actions
    }

    /// Enters the initial state.
    func start() {
        actions.lock()
    }

    /// The active state (what the transcripts compare; not on the dispatch path).
    var activeStates: [Keypad.StateID] { [state] }

    private func unhandled(_ event: Keypad.Event) -> Bool {
        actions.unhandledEvent(event, in: state)
        return false
    }

    /// Runs the exit activity of the active state.
    private func exitState() {
        switch state {
        case .entering: actions.stopTimer()
        case .ajar: actions.stopAlarm()
        case .locked, .open: break
        }
    }

    /// Exits the active state and enters `Locked`.
    private func lock() {
        exitState()
        actions.lock()
        state = .locked
    }

    @discardableResult
    func digit(value: Int) -> Bool {
        switch state {
        case .locked:
            guard actions.isFirst(value: value) else {
                actions.buzz()
                return true
            }
            actions.record(value: value)
            actions.startTimer()
            state = .entering
        case .entering:
            if actions.isLast(value: value) {
                actions.stopTimer()
                actions.record(value: value)
                actions.unlock()
                state = .open
            } else if actions.isNext(value: value) {
                actions.stopTimer()
                actions.record(value: value)
                actions.startTimer()
            } else {
                actions.stopTimer()
                actions.buzz()
                actions.lock()
                state = .locked
            }
        case .open: actions.chime()
        case .ajar: return unhandled(.digit)
        }
        return true
    }

    @discardableResult
    func tick(ms: Int) -> Bool {
        switch state {
        case .locked: return unhandled(.tick)
        case .entering:
            if actions.timedOut(ms: ms) { lock() } else { actions.blink(ms: ms) }
        case .open:
            guard actions.timedOut(ms: ms) else { return unhandled(.tick) }
            lock()
        case .ajar:
            guard actions.heldTooLong(ms: ms) else { return unhandled(.tick) }
            actions.stopAlarm()
            actions.soundAlarm()
            actions.startAlarmTimer()
        }
        return true
    }

    @discardableResult
    func reset() -> Bool {
        exitState()
        actions.logReset()
        actions.lock()
        state = .locked
        return true
    }

    @discardableResult
    func pull() -> Bool {
        guard state == .open else { return unhandled(.pull) }
        actions.startAlarmTimer()
        state = .ajar
        return true
    }

    @discardableResult
    func shut() -> Bool {
        guard state == .ajar else { return unhandled(.shut) }
        lock()
        return true
    }
}
