/// Part 6, the end of the generated file: the run-time data of the machine. The runtime struct is
/// each shape's (+OneLeafRuntime, +RegionsRuntime); the fields every machine stores and the queued
/// events are written here.
extension SwiftMachineEmitter {
    func emitRuntime(into out: inout CodeWriter) {
        switch plan.shape {
        case .oneLeaf: emitOneLeafRuntime(into: &out)
        case .regions: emitRegionsRuntime(into: &out)
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
