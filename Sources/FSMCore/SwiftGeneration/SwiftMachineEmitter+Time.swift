/// Timers (section 4d) and the internal queue of raised events (4e) in the generated file, written
/// only for a machine that has them: every other machine gets none of it. A timer is armed and
/// cancelled by its state's entry and exit (``StateWork``); its timeout is a step of its own,
/// carried out by the step every event takes. Both shapes share all of it but the step.
extension SwiftMachineEmitter {
    // MARK: Isolation and availability

    /// The global actor the machine and its actions are isolated to, as an attribute (`@MainActor`);
    /// `nil` for a machine that is not isolated (``MachinePlan/globalActor``).
    var isolationAttribute: String? { plan.globalActor.map { "@" + $0 } }

    /// Whether the machine has a clock (``MachinePlan/hasClock``).
    var hasClock: Bool { plan.hasClock }

    /// The attributes of a declaration at file scope (and of the nested `State`): `@available` for
    /// `Duration` and `Clock` in a machine with timers, and the isolation.
    func declarationAttributes(isolated: Bool = true) -> [String] {
        var attributes: [String] = []
        if uses(.timers) { attributes.append(Self.availability) }
        if isolated, let isolationAttribute { attributes.append(isolationAttribute) }
        return attributes
    }

    /// The platforms where `Duration` and `Clock` exist.
    static let availability = "@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"

    // MARK: The machine's API

    /// `Timing`, the stored clock and the timer tasks, in the machine class.
    func emitTimingDeclarations(into out: inout CodeWriter) {
        guard uses(.timers) else { return }
        if hasClock {
            out.docComment([
                "How the machine learns that time passes.",
                "",
                "- `clock`: timeouts come by themselves on the machine's actor when the clock reaches their",
                "  deadline, never before. Any `Clock<Duration>` works: `ContinuousClock` (the default),",
                "  `SuspendingClock`, or a test clock that a test advances by hand.",
                "- `manual`: time moves only when ``advanceTime(by:)`` is called, as a test or a game loop",
                "  does; ``nextTimeout`` says how long until the next timeout.",
            ])
            out.line("\(api)typealias Timing = FSMRuntime.Timing")
            out.line()
            out.docComment(["The clock timeouts come on; `nil` with manual timing."])
            out.line("private let clock: \(names.clock)?")
            out.docComment(["With clock timing, one task per armed timer sleeps until its deadline."])
            out.line("private let timerTasks: \(names.taskTable)")
        } else {
            out.docComment([
                "How the machine learns that time passes: generated `--isolation nonisolated`, only by",
                "``advanceTime(by:)``.",
            ])
            out.block("\(api)enum Timing: Sendable") { out in
                out.line("case manual")
            }
        }
        out.line()
    }

    /// The parameters both initializers take after `actions` (and `restoring`), where the machine has
    /// timers or activities: how each is carried out, by label, with its default.
    var initializerOptions: [(label: String, declaration: String)] {
        var options: [(label: String, declaration: String)] = []
        if uses(.timers) {
            options.append(
                ("timing", hasClock ? "timing: Timing = .clock(Swift.ContinuousClock())" : "timing: Timing = .manual"))
        }
        if uses(.activities) { options.append(("activities", "activities: Activities = .tasks")) }
        return options
    }

    /// The initializer of a machine with timers or activities: how each is carried out.
    func emitInitializerWithOptions(into out: inout CodeWriter) {
        var doc = ["Creates the machine in its initial configuration, not yet started: see ``start()``."]
        let parameters = ["actions: some \(names.actions)"] + initializerOptions.map(\.declaration)
        if uses(.timers) {
            doc +=
                hasClock
                ? [
                    "With `.clock` timing (by default the continuous clock) timeouts come by themselves; with",
                    "`.manual` only when ``advanceTime(by:)`` moves time.",
                ] : ["Time moves only when ``advanceTime(by:)`` is called."]
        }
        if uses(.activities) {
            doc += [
                "With `.tasks` activities (the default) each activity runs as a task; with `.manual` a test",
                "finishes or fails each.",
            ]
        }
        out.docComment(doc)
        out.block("\(api)init(\(parameters.joined(separator: ", ")))") { out in
            out.line("self.actions = actions")
            if hasClock {
                out.line("switch timing {")
                out.line("case .clock(let clock): self.clock = \(names.clock)(clock)")
                out.line("case .manual: self.clock = nil")
                out.line("}")
                out.line("timerTasks = \(names.taskTable)(count: \(plan.timers.count))")
            }
            if uses(.activities) {
                out.line("runsActivities = activities == .tasks")
                out.line("activityTasks = \(names.taskTable)(count: \(plan.activities.count))")
            }
        }
    }

