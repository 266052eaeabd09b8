/// The Swift names the generated file uses for one machine.
///
/// Everything the generated code declares besides the public API is either nested in the machine
/// under a name sema reserves (`State`), or a file-private type whose name starts with the
/// machine's name (`SecuritySystem_Armed`, `SecuritySystemRuntime`), so it cannot shadow a type the
/// user wrote in an event parameter. Local variables that live next to event parameters get
/// names no parameter of this machine uses.
struct GeneratedNames {
    let model: Model
    /// The machine class.
    let machine: String
    /// The actions protocol.
    let actions: String
    /// The file-private struct that holds what changes while the machine runs.
    let runtime: String
    /// The file-private enum of events waiting to be processed.
    let queuedEvent: String
    /// The ways a state is entered by its history (machines with history): FSMRuntime's.
    let historyKind = "FSMRuntime.History"
    /// The armed timers (machines with timers): FSMRuntime's.
    let timers = "FSMRuntime.TimerTable"
    /// A clock read as nanoseconds (machines with timers): FSMRuntime's.
    let clock = "FSMRuntime.TimerClock"
    /// Where each activity is (machines with `do /`): FSMRuntime's.
    let activities = "FSMRuntime.ActivityTable"
    /// The states as snapshots name them (every machine): FSMRuntime's.
    let stateTree = "FSMRuntime.StateTree"
    /// The tasks of clock timers and of activities: FSMRuntime's.
    let taskTable = "FSMRuntime.TaskTable"
    /// The file-private alias of the version of FSMRuntime the file needs.
    let runtimeVersion: String
    /// The type of the actions object as the generated code passes it around.
    let actionsExistential: String
    /// The type of a state as the generated code holds it.
    let stateMetatype: String
    /// The parameter that carries the actions object through the handlers.
    let actionsVariable: String
    /// The parameter that carries the machine (the State pattern's context) into a state's handlers.
    let contextVariable: String
    /// Every event parameter name of the machine.
    private let parameterNames: Set<String>
    /// The names below, computed once per state and event: the emitters ask for them many times
    /// per state, and a large machine has tens of thousands of states.
    private let stateTypes: [String]
    private let stateCases: [String]
    private let eventCases: [String]
    private let eventMethods: [String]

    init(model: Model) {
        self.model = model
        machine = model.name
        actions = SwiftNames.actionsProtocol(of: model.name)
        runtime = SwiftNames.runtimeType(of: model.name)
        queuedEvent = SwiftNames.queuedEventType(of: model.name)
        runtimeVersion = SwiftNames.runtimeVersionType(of: model.name)
        actionsExistential = "any " + actions
        stateMetatype = machine + ".State.Type"
        let parameterNames = Set(model.events.flatMap { $0.parameters.map(\.name) })
        self.parameterNames = parameterNames
        actionsVariable = Self.unused("actions", avoiding: parameterNames)
        contextVariable = Self.unused("context", avoiding: parameterNames)
        stateTypes = model.states.map { SwiftNames.stateType($0.name, of: model.name) }
        stateCases = model.states.map { SwiftNames.escaped(SwiftNames.lowerCamelCase($0.name)) }
        eventCases = model.events.map { SwiftNames.escaped(SwiftNames.lowerCamelCase($0.name)) }
        eventMethods = model.events.map { SwiftNames.escaped($0.name) }
    }

    private static func unused(_ base: String, avoiding names: Set<String>) -> String {
        var name = base
        while names.contains(name) { name += "_" }
        return name
    }

    /// A member of the machine as written inside a method whose event parameters are in scope:
    /// `self.`-qualified when a parameter of the same name would shadow it.
    func member(_ name: String) -> String {
        parameterNames.contains(name) ? "self." + SwiftNames.escaped(name) : SwiftNames.escaped(name)
    }

    /// The type of a state: `Machine_State`.
    func stateType(_ index: Int) -> String { stateTypes[index] }

    /// The `StateID` case of a state, escaped.
    func stateCase(_ index: Int) -> String { stateCases[index] }

    /// The `Event` case of an event, escaped.
    func eventCase(_ index: Int) -> String { eventCases[index] }

    /// The method of an event, named as the event is written, escaped.
    func eventMethod(_ index: Int) -> String { eventMethods[index] }

    /// `code: String, count: Int` — an event's parameters as declared.
    func parameterList(_ event: Int) -> [String] {
        model.events[event].parameters.map { "\(SwiftNames.escaped($0.name)): \($0.type)" }
    }

    /// `code: code, count: count` — an event's parameters passed on under their own labels.
    func argumentList(_ event: Int) -> [String] {
        model.events[event].parameters.map { "\(SwiftExpressions.argumentLabel($0.name)): \(SwiftNames.escaped($0.name))" }
    }

}
