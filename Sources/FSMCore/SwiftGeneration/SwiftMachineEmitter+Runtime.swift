/// Part 6, the end of the generated file: the run-time data of the machine.
extension SwiftMachineEmitter {
    func emitRuntime(into out: inout CodeWriter) {
        if hasRegions {
            emitRegionsRuntime(into: &out)
        } else {
            emitOneLeafRuntime(into: &out)
            if uses(.history) {
                out.line()
                emitEnterInside(into: &out)
            }
        }
        guard plan.hasEvents else { return }
        out.line()
        out.docComment(
            uses(.raisedEvents)
                ? ["An event sent while another was being processed, or raised, with its arguments."]
                : ["An event sent while another was being processed, with its arguments."])
        if let isolationAttribute { out.line(isolationAttribute) }
        out.block("fileprivate enum \(names.queuedEvent)") { out in
            for event in model.events.indices {
                let parameters = names.parameterList(event)
                out.line(
                    "case \(names.eventMethod(event))" + (parameters.isEmpty ? "" : "(\(parameters.joined(separator: ", ")))"))
            }
        }
    }

    /// The runtime struct of a machine without parallel states: one active leaf.
    private func emitOneLeafRuntime(into out: inout CodeWriter) {
        let machineName = names.machine
        out.docComment(["What changes while a ``\(machineName)`` runs."])
        out.lines(declarationAttributes())
        out.block("fileprivate struct \(names.runtime)") { out in
            out.docComment(["The innermost active state (before `start()`, the one it will enter)."])
            out.line("var current: \(names.stateMetatype)")
            emitRunFields(into: &out)
            if uses(.history) {
                out.docComment([
                    "For each state that records history and has been exited: the active leaf when it was last",
                    "exited. Its child on the way down to that leaf is its shallow history, the whole way its deep one.",
                ])
                out.line("var history: [\(machineName).StateID: \(names.stateMetatype)] = [:]")
            }
            if uses(.stack) {
                out.docComment(["The states remembered by `-> push`, the last one on top."])
                out.line("var stack: [\(names.stateMetatype)] = []")
            }
        }
    }

    /// The fields every runtime struct has: whether the machine started, finished and is busy, the
    /// events waiting and, with completion transitions, the completions waiting.
    func emitRunFields(into out: inout CodeWriter) {
        out.line("var isStarted = false")
        if hasFinishedFlag { out.line("var isFinished = false") }
        var waiting = internalQueueItems
        if plan.hasEvents { waiting.append("events sent meanwhile") }
        out.docParagraph(
            "Whether a step is being processed, and what waits for its turn: "
                + (waiting.isEmpty ? "nothing in this machine" : waiting.joined(separator: ", ")) + ".")
        let event = plan.hasEvents ? names.queuedEvent : "Never"
        out.line("var steps = FSMRuntime.StepQueue<\(event), \(names.stateMetatype)>()")
        if uses(.timers) {
            out.docComment(["The armed timers and the machine's time."])
            out.line("var timers = \(names.timers)(count: \(plan.timers.count))")
        }
        if uses(.activities) {
            out.docComment(["Where each activity is."])
            out.line("var activities = \(names.activities)(count: \(plan.activities.count))")
        }
    }
}
