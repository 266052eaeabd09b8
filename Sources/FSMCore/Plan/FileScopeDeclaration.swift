/// A declaration the generated file of a machine makes at file scope. Which ones a machine has is
/// the plan's decision; their Swift names are ``SwiftNames``'.
public enum FileScopeDeclaration: Sendable, Hashable {
    /// The actions protocol (`MActions`), which the whole module sees.
    case actions
    /// The machine class (`M`), which the whole module sees.
    case machine
    /// The class of the state at this index of ``Model/states`` (file-private, as all below).
    case state(Int)
    /// What changes while the machine runs.
    case runtime
    /// The events queued while another is processed, in a machine with events.
    case queuedEvent
    /// The name of the version of FSMRuntime the file needs (every machine).
    case runtimeVersion

    /// Whether the other files of the module see it: the machine class and its actions protocol.
    public var isVisibleToModule: Bool { self == .actions || self == .machine }

    /// The declarations of `model`'s generated file, in the order the file makes them.
    static func all(of model: Model) -> [FileScopeDeclaration] {
        let parts = MachinePlan.parts(of: model)
        var declarations: [FileScopeDeclaration] = [.actions, .machine]
        declarations += model.states.indices.map(FileScopeDeclaration.state)
        declarations.append(.runtime)
        if parts.contains(.eventQueue) { declarations.append(.queuedEvent) }
        declarations.append(.runtimeVersion)
        return declarations
    }
}
