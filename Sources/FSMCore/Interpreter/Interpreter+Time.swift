/// Virtual time and timed transitions (section 4d).
extension Interpreter {
    /// Moves virtual time forward by `nanoseconds` (section 4d, manual timing): processes every
    /// timeout due up to ``now`` + `nanoseconds` in deadline order (ties in arming order), those
    /// of timers armed on the way included, each with everything it causes before the next and
    /// ``now`` set to its deadline meanwhile; then sets ``now`` to the end. Before ``start()``
    /// nothing is armed, so time only moves. Past ``completionLimit`` timeouts at one instant the
    /// interpreter stops (``failure``), as it does once it has failed.
    public func advance(by nanoseconds: Int) {
        precondition(nanoseconds >= 0, "advance(by:) with a negative duration")
        precondition(!isRunning, "advance(by:) from inside a guard or an action")
        let (sum, overflow) = now.addingReportingOverflow(nanoseconds)
        let end = overflow ? Int.max : sum
        var instant = now
        var timeoutsAtInstant = 0
        while failure == nil, let timer = nextTimeout(upTo: end) {
            if timer.deadline == instant {
                timeoutsAtInstant += 1
            } else {
                instant = timer.deadline
                timeoutsAtInstant = 1
            }
            if timeoutsAtInstant > runLimit {
                failure = .endlessTimeouts(at: timer.transition.range)
                return
            }
            timers.removeAll { $0.stamp == timer.stamp }
            now = timer.deadline
            _ = run {
                processTimeout(timer)
                return true
            }
        }
        if failure == nil { now = end }
    }

    /// The armed timer due first at or before `end`: the earliest deadline, then the first armed.
    private func nextTimeout(upTo end: Int) -> ArmedTimer? {
        timers.filter { $0.deadline <= end }.min { ($0.deadline, $0.stamp) < ($1.deadline, $1.stamp) }
    }

    /// A timeout, as a step of its own whose only candidate is its timed transition: its guard
    /// evaluated now, the transition fired when it holds; an `every` armed again from its deadline.
    private func processTimeout(_ timer: ArmedTimer) {
        let timed = timer.transition
        host.observe(.timeout(timed), interpreter: self)
        let transition = timed.transition
        if isEnabled(transition, nil) {
            fire([transition], nil, announcing: false)
        } else {
            host.observe(.timeoutIgnored(timed), interpreter: self)
        }
        if timed.kind == .every, failure == nil, timed.source.map(isIn) ?? !isFinished {
            arm(timed, from: timer.deadline)
        }
    }

    /// Arms a timer for `timed` due its delay after `base`: a named delay asked now, a negative
    /// one counting as zero (for an `every`, one that is not positive is a ``failure``).
    func arm(_ timed: Model.TimedTransition, from base: Int) {
        var delay: Int
        switch timed.delay {
        case .literal(let nanoseconds, _):
            delay = nanoseconds
        case .named(let name):
            delay = host.delay(name, interpreter: self)
            if timed.kind == .every, delay <= 0 {
                failure = .everyDelayNotPositive(name, delay, at: timed.range)
                return
            }
            delay = max(delay, 0)
        }
        let (sum, overflow) = base.addingReportingOverflow(delay)
        let deadline = overflow ? Int.max : sum
        timers.append(ArmedTimer(transition: timed, deadline: deadline, stamp: nextStamp))
        nextStamp += 1
        host.observe(.timerArmed(timed, deadline: deadline), interpreter: self)
    }

    /// Cancels the armed timers that `isCancelled` picks, in the order they were armed.
    func cancelTimers(where isCancelled: (ArmedTimer) -> Bool) {
        for timer in timers where isCancelled(timer) {
            host.observe(.timerCancelled(timer.transition), interpreter: self)
        }
        timers.removeAll(where: isCancelled)
    }
}

extension Model.TimedTransition {
    /// The transition that fires at its timeout: no event, its guard, actions, target and source.
    public var transition: Model.Transition {
        Model.Transition(
            event: nil, guardExpression: guardExpression, actions: actions, target: target, source: source, range: range,
            domain: domain)
    }
}

extension EventOccurrence {
    /// The event of `raise`, its arguments evaluated in `scope` (the event being processed, or the
    /// error a `catch` took; nothing for an entry or exit activity or a timeout), each converted to
    /// its parameter's type.
    init(_ raise: Model.Raise, model: Model, scope: Interpreter.Scope) {
        let call = Model.Call(name: model.events[raise.event].name, arguments: raise.arguments, range: raise.range)
        let values = Invocation(call, model: model, scope: scope).arguments
        let arguments = model.events[raise.event].parameters.map { parameter in
            guard let value = values.first(where: { $0.label == parameter.name })?.value else {
                preconditionFailure("the analyzer requires every parameter of a raised event")
            }
            return value.converted(to: parameter.type) ?? value
        }
        self.init(event: raise.event, arguments: arguments)
    }
}
