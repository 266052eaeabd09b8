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
                out.line("\(contextMember("enterActivity", context))(\(activity.number))  // do / \(activity.call.name)")
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

    /// `armTimer(3, after: .milliseconds(500))  // Loading: every(500ms) / updateProgress`: a timer
    /// armed, its delay a literal or asked of the actions.
    func armingLine(_ timer: TimerPlan, context: ContextReference) -> String {
        let delay: String
        var function = "armTimer"
        var label = "after"
        switch timer.timed.delay {
        case .literal(let nanoseconds, _): delay = Self.durationLiteral(nanoseconds: nanoseconds)
        case .named(let name):
            let asked = "\(names.actionsVariable).\(SwiftNames.escaped(name))()"
            if timer.repeats {
                delay = asked  // armRepeatingTimer requires it positive
                function = "armRepeatingTimer"
                label = "every"
            } else {
                delay = "Swift.max(\(asked), .zero)"  // a negative delay counts as zero; a literal never is
            }
        }
        return "\(contextMember(function, context))(\(timer.number), \(label): \(delay))  // \(timerLabel(timer))"
    }

    /// `Loading: after(10s) / logTimeout -> Failed`.
    func timerLabel(_ timer: TimerPlan) -> String { label(of: timer.transition) }

    /// A duration of `nanoseconds` in the largest unit that divides it: `.seconds(10)`,
    /// `.milliseconds(500)`, `.nanoseconds(7)`.
    static func durationLiteral(nanoseconds: Int) -> String {
        for (unit, size) in [("seconds", 1_000_000_000), ("milliseconds", 1_000_000), ("microseconds", 1_000)]
        where nanoseconds % size == 0 {
            return ".\(unit)(\(nanoseconds / size))"
        }
        return ".nanoseconds(\(nanoseconds))"
    }
}