    /// `advanceTime(by:)` and `nextTimeout`.
    func emitTimeQueries(into out: inout CodeWriter) {
        guard uses(.timers) else { return }
        out.line()
        out.docComment([
            "With manual timing, moves the machine's time forward by `duration`: processes every timeout due",
            "meanwhile in deadline order (those of timers armed on the way too), each as a step of its own",
            "with everything it causes, the machine's time at its deadline; then the time is now + `duration`.",
            "A timeout due now is processed by `advanceTime(by: .zero)`. Before ``start()`` only time moves.",
            "",
            "- Precondition: `duration` is not negative; the machine has manual timing; not called from",
            "  one of the actions.",
        ])
        out.block("\(api)func advanceTime(by duration: Swift.Duration)") { out in
            // FSMRuntime checks the preconditions.
            out.line(
                "let end = machine.timers.end(ofAdvancingBy: duration, clockTiming: \(hasClock ? "clock != nil" : "false"), inStep: machine.steps.isRunning)"
            )
            out.line("// Asked here first: a frame of a game loop with nothing due makes no call.")
            out.line("if machine.timers.isDue(upTo: end) { processTimeouts(upTo: end) }")
            out.line("machine.timers.now = end")
        }
        out.line()
        out.docComment([
            "How long until the earliest armed timer is due; `nil` when no timer is armed. `.zero` when a",
            "timeout is due now.",
        ])
        let now = hasClock ? "clock?.elapsed() ?? machine.timers.now" : "machine.timers.now"
        out.line("\(api)var nextTimeout: Swift.Duration? { machine.timers.timeToNextDeadline(from: \(now)) }")
    }

    // MARK: Arming, cancelling, firing

    /// The context's timer functions and the timeout step.
    func emitTimerMachinery(into out: inout CodeWriter) {
        guard uses(.timers) else { return }
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        let repeating = plan.timers.filter(\.repeats)
        out.line()
        out.line("// MARK: Timers")
        out.line()
        out.docComment([
            "Arms `timer` (its state was just entered, or it repeats), due `delay` nanoseconds after now: the",
            "machine's time, which while a timeout is handled is its deadline. `delay` is not negative.",
        ])
        out.block("fileprivate func armTimer(_ timer: Int, after delay: Int64)") { out in
            if hasClock {
                out.line("let deadline = machine.timers.arm(timer, after: delay, clock: clock)")
                out.line("if let clock { schedule(timer, at: deadline, on: clock) }")
            } else {
                out.line("machine.timers.arm(timer, at: \(names.timers).adding(delay, to: machine.timers.now))")
            }
        }
        let askedDelays = plan.timers.filter { timer in
            guard case .named = timer.timed.delay else { return false }
            return true
        }
        if askedDelays.contains(where: { !$0.repeats }) {
            out.line()
            out.docComment(["Arms `timer` due `delay`, asked of the actions, after now: a negative delay counts as zero."])
            out.block("fileprivate func armTimer(_ timer: Int, after delay: Swift.Duration)") { out in
                out.line("armTimer(timer, after: \(names.timers).nanoseconds(delay) ?? 0)")
            }
        }
        if askedDelays.contains(where: \.repeats) {
            out.line()
            out.docComment([
                "Arms the timer of an `every` whose delay is asked of the actions: it must be positive (at least",
                "a nanosecond: the machine's time is in whole nanoseconds).",
            ])
            out.block("fileprivate func armRepeatingTimer(_ timer: Int, every delay: Swift.Duration)") { out in
                out.block("guard let period = \(names.timers).nanoseconds(delay), period > 0 else") {
                    $0.line("preconditionFailure(\"the delay of an 'every' must be positive, not \\(delay)\")")
                }
                out.line("armTimer(timer, after: period)")
            }
        }
        out.line()
        out.docComment(["Cancels `timer`: its state is exited. A timeout of it that comes later is discarded."])
        out.block("fileprivate func cancelTimer(_ timer: Int)") { out in
            out.line("machine.timers.cancel(timer)")
            if hasClock { out.line("timerTasks.cancel(timer)") }
        }
        if hasFinishedFlag {
            out.line()
            out.docComment(["Cancels every timer: the machine has finished."])
            out.block("private func cancelAllTimers()") { out in
                out.line("machine.timers.cancelAll()")
                if hasClock { out.line("timerTasks.cancelAll()") }
            }
        }
        if hasClock { emitClockScheduling(into: &out) }
        out.line()
        out.docComment([
            "Processes the timeouts due up to `end` (one at least), earliest first (the first armed first among",
            "equal deadlines), each as a step of its own with what it causes, at its deadline.",
        ])
        out.block("private func processTimeouts(upTo end: Int64)") { out in
            out.line("repeat {")
            out.indented { out in
                out.line("// The timer due first, cancelled; the machine's time is its deadline.")
                out.line("let timer = machine.timers.takeFirst()")
                if hasClock {
                    out.line("timerTasks.cancel(timer)")
                    // Read only by armTimer with a clock: the deadline, not the clock, is now meanwhile.
                    out.line("machine.timers.isHandlingTimeout = true")
                }
                // Without `every`, a timeout is its transition alone.
                out.line("_ = run(actions) { \(repeating.isEmpty ? "fireTimeout" : "handleTimeout")(timer, $0) }")
                if hasClock { out.line("machine.timers.isHandlingTimeout = false") }
            }
            out.line("} while machine.timers.isDue(upTo: end)")
        }
        if !repeating.isEmpty {
            out.line()
            out.docComment([
                "A timeout: its timed transition fires if its guard holds. An `every` is armed again from its",
                "deadline while its state is active.",
            ])
            out.block("private func handleTimeout(_ timer: Int, _ \(actionsName): \(actionsType)) -> Bool") { out in
                out.line("let fired = fireTimeout(timer, \(actionsName))")
                out.line("switch timer {")
                for timer in repeating {
                    out.line("case \(timer.number):")
                    out.indented { out in
                        // The machine's own timer repeats as long as the machine runs: always, when it cannot finish.
                        let active =
                            timer.source.map { isActiveTest($0) } ?? (hasFinishedFlag ? "!machine.isFinished" : nil)
                        if let active {
                            out.block("if \(active)") { out in
                                emitWork([.armTimers([timer])], context: .machineItself, into: &out)
                            }
                        } else {
                            emitWork([.armTimers([timer])], context: .machineItself, into: &out)
                        }
                    }
                }
                out.line("default: break")
                out.line("}")
                out.line("return fired")
            }
        }
        out.line()
        out.docComment(["The transition of `timer`'s timeout, as the only candidate: returns whether it fired."])
        out.block("private func fireTimeout(_ timer: Int, _ \(actionsName): \(actionsType)) -> Bool") { out in
            out.line("switch timer {")
            for timer in plan.timers {
                out.line("case \(timer.number):  // \(timerLabel(timer))")
                out.indented { emitOnlyCandidates([timer.transition], source: timer.source, into: &$0) }
            }
            out.line("default: return false")
            out.line("}")
        }
    }

