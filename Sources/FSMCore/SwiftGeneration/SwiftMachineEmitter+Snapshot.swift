/// Snapshots (section 4g): every machine can be saved as a `Snapshot` between steps and a new
/// instance restored from one. The snapshot, the restore's error and the checks of what a snapshot
/// names against the machine's tree are FSMRuntime's (`StateTree`); what is written here reads and
/// sets the machine's own storage, which differs by shape: the restore of the configuration and the
/// history records are each shape's (+OneLeafRuntime, +RegionsRuntime).
extension SwiftMachineEmitter {
    // MARK: The API, in the machine class

    /// `Snapshot` and `RestoreError`, the machine's names for the types every machine shares
    /// (FSMRuntime's): one snapshot type for all of an app's machines.
    func emitSnapshotTypes(into out: inout CodeWriter) {
        out.docComment([
            "A snapshot of the machine between steps: its configuration, history records, `push` stack and",
            "armed timers, states named as written. Encode it (e.g. with `JSONEncoder`) to keep it;",
            "``\(restoringInitializer)`` makes a machine from it again.",
        ])
        out.line("\(api)typealias Snapshot = FSMRuntime.Snapshot")
        out.line()
        out.docComment(["Why a snapshot cannot be restored: it does not fit the machine."])
        out.line("\(api)typealias RestoreError = FSMRuntime.RestoreError")
        out.line()
    }

    /// The restoring initializer's name as a symbol link reads it: `init(actions:restoring:timing:)`...
    var restoringInitializer: String {
        "init(actions:restoring:" + initializerOptions.map { $0.label + ":" }.joined() + ")"
    }

    /// The restoring initializer: the plain one's parameters, `restoring` after `actions`.
    func emitRestoringInitializer(into out: inout CodeWriter) {
        let options = initializerOptions
        let parameters = ["actions: some \(names.actions)", "restoring snapshot: Snapshot"] + options.map(\.declaration)
        let arguments = ["actions: actions"] + options.map { "\($0.label): \($0.label)" }
        out.line()
        var doc = [
            "Creates the machine in the configuration of `snapshot`, taken from this machine (or an earlier",
            "version of it), without running any entry action.",
        ]
        if uses(.timers) { doc.append("Its armed timers are armed again with the time they had left.") }
        if uses(.activities) { doc.append("The activities of its active states start again.") }
        doc += [
            "History records, `push` stack entries and timers that no longer fit the machine are dropped.",
            "",
            "- Throws: `RestoreError` when the snapshot is of another machine, names a state the machine",
            "  does not have, or its active states are not a configuration.",
        ]
        out.docComment(doc)
        out.block(
            "\(api)convenience init(\(parameters.joined(separator: ", "))) throws(RestoreError)"
        ) { out in
            out.line("self.init(\(arguments.joined(separator: ", ")))")
            out.line("try restore(from: snapshot)")
        }
    }

    /// `var snapshot`.
    func emitSnapshotProperty(into out: inout CodeWriter) {
        out.line()
        out.docComment([
            "The machine as it is now, to restore later with ``\(restoringInitializer)``.",
            "",
            "- Precondition: not read from inside a guard or an action (only between steps).",
        ])
        out.block("\(api)var snapshot: Snapshot") { out in
            out.line("precondition(!machine.steps.isRunning, \"snapshot read from inside a guard or an action\")")
            // The runtime makes the snapshot: the active states from the active leaf, in a machine with one.
            var arguments = [
                "started: machine.isStarted", "finished: \(hasFinishedFlag ? "machine.isFinished" : "false")",
                hasRegions ? "activeStates: activeStates" : "leaf: machine.current.id",
            ]
            if uses(.history) { arguments.append("history: recordedHistory()") }
            // Only `push` puts anything on the stack: without it, the stack is always empty.
            if uses(.push) { arguments.append("stack: machine.stack.map { $0.id.rawValue }") }
            if uses(.timers) {
                arguments.append(
                    "timers: Self.stateTree.armedTimers(machine.timers, now: \(hasClock ? "clock?.elapsed() ?? machine.timers.now" : "machine.timers.now"))"
                )
            }
            let call = "return Self.stateTree.snapshot(\(arguments.joined(separator: ", ")))"
            guard !out.fits(call) else { return out.line(call) }
            // The machine's state, then what it remembers, one line each.
            out.line("return Self.stateTree.snapshot(")
            out.line("    " + arguments.prefix(3).joined(separator: ", ") + (arguments.count > 3 ? "," : ")"))
            if arguments.count > 3 { out.line("    " + arguments.dropFirst(3).joined(separator: ", ") + ")") }
        }
    }

