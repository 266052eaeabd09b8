/// What a state's entry and exit do (``StateWork``), written where the generated file enters and
/// exits states.
extension SwiftMachineEmitter {
    /// The lines of `work`, with the machine reached as `context` says.
    func lines(of work: [StateWork], context: ContextReference) -> [String] {
        var out = CodeWriter()
        emitWork(work, context: context, into: &out)
        return out.text.split(separator: "\n").map(String.init)
    }

    /// Writes `work`, with the machine reached as `context` says (`context.` inside a state,
    /// `self` inside the machine).
    func emitWork(_ work: [StateWork], context: ContextReference, into out: inout CodeWriter) {
        for item in work {
            switch item {
            case .activities(let actions): emitActions(actions, context: context, into: &out)
            case .armTimers(let timers):
                for timer in timers { out.line(armingLine(timer, context: context)) }
            case .cancelTimers(let timers):
                for timer in timers { out.line("\(contextMember("cancelTimer", context))(\(timer.number))") }
            case .enterActivity(let activity):
                // Pending until the step is over (FSMRuntime's `ActivityTable`).
                out.line(
                    "\(contextMember("machine", context)).activities.entered(\(activity.number))  // do / \(activity.call.name)")
            case .exitActivity(let activity):
                out.line("\(contextMember("exitActivity", context))(\(activity.number))  // do / \(activity.call.name)")
            }
        }
    }

    /// One line per action: calls on the actions, `raise` on the machine.
    func emitActions(_ actions: [Model.Action], context: ContextReference, into out: inout CodeWriter) {
        // `raise` is an fsm keyword: no event parameter shadows the machine's `raise`.
        let raising = context == .parameter ? names.contextVariable + "." : ""
        out.actionLines(actions, on: names.actionsVariable, raisingOn: raising, model: model)
    }

    /// `armTimer(3, after: 500_000_000)  // Loading: every(500ms) / updateProgress`: a timer armed,
    /// its delay a literal in nanoseconds or asked of the actions (a `Duration`).
    func armingLine(_ timer: TimerPlan, context: ContextReference) -> String {
        let delay: String
        var function = "armTimer"
        var label = "after"
        switch timer.timed.delay {
        case .literal(let nanoseconds, _): delay = Self.groupedDigits(nanoseconds)
        case .named(let name):
            // armTimer(_:after:) of a Duration counts a negative delay as zero; armRepeatingTimer
            // requires it positive. A literal is never negative.
            delay = "\(names.actionsVariable).\(SwiftNames.escaped(name))()"
            if timer.repeats {
                function = "armRepeatingTimer"
                label = "every"
            }
        }
        return "\(contextMember(function, context))(\(timer.number), \(label): \(delay))  // \(timerLabel(timer))"
    }

    /// `Loading: after(10s) / logTimeout -> Failed`.
    func timerLabel(_ timer: TimerPlan) -> String { label(of: timer.transition) }

    /// `number` (not negative) as a Swift literal with its digits in groups of three:
    /// `2_000_000_000`, `500`.
    static func groupedDigits(_ number: Int) -> String {
        var digits = Substring(String(number))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits = digits.dropLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: "_")
    }
}