    /// Whether `state` is active, read without telling observers.
    private func isActiveTest(_ state: Int) -> String {
        hasRegions
            ? "machine.isActive(\(names.stateType(state)).self)"
            : (plan.isFlat
                ? "machine.current.id == .\(names.stateCase(state))" : "machine.current.isIn(.\(names.stateCase(state)))")
    }

    /// With clock timing: a task per armed timer, and what it does when the clock wakes it.
    private func emitClockScheduling(into out: inout CodeWriter) {
        out.line()
        out.docComment([
            "Starts the task that sleeps until `timer`'s deadline, on the machine's actor, and replaces",
            "the one it had. The task holds the machine weakly: a machine that is released cancels it.",
        ])
        out.block("private func schedule(_ timer: Int, at deadline: Int64, on clock: \(names.clock))") { out in
            out.line("let stamp = machine.timers.stamp(of: timer)")
            out.line("let task = Swift.Task { [weak self] in")
            out.indented { out in
                out.line("try? await clock.sleep(deadline)")
                out.line("// Cancelled: its state was exited, or it was armed again. (A clock may still wake it late.)")
                out.line("guard !Swift.Task.isCancelled else { return }")
                out.line("self?.clockWoke(timer, stamp: stamp)")
            }
            out.line("}")
            out.line("timerTasks.start(timer, task)")
        }
        out.line()
        out.docComment([
            "The clock woke `timer`'s task, armed at `stamp`: processes the timeouts due by now (after the step, if",
            "in one). A timer cancelled or armed again meanwhile has nothing due; one woken early sleeps again.",
        ])
        out.block("private func clockWoke(_ timer: Int, stamp: UInt64)") { out in
            out.line("guard let clock else { return }")
            // Woken inside a step (a run loop nested in an action), it only goes back to sleep: the
            // timeouts are processed after the step, not inside it.
            out.block("if !machine.steps.isRunning") { out in
                out.line("let now = clock.elapsed()")
                out.line("if machine.timers.isDue(upTo: now) { processTimeouts(upTo: now) }")
            }
            out.block("if machine.timers.stamp(of: timer) == stamp, let deadline = machine.timers.deadline(of: timer)") {
                out in
                out.line("schedule(timer, at: deadline, on: clock)")
            }
        }
    }
}
