/// A part of the run-time code that generated machines contain: one file of
/// Sources/MachineRuntime/Runtime, written once as Swift, type-checked by the package's build and
/// exercised by its unit tests (Tests/MachineRuntimeTests). Which parts a machine's file copies is
/// the plan's decision (``MachinePlan/runtimeCode``).
public enum RuntimeCode: String, Sendable, CaseIterable {
    /// `FixedList`, the storage of the configuration, the leaves and the selection: written into
    /// the machine's file, where the optimiser sees every use of it (from FSMRuntime, a generic
    /// class of another module, it cost Stream 28 instructions per event).
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

    /// The parts a machine needs, in the order its file has them. A one-leaf machine's context is
    /// generated, but for its entry by history; a machine with regions copies the rules of its step.
    static func parts(shape: MachinePlan.Shape, parts: MachinePlan.Parts, allDirect: Bool, hasDirectSteps: Bool) -> [RuntimeCode]
    {
        guard shape == .regions else { return parts.contains(.history) ? [.oneLeafHistory] : [] }
        var code: [RuntimeCode] = [.fixedList, .regions]
        if !allDirect || parts.contains(.history) { code.append(.descendants) }
        if !allDirect { code.append(.generalStep) }
        code.append(parts.contains(.history) ? .history : .defaultEntry)
        if parts.contains(.completions) { code.append(.completion) }
        if hasDirectSteps { code.append(.directStep) }
        return code
    }
}
