/// Activities (section 4f) in the generated file, written only for a machine that has them. An
/// activity is made pending by its state's entry and ended by its exit (``StateWork``); it starts
/// after the step, as a task on the machine's actor (or, with `.manual`, waits for the test to
/// finish or fail it); its outcome is a step of its own that the shapes' steps carry out.
extension SwiftMachineEmitter {
    // MARK: The machine's API

    /// `Activities` and the stored mode and tasks, in the machine class.
    func emitActivityDeclarations(into out: inout CodeWriter) {
        guard uses(.activities) else { return }
        out.docComment([
            "How the machine runs its activities (`do /`).",
            "",
            "- `tasks`: each activity runs as a task on the machine's actor, started after the step that",
            "  entered its state and cancelled when the state is exited.",
            "- `manual`: the machine never calls the activities; ``runningActivities`` lists those that would",
            "  run, and a test ends each with ``finishActivity(of:)`` or ``failActivity(of:with:)``.",
        ])
        out.line("\(api)typealias Activities = FSMRuntime.Activities")
        out.line()
        out.docComment(["Whether the activities run as tasks (`.tasks`)."])
        out.line("private let runsActivities: Bool")
        out.docComment(["With `.tasks`, the task of each running activity."])
        out.line("private let activityTasks: \(names.taskTable)")
        out.line()
    }

    /// `runningActivities`, `finishActivity(of:)` and `failActivity(of:with:)`.
    func emitActivityQueries(into out: inout CodeWriter) {
        guard uses(.activities) else { return }
        out.line()
        out.docComment(["The states whose activity is running, in the order written."])
        out.block("\(api)var runningActivities: [StateID]") { out in
            out.line("machine.activities.running.map { Self.activityStates[$0] }")
        }
        for (name, outcome, doc) in [
            ("finishActivity(of state: StateID)", "nil", "returned"),
            ("failActivity(of state: StateID, with error: any Error)", "error", "threw `error`"),
        ] {
            out.line()
            out.docComment([
                "With `.manual` activities, the activity of `state` \(doc): processed as a step of its own",
                "before this returns.",
                "",
                "- Precondition: the machine has `.manual` activities, the activity of `state` is running, and",
                "  this is not called from one of the actions.",
            ])
            out.block("\(api)func \(name)") { out in
                let method = name.prefix { $0 != "(" }
                out.line("let ended = machine.activities.endedByHand(")
                out.line(
                    "    Self.activity(of: state), of: state, \"\(method)(of:)\", runsTasks: runsActivities, inStep: machine.steps.isRunning)"
                )
                out.line("activityEnded(ended.activity, stamp: ended.stamp, error: \(outcome))")
            }
        }
        out.line()
        out.docComment(["The activity of `state`, by number."])
        out.block("private static func activity(of state: StateID) -> Int?") { out in
            out.line("switch state {")
            for activity in plan.activities {
                out.line("case .\(names.stateCase(activity.state)): \(activity.number)")
            }
            // Every state has an activity: the cases are exhaustive, and a `default` would be a warning.
            if plan.activities.count < model.states.count { out.line("default: nil") }
            out.line("}")
        }
        out.line()
        out.docComment(["The state of each activity, by number."])
        let states = plan.activities.map { "." + names.stateCase($0.state) }
        let lines = wrapped(states, width: 100)
        guard lines.count > 1 else { return out.line("private static let activityStates: [StateID] = [\(lines[0])]") }
        out.line("private static let activityStates: [StateID] = [")
        out.indented { $0.lines(lines) }
        out.line("]")
    }

    // MARK: Starting, cancelling, ending

    /// The statement, after a step's internal queue, that starts the activities the step entered.
    var activityStart: String { "if machine.activities.hasPending { startActivities(\(names.actionsVariable)) }" }