    // MARK: Taking and restoring, in an extension

    /// What `snapshot` and the restoring initializer use: the machine's tables and the restore.
    func emitSnapshotMachinery(into out: inout CodeWriter) {
        let machineName = names.machine
        out.line()
        out.line("// MARK: - Snapshots")
        out.line()
        out.block("extension \(machineName)") { out in
            emitRestore(into: &out)
            emitStateTables(into: &out)
            guard uses(.history) else { return }
            switch plan.shape {
            case .oneLeaf: emitOneLeafHistoryTables(into: &out)
            case .regions: emitRegionsRecordedHistory(into: &out)
            }
        }
    }

    /// `restore(from:)`, which the restoring initializer calls after the plain one. A function of its own:
    /// written in the initializer, the restore of Benchmarks' Player took 6,160 instructions, not 5,821.
    private func emitRestore(into out: inout CodeWriter) {
        out.docComment([
            "Puts the machine, made a moment ago, in the configuration of `snapshot`: nothing runs but the",
            "timers and activities of the states restored.",
        ])
        out.block("private func restore(from snapshot: Snapshot) throws(RestoreError)") { emitRestoreBody(into: &$0) }
        out.line()
    }

    /// What `restore(from:)` does: the runtime's checks, then the configuration, stack, timers and
    /// activities of the snapshot.
    private func emitRestoreBody(into out: inout CodeWriter) {
        out.line("// FSMRuntime checks the snapshot against the machine's tree; nil: the machine had not started.")
        switch plan.shape {
        case .oneLeaf where !uses(.timers) && !uses(.activities):
            // Only the leaf is needed, not the active states.
            out.line("guard let leaf = try Self.stateTree.leaf(restoring: snapshot) else { return }")
            emitOneLeafRestore(leaf: "leaf", into: &out)
        case .oneLeaf:
            out.line("guard let active = try Self.stateTree.configuration(restoring: snapshot) else { return }")
            // One active leaf: the last of the active states, in the order written.
            emitOneLeafRestore(leaf: "active[active.count - 1]", into: &out)
        case .regions:
            out.line("guard let active = try Self.stateTree.configuration(restoring: snapshot) else { return }")
            emitRegionsRestore(into: &out)
        }
        // A stack entry is kept only by a machine with `push` (one with only `pop` drops them all).
        if uses(.push) {
            out.line("machine.stack = Self.stateTree.stack(snapshot.stack).map(Self.stateClass)")
        }
        if uses(.timers) {
            out.line(
                "let timers = Self.stateTree.timers(restoring: snapshot, active: active, machineIsRunning: \(hasFinishedFlag ? "!machine.isFinished" : "true"))"
            )
            out.line("for (timer, remaining) in timers { armTimer(timer, after: remaining) }")
        }
        if uses(.activities) {
            out.line(
                "for state in active { if let activity = Self.activity(of: ids[state]) { machine.activities.entered(activity) } }"
            )
            out.line("startActivities(actions)")
        }
    }

