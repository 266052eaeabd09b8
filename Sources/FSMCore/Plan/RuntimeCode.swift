/// A part of the run-time code that generated machines contain: one file of
/// Sources/MachineRuntime/Runtime, written once as Swift, type-checked by the package's build and
/// exercised by its unit tests (Tests/MachineRuntimeTests). Which parts a machine's file copies is
/// the plan's decision (``MachinePlan/runtimeCode``).
public enum RuntimeCode: String, Sendable, CaseIterable {
    /// `FixedList`, the storage of the configuration, the leaves and the selection.
    case fixedList = "FixedList"
    /// The selection: each state examined once per event, the innermost state containing all.
    case regions = "Regions"
    /// Which states lie inside which: for the general step and history.
    case descendants = "Regions+Descendants"
    /// Exit sets, conflicts and entry sets worked out at run time.
    case generalStep = "Regions+GeneralStep"
    /// The default entry, in a machine without history.
    case defaultEntry = "Regions+DefaultEntry"
    /// The history records and the entry by history.
    case history = "Regions+History"
    /// The states that complete when states are entered.
    case completion = "Regions+Completion"
    /// The direct step's conflicts, exits and new configuration, in place.
    case directStep = "Regions+DirectStep"
    /// The entry by history of a machine with one active leaf, whose record of a state is a leaf.
    case oneLeafHistory = "OneLeaf+History"
    /// Carrying out a transition in a machine with one active leaf: exits, effects, entries, and
    /// the push stack. Copied where the states call it, before them (not with the parts below).
    case oneLeafTransitions = "OneLeaf+Transitions"
    /// The armed timers and the clock, in a machine with timers (either shape).
    case timers = "Timers"
    /// Where each activity is, in a machine with `do /` (either shape).
    case activities = "Activities"
    /// A snapshot's active states checked against the machine's tree: every machine has snapshots
    /// (section 4g).
    case snapshot = "Snapshot"
    /// The history records of a snapshot that still fit, in a machine with history.
    case snapshotHistory = "Snapshot+History"
    /// The `push` stack entries of a snapshot that still fit, in a machine with `push`.
    case snapshotStack = "Snapshot+Stack"
    /// The armed timers of a snapshot that still fit, in a machine with timers.
    case snapshotTimers = "Snapshot+Timers"

    /// The parts a machine needs, in the order its file has them. A one-leaf machine's context is
    /// generated, but for its entry by history; a machine with regions copies the rules of its step.
    static func parts(shape: MachinePlan.Shape, parts: MachinePlan.Parts, allDirect: Bool, hasDirectSteps: Bool) -> [RuntimeCode]
    {
        var common: [RuntimeCode] =
            (parts.contains(.timers) ? [.timers] : []) + (parts.contains(.activities) ? [.activities] : []) + [.snapshot]
        if parts.contains(.history) { common.append(.snapshotHistory) }
        // A machine with `pop` but no `push` keeps no stack entry of a snapshot: its stack is always empty.
        if parts.contains(.push) { common.append(.snapshotStack) }
        if parts.contains(.timers) { common.append(.snapshotTimers) }
        guard shape == .regions else { return (parts.contains(.history) ? [.oneLeafHistory] : []) + common }
        var code: [RuntimeCode] = [.fixedList, .regions]
        if !allDirect || parts.contains(.history) { code.append(.descendants) }
        if !allDirect { code.append(.generalStep) }
        code.append(parts.contains(.history) ? .history : .defaultEntry)
        if parts.contains(.completions) { code.append(.completion) }
        if hasDirectSteps { code.append(.directStep) }
        return code + common
    }
}