    /// The context's activity functions and the outcome step.
    func emitActivityMachinery(into out: inout CodeWriter) {
        guard uses(.activities) else { return }
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        out.line()
        out.line("// MARK: Activities")
        out.line()
        out.docComment([
            "The state of `activity` is exited: its task is cancelled, and what the activity returns or",
            "throws from now on is discarded.",
        ])
        out.block("fileprivate func exitActivity(_ activity: Int)") { out in
            out.line("if machine.activities.exited(activity) { activityTasks.cancel(activity) }")
        }
        out.line()
        out.docComment([
            "The end of a step: the activities of the states it entered, still active, start in the order",
            "written, each as a task on the machine's actor (with `.manual`, they wait for the test).",
        ])
        out.block("private func startActivities(_ \(actionsName): \(actionsType))") { out in
            out.line("let started = machine.activities.startPending()")
            out.line("guard runsActivities else { return }")
            out.block("for activity in started") { out in
                out.line("let stamp = machine.activities.stamp(of: activity)")
                out.line("switch activity {")
                for activity in plan.activities {
                    out.line("case \(activity.number):  // \(model.states[activity.state].name): do / \(activity.call.name)")
                    out.indented { emitActivityTask(activity, into: &$0) }
                }
                out.line("default: break")
                out.line("}")
            }
        }
        out.line()
        out.docComment([
            "An outcome of `activity`, started for the entry `stamp`: `error` is what it threw, `nil` when",
            "it returned. Discarded when its state was exited since; else processed as a step of its own.",
        ])
        out.block("private func activityEnded(_ activity: Int, stamp: UInt64, error: (any Error)?)") { out in
            out.line("guard machine.activities.ended(activity, stamp: stamp, threw: error != nil) else { return }")
            out.line("activityTasks.ended(activity)")
            out.line("_ = run(actions) { activityOutcome(activity, error, $0) }")
        }
        out.line()
        out.docComment([
            "The step of an outcome: a state whose activity returned completes if it is complete now; when",
            "it threw, its `catch` transitions are tried in order, `error` in scope.",
        ])
        out.block(
            "private func activityOutcome(_ activity: Int, _ error: (any Error)?, _ \(actionsName): \(actionsType)) -> Bool"
        ) { out in
            out.line("switch activity {")
            for activity in plan.activities {
                out.line("case \(activity.number):  // \(model.states[activity.state].name): do / \(activity.call.name)")
                out.indented { emitOutcome(activity, into: &$0) }
            }
            out.line("default: return false")
            out.line("}")
        }
        if plan.shape == .oneLeaf && uses(.completions) { emitOneLeafIsComplete(into: &out) }
    }

    /// The task of `activity`: the requirement called on the machine's actor, its outcome handed back
    /// if the machine is still there.
    private func emitActivityTask(_ activity: ActivityPlan, into out: inout CodeWriter) {
        let call = SwiftExpressions.call(activity.call, on: names.actionsVariable)
        let number = activity.number
        out.line("activityTasks.start(\(number), Swift.Task { [weak self] in")
        out.indented { out in
            if activity.callThrows {
                out.line("var failure: (any Error)?")
                out.line("do { try await \(call) } catch { failure = error }")
                out.line("self?.activityEnded(\(number), stamp: stamp, error: failure)")
            } else {
                out.line("await \(call)")
                out.line("self?.activityEnded(\(number), stamp: stamp, error: nil)")
            }
        }
        out.line("})")
    }

    /// One activity's outcome.
    private func emitOutcome(_ activity: ActivityPlan, into out: inout CodeWriter) {
        let state = activity.state
        let done: (inout CodeWriter) -> Void = { out in
            // The state completes, if its activity was all it waited for.
            switch plan.shape {
            case .oneLeaf: emitOneLeafCompletion(afterActivityOf: state, into: &out)
            case .regions: emitRegionsCompletions(afterActivityOf: state, into: &out)
            }
            out.line("return true")
        }
        guard activity.throwsErrors else { return done(&out) }
        // `error` is bound only where a catch passes it on: an unused binding is a warning.
        out.block(Self.catchesUseError(activity) ? "guard let error else" : "guard error != nil else", done)
        emitOnlyCandidates(activity.catches, source: state, into: &out)
    }

    /// Whether a `catch` of `activity` passes `error` to a guard or an effect.
    static func catchesUseError(_ activity: ActivityPlan) -> Bool {
        func passesError(_ arguments: [Model.Argument]) -> Bool {
            arguments.contains { if case .parameter("error") = $0.value { true } else { false } }
        }
        func usesError(_ call: Model.Call) -> Bool { passesError(call.arguments) }
        func usesError(_ condition: Model.Guard) -> Bool {
            switch condition {
            case .call(let call): usesError(call)
            case .not(let operand): usesError(operand)
            case .and(let left, let right), .or(let left, let right): usesError(left) || usesError(right)
            }
        }
        return activity.catches.contains { caught in
            caught.transition.guardExpression.map(usesError) == true
                || caught.transition.actions.contains { action in
                    switch action {
                    case .call(let call): usesError(call)
                    case .raise(let raise): passesError(raise.arguments)
                    }
                }
        }
    }
}
