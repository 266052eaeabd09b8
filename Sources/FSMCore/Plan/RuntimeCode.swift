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
    /// The direct step's conflicts, exits and new configuration, in place.
    case directStep = "Regions+DirectStep"

    /// The parts a machine needs, in the order its file has them. A one-leaf machine's context is
    /// generated whole; a machine with regions copies the hot rules of its step (the selection, and
    /// the direct step where a transition has one); the rest of its rules are FSMRuntime's
    /// `RegionRules`.
    static func parts(shape: MachinePlan.Shape, parts: MachinePlan.Parts, hasDirectSteps: Bool) -> [RuntimeCode] {
        guard shape == .regions else { return [] }
        return hasDirectSteps ? [.fixedList, .regions, .directStep] : [.fixedList, .regions]
    }
}