    /// The machine's tree as the runtime reads it (its `StateID`, and the parents, parallel states and
    /// timers' states where they are not the plainest), and each state's class by number. The tables
    /// and the switch, a number or a line per state, are written piece by piece: a large machine has
    /// thousands of states.
    private func emitStateTables(into out: inout CodeWriter) {
        // The names are `StateID`'s raw values, the order by name FSMRuntime's; what every machine of
        // a kind has is left out: the parents of a flat machine's states, no parallel state, no timer.
        var tables: [(label: String, numbers: [Int], fact: String)] = []
        if !plan.isFlat {
            tables.append(("parents", model.states.map { $0.parent ?? -1 }, "each one's parent (-1: top level)"))
        }
        let parallel = model.states.indices.filter { model.states[$0].isParallel }
        if !parallel.isEmpty { tables.append(("parallel", parallel, "the parallel states")) }
        if uses(.timers) {
            tables.append(("timerOwners", plan.timers.map { $0.source ?? -1 }, "each timer's state (-1: the machine's own)"))
        }
        let doc = "The machine's states as snapshots name them (`StateID`'s raw values), by number in the order written"
        out.docComment(tables.isEmpty ? [doc + "."] : [doc + ":", tables.map(\.fact).joined(separator: ", ") + "."])
        // Short tables on the call's line when it fits (a large machine's are not joined to find out).
        let call =
            tables.allSatisfy { $0.numbers.count <= 8 }
            ? "private static let stateTree = \(names.stateTree)(machine: \(SwiftLiteral.string(model.name)), states: StateID.self"
                + tables.map { ", \($0.label): [\($0.numbers.map(String.init).joined(separator: ", "))]" }.joined() + ")"
            : nil
        if let call, out.fits(call) {
            out.line(call)
        } else {
            // A line per table (a large machine's, a number per state, written piece by piece).
            out.line("private static let stateTree = \(names.stateTree)(")
            out.line("    machine: \(SwiftLiteral.string(model.name)), states: StateID.self" + (tables.isEmpty ? ")" : ","))
            for (position, table) in tables.enumerated() {
                out.beginLine()
                out.write("    \(table.label): ")
                writeNumbers(table.numbers, into: &out)
                out.write(position == tables.count - 1 ? ")" : ",")
                out.endLine()
            }
        }
        emitStateClass(into: &out)
    }

    /// `stateClass(_:)`, the class of a state by number.
    private func emitStateClass(into out: inout CodeWriter) {
        out.line()
        out.docComment(["The class of the state numbered `number`."])
        // A `return` in each case, not a `switch` expression: swiftc type-checks the branches of a
        // `switch` expression of metatypes together, in time that grows faster than the number of
        // states (1 s for this function alone at 1,000 states; 27 ms with the statements).
        out.block("private static func stateClass(_ number: Int) -> \(names.stateMetatype)") { out in
            out.line("switch number {")
            for index in model.states.indices {
                out.beginLine()
                out.write("case ")
                out.write(String(index))
                out.write(": return ")
                out.write(names.stateType(index))
                out.write(".self")
                out.endLine()
            }
            out.line("default: preconditionFailure(\"no state \\(number)\")")
            out.line("}")
        }
    }

    /// `[1, 2, 3]`, the numbers written one by one.
    private func writeNumbers(_ numbers: some Sequence<Int>, into out: inout CodeWriter) {
        out.write("[")
        for (position, number) in numbers.enumerated() {
            if position > 0 { out.write(", ") }
            out.write(String(number))
        }
        out.write("]")
    }

    /// `restore(from:)`'s loop over the snapshot's history records, `recordsHistory` telling which
    /// states record history; `body` keeps a record (`state`, `record`: numbers) in the machine.
    func emitRestoringHistory(recordsHistory: String, into out: inout CodeWriter, body: (inout CodeWriter) -> Void) {
        guard uses(.history) else { return }
        out.block(
            "for (state, record) in Self.stateTree.historyRecords(snapshot.history, recordsHistory: \(recordsHistory))", body)
    }

    /// `recordedHistory()`, the history records by name for `snapshot`; `body` adds the machine's
    /// records to `records`.
    func emitRecordedHistory(into out: inout CodeWriter, body: (inout CodeWriter) -> Void) {
        out.line()
        out.docComment(["The history records, states named as written: the states active inside each when it was exited."])
        out.block("private func recordedHistory() -> [String: [String]]") { out in
            out.line("var records: [String: [String]] = [:]")
            body(&out)
            out.line("return records")
        }
    }
}
