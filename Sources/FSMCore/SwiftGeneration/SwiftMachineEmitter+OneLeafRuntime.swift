/// The run-time data of a machine with one active leaf (``MachinePlan/Shape/oneLeaf``), and what
/// reads and sets it directly: the runtime struct, the active leaf (part 6), the machine class's
/// queries of the configuration (part 2), and the snapshot's restore and history records. A history
/// record is the leaf that was active inside the state (``emitEnterInside(into:)`` enters by it).
extension SwiftMachineEmitter {
    /// The runtime struct: the active leaf, beside what every machine stores; with history, its
    /// entry by history (`enterInside`).
    func emitOneLeafRuntime(into out: inout CodeWriter) {
        let machineName = names.machine
        out.docComment(["What changes while the machine runs."])
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
        if uses(.history) {
            out.line()
            emitEnterInside(into: &out)
        }
    }

    /// `state`, `activeStates` and `isIn(_:)`, read from the active leaf.
    func emitOneLeafConfigurationQueries(into out: inout CodeWriter) {
        out.docComment([
            "The innermost active state. Before ``start()``, the state that `start()` will enter."
        ])
        emitConfigurationRead("\(api)var state: StateID", "machine.current.id", into: &out)
        out.line()
        out.docComment([
            "Every active state, outermost first: `state` and its ancestors, in the order written."
        ])
        if plan.isFlat {
            emitConfigurationRead("\(api)var activeStates: [StateID]", "[machine.current.id]", into: &out)
            out.line()
            out.docComment(["Whether `state` is the active state (no state of this machine lies inside another)."])
            emitConfigurationRead("\(api)func isIn(_ state: StateID) -> Bool", "machine.current.id == state", into: &out)
        } else {
            out.block("\(api)var activeStates: [StateID]") { out in
                if observable { out.line(observedAccess) }
                out.line("var states: [StateID] = []")
                out.line("var active: \(names.stateMetatype)? = machine.current")
                out.block("while let current = active") { out in
                    out.line("states.append(current.id)")
                    out.line("active = current.parent")
                }
                out.line("return states.reversed()")
            }
            out.line()
            out.docComment(["Whether `state` is the innermost active state or one of its ancestors."])
            emitConfigurationRead("\(api)func isIn(_ state: StateID) -> Bool", "machine.current.isIn(state)", into: &out)
        }
    }

    /// The end of `restore(from:)`: the active leaf, `leaf` (a state's number), and
    /// the history records, each a leaf.
    func emitOneLeafRestore(leaf: String, into out: inout CodeWriter) {
        if uses(.history) || uses(.activities) { out.line("let ids = StateID.allCases") }
        out.line("machine.current = Self.stateClass(\(leaf))")
        out.line("machine.isStarted = true")
        if hasFinishedFlag { out.line("machine.isFinished = machine.current.finishesMachine") }
        emitRestoringHistory(recordsHistory: "Self.recordsHistory", into: &out) { out in
            out.line("// A record below a state of a machine with one leaf is a path: its last state is the leaf.")
            out.line("machine.history[ids[state]] = Self.stateClass(record[record.count - 1])")
        }
    }

    /// `recordsHistory(_:)`, which the restore reads, and `recordedHistory()`: a record (a leaf)
    /// becomes the path down to it.
    func emitOneLeafHistoryTables(into out: inout CodeWriter) {
        let recording = model.states.indices.filter { model.states[$0].recordsHistory }.map(String.init)
        out.line()
        out.docComment(["Whether the state numbered `state` records its history."])
        out.block("private static func recordsHistory(_ state: Int) -> Bool") { out in
            out.line("switch state {")
            out.line("case \(recording.joined(separator: ", ")): true")
            out.line("default: false")
            out.line("}")
        }
        emitRecordedHistory(into: &out) { out in
            out.block("for (state, leaf) in machine.history") { out in
                out.line("var path: [String] = []")
                out.line("var node: \(names.stateMetatype)? = leaf")
                out.block("while let current = node, current.id != state") { out in
                    out.line("path.append(current.id.rawValue)")
                    out.line("node = current.parent")
                }
                out.line("records[state.rawValue] = path.reversed()")
            }
        }
    }
}
