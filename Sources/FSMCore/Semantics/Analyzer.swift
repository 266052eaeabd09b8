/// Resolves a ``MachineDecl`` into a ``Model`` and runs every check docs/Diagnostics.md lists.
///
/// Name resolution happens in two passes over the syntax, in source order: the first
/// (Analyzer+Declarations) collects every event and state, so a transition may target a state
/// declared further down; the second (Analyzer+Bodies) resolves initials, transitions and
/// activities, with their guard and action calls (Analyzer+Calls). Both walk the same syntax, so
/// the second meets each state declaration in the order the first numbered it and needs no lookup
/// to find its index. The Swift-name collisions and the machine-wide checks (``ModelChecks``) then
/// run on the resolved model.
///
/// The rules that exist only because of the generated Swift (the names it cannot take or would
/// merge, its parameter types: `SwiftNames/Analyzer+SwiftNames.swift`) are checked only when
/// ``checksSwiftNames`` says so; the walk calls them where it meets the names, so that with them
/// the diagnostics keep their order.
///
/// Diagnostics come out in the order of that walk; the golden diagnostics depend on it.
public struct Analyzer {
    var diagnostics: DiagnosticEngine
    /// The file analyzed, for fix-its laid out as its text is (Analyzer+FixIts).
    let file: SourceFile
    /// Whether the names and types must also suit the generated Swift: for `fsmc check`, `fsmc
    /// generate` and the editor; not for a diagram or a simulation, which have no Swift.
    let checksSwiftNames: Bool
    var machineName = ""

    // Pass 1: the declarations.
    /// All states, depth-first in the order written: the model's ``Model/states``.
    var states: [Model.State] = []
    /// The states declared directly in the machine.
    var topLevelStates: [Int] = []
    /// The first state of each name; a duplicate is reported and never found by name.
    var stateIndex: [String: Int] = [:]
    /// Declared events, then (in pass 2) events used without a declaration, in order of first appearance.
    var events: [Model.Event] = []
    var eventIndex: [String: Int] = [:]
    /// The events whose declaration has a syntax error in its parameter list: a parameter passed on
    /// one that was not read is not reported (the syntax error is).
    var eventsWithInvalidParameters: Set<Int> = []

    // Pass 2: the requirements, in order of first use.
    var requirements: [Model.Requirement] = []
    var requirementIndex: [String: Int] = [:]
    /// Where each requirement is first used: the place a conflicting use points back to.
    var requirementFirstUse: [SourceRange] = []

    /// Analyzes a machine parsed from `file`, with the rules of the generated Swift's names unless
    /// `checkingSwiftNames` is false. Returns the model only when there are no errors.
    public static func analyze(
        _ machine: MachineDecl, in file: SourceFile, checkingSwiftNames: Bool = true, diagnostics: inout DiagnosticEngine
    ) -> Model? {
        var analyzer = Analyzer(diagnostics: diagnostics, file: file, checksSwiftNames: checkingSwiftNames)
        let model = analyzer.run(machine)
        diagnostics = analyzer.diagnostics
        return diagnostics.hasErrors ? nil : model
    }

    private init(diagnostics: DiagnosticEngine, file: SourceFile, checksSwiftNames: Bool) {
        self.diagnostics = diagnostics
        self.file = file
        self.checksSwiftNames = checksSwiftNames
    }

    private mutating func run(_ machine: MachineDecl) -> Model {
        machineName = machine.name.text
        checkSwiftName(machine.name, role: "machine")
        checkSwiftMachineName(machine.name)
        collectEvents(machine.members)
        collectStates(machine.members, parent: nil, depth: 0)
        let initial = resolveInitial(
            in: machine.members, owner: nil, ownerName: machine.name, openingBrace: machine.openingBrace)
        // One walk in source order, so "first use" (of an event, a guard, an action) means first in the file.
        let machineTransitions = resolveMembers(machine.members, owner: nil)
        var model = Model(
            name: machine.name.text, nameRange: machine.name.range, docComment: machine.docComment, states: states,
            topLevelStates: topLevelStates, initialState: initial ?? 0, machineTransitions: machineTransitions.transitions,
            machineTimedTransitions: machineTransitions.timed, events: events, requirements: requirements)
        model.computeDerivedFacts()
        checkPushAndPopWithParallelStates(model)
        checkSwiftCollisions(model)
        if !diagnostics.hasErrors {
            ModelChecks.run(model, diagnostics: &diagnostics)
        }
        return model
    }
}
