/// Resolves a ``MachineDecl`` into a ``Model`` and runs every check of section 6 of the contract.
///
/// Name resolution happens in two passes: the first collects every state (so a transition may target
/// a state declared further down), the second resolves initials, transitions and calls. The
/// machine-wide checks (reachability, dead ends, collisions) then run on the resolved model.
public struct Analyzer {
    private var diagnostics: DiagnosticEngine
    private var states: [Model.State] = []
    private var stateRanges: [SourceRange] = []
    private var stateIndex: [String: Int] = [:]
    private var events: [Model.Event] = []
    private var eventIndex: [String: Int] = [:]
    private var requirements: [Model.Requirement] = []
    private var requirementIndex: [String: Int] = [:]
    private var requirementFirstUse: [SourceRange] = []
    private var machineName = ""

    /// Analyzes a parsed machine. Returns the model only when there are no errors.
    public static func analyze(_ machine: MachineDecl, diagnostics: inout DiagnosticEngine) -> Model? {
        var analyzer = Analyzer(diagnostics: diagnostics)
        let model = analyzer.run(machine)
        diagnostics = analyzer.diagnostics
        return diagnostics.hasErrors ? nil : model
    }

    private init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    private mutating func run(_ machine: MachineDecl) -> Model {
        machineName = machine.name.text
        checkName(machine.name, role: "machine")
        checkMachineName(machine.name)
        collectEvents(machine.members)
        collectStates(machine.members, parent: nil, depth: 0)
        let initial = resolveInitial(in: machine.members, owner: nil, ownerName: machine.name)
        // One walk in source order, so "first use" (of an event, a guard, an action) means first in the file.
        let machineTransitions = resolveMembers(machine.members, owner: nil)
        let model = Model(
            name: machine.name.text, docComment: machine.docComment, states: states,
            topLevelStates: states.indices.filter { states[$0].parent == nil }, initialState: initial ?? 0,
            machineTransitions: machineTransitions, events: events, requirements: requirements)
        checkCollisions(model)
        if !diagnostics.hasErrors {
            ModelChecks.run(model, diagnostics: &diagnostics)
        }
        return model
    }

    // MARK: - Pass 1: declarations

    private mutating func checkName(_ name: Identifier, role: String) {
        if name.text == "_" {
            diagnostics.emit(.invalidName(name.text, role: role, at: name.range))
        }
    }

    private mutating func checkMachineName(_ name: Identifier) {
        if name.text != "_",
            SwiftNames.standardTypesUsed.contains(name.text) || SwiftNames.nestedTypeNames.contains(name.text)
                || SwiftNames.keywords.contains(name.text)
        {
            diagnostics.emit(.reservedMachineName(name.text, at: name.range))
        }
    }

    private mutating func collectEvents(_ members: [Member]) {
        for member in members {
            switch member {
            case .event(let decl):
                checkName(decl.name, role: "event")
                if let existing = eventIndex[decl.name.text], events[existing].isDeclared {
                    diagnostics.emit(.duplicateEvent(decl.name.text, at: decl.name.range, previous: events[existing].range))
                    continue
                }
                var seen: [String: SourceRange] = [:]
                var parameters: [Model.EventParameter] = []
                for parameter in decl.parameters {
                    checkName(parameter.name, role: "parameter")
                    if let previous = seen[parameter.name.text] {
                        diagnostics.emit(.duplicateParameter(parameter.name.text, at: parameter.name.range, previous: previous))
                        continue
                    }
                    seen[parameter.name.text] = parameter.name.range
                    checkParameterType(parameter)
                    parameters.append(
                        Model.EventParameter(name: parameter.name.text, type: ParameterType(parameter.type.description)))
                }
                eventIndex[decl.name.text] = events.count
                events.append(
                    Model.Event(
                        name: decl.name.text, parameters: parameters, docComment: decl.docComment, range: decl.name.range,
                        isDeclared: true))
            case .state(let decl):
                // The parser already reported events declared inside states; still read them.
                collectEvents(decl.members ?? [])
            default:
                break
            }
        }
    }

    private mutating func checkParameterType(_ parameter: Parameter) {
        var names: [String] = []
        func visit(_ type: TypeSyntax) {
            switch type {
            case .named(let components):
                if let first = components.first { names.append(first.name) }
                components.forEach { $0.genericArguments.forEach(visit) }
            case .optional(let inner), .array(let inner), .existential(_, let inner): visit(inner)
            case .dictionary(let key, let value):
                visit(key)
                visit(value)
            case .tuple(let elements): elements.forEach(visit)
            }
        }
        visit(parameter.type)
        if let clash = names.first(where: { SwiftNames.isShadowedByGeneratedType($0, machine: machineName) }) {
            diagnostics.emit(.parameterTypeShadowed(clash, at: parameter.range))
        }
    }

    private mutating func collectStates(_ members: [Member], parent: Int?, depth: Int) {
        for member in members {
            guard case .state(let decl) = member else { continue }
            checkName(decl.name, role: "state")
            let index = states.count
            if let previous = stateIndex[decl.name.text] {
                diagnostics.emit(.duplicateState(decl.name.text, at: decl.name.range, previous: stateRanges[previous]))
            } else {
                stateIndex[decl.name.text] = index
            }
            states.append(
                Model.State(
                    name: decl.name.text, range: decl.name.range, docComment: decl.docComment, parent: parent, children: [],
                    initial: nil, isFinal: decl.isFinal, entry: [], exit: [], transitions: [], depth: depth))
            stateRanges.append(decl.name.range)
            declarations[index] = decl
            indexOfDeclaration[decl.name.range.start] = index
            if let parent { states[parent].children.append(index) }
            collectStates(decl.members ?? [], parent: index, depth: depth + 1)
        }
    }

    // MARK: - Pass 2: bodies

    /// The declarations of each state, found again by their name's range.
    private var declarations: [Int: StateDecl] = [:]
    /// A state's index by the offset of its name in the source (unique per declaration).
    private var indexOfDeclaration: [Int: Int] = [:]

    private mutating func resolveStateBody(_ index: Int) {
        guard let decl = declarations[index] else { return }
        let members = decl.members ?? []
        let name = Identifier(states[index].name, range: stateRanges[index])
        if decl.isFinal {
            for member in members {
                switch member {
                case .state(let child): diagnostics.emit(.finalStateBody("child states", state: name.text, at: child.name.range))
                case .transition(let transition):
                    diagnostics.emit(.finalStateBody("transitions", state: name.text, at: transition.range))
                case .initial(let initial):
                    diagnostics.emit(.finalStateBody("an initial state", state: name.text, at: initial.range))
                default: break
                }
            }
        }
        states[index].initial = resolveInitial(in: members, owner: index, ownerName: name)
        states[index].transitions = resolveMembers(members, owner: index)
    }

    private mutating func resolveInitial(in members: [Member], owner: Int?, ownerName: Identifier) -> Int? {
        // A final state's `initial` is already reported as something a final state cannot have.
        if let owner, states[owner].isFinal { return nil }
        let children = owner.map { states[$0].children } ?? states.indices.filter { states[$0].parent == nil }
        var resolved: Int?
        var first: InitialDecl?
        for member in members {
            guard case .initial(let decl) = member else { continue }
            if let first {
                diagnostics.emit(.duplicateInitial(at: decl.range, previous: first.range))
                continue
            }
            first = decl
            guard let target = lookUpState(decl.name) else { continue }
            if children.contains(target) {
                resolved = target
            } else {
                diagnostics.emit(
                    .initialNotChild(
                        decl.name.text, owner: owner.map { "state '\(states[$0].name)'" } ?? "the machine",
                        at: decl.name.range, declared: stateRanges[target]))
            }
        }
        if first == nil, owner == nil, children.isEmpty {
            diagnostics.emit(.emptyMachine(ownerName.text, at: ownerName.range))
        } else if first == nil, !children.isEmpty, !(owner.map { states[$0].isFinal } ?? false) {
            let what = owner == nil ? "machine '\(ownerName.text)'" : "composite state '\(ownerName.text)'"
            diagnostics.emit(.missingInitial(what, firstChild: states[children[0]].name, at: ownerName.range))
        }
        return resolved
    }

    private mutating func lookUpState(_ name: Identifier) -> Int? {
        if let index = stateIndex[name.text] { return index }
        let suggestion = Suggestions.closest(to: name.text, among: states.map(\.name))
        diagnostics.emit(.unknownState(name.text, suggestion: suggestion, at: name.range))
        return nil
    }

    /// Resolves a body's members in order: its transitions (returned), its activities (stored in
    /// the owner) and, recursively, its states.
    private mutating func resolveMembers(_ members: [Member], owner: Int?) -> [Model.Transition] {
        var transitions: [Model.Transition] = []
        // The first unguarded, non-pop transition for each event: it shadows every later one.
        var alwaysFires: [String: SourceRange] = [:]
        for member in members {
            switch member {
            case .state(let decl):
                if let index = indexOfDeclaration[decl.name.range.start] {
                    resolveStateBody(index)
                }
                continue
            case .activity(let activity):
                let calls = activity.calls.compactMap { resolveCall($0, isGuard: false, event: nil) }
                guard let owner else { continue }
                switch activity.kind {
                case .entry: states[owner].entry += calls
                case .exit: states[owner].exit += calls
                }
                continue
            case .transition: break
            case .event, .initial: continue
            }
            guard case .transition(let decl) = member else { continue }
            let event = useEvent(decl.event)
            if let shadowing = alwaysFires[decl.event.text] {
                diagnostics.emit(.transitionNeverFires(decl.event.text, at: decl.range, shadowedBy: shadowing))
            }
            var target = Model.Target.internal
            switch decl.target {
            case nil: break
            case .state(let name): target = lookUpState(name).map(Model.Target.state) ?? .internal
            case .push(let name, _): target = lookUpState(name).map(Model.Target.push) ?? .internal
            case .pop: target = .pop
            }
            if Model.Transition.alwaysFires(isGuarded: decl.guardExpression != nil, target: target),
                alwaysFires[decl.event.text] == nil
            {
                alwaysFires[decl.event.text] = decl.range
            }
            let guardExpression = decl.guardExpression.flatMap { resolveGuard($0, event: event) }
            let effects = decl.effects.compactMap { resolveCall($0, isGuard: false, event: event) }
            transitions.append(
                Model.Transition(
                    event: event, guardExpression: guardExpression, effects: effects, target: target, source: owner,
                    range: decl.range))
        }
        return transitions
    }

    private mutating func useEvent(_ name: Identifier) -> Int {
        if let index = eventIndex[name.text] { return index }
        checkName(name, role: "event")
        eventIndex[name.text] = events.count
        events.append(Model.Event(name: name.text, parameters: [], docComment: [], range: name.range, isDeclared: false))
        return events.count - 1
    }

    private mutating func resolveGuard(_ syntax: GuardSyntax, event: Int) -> Model.Guard? {
        switch syntax {
        case .call(let call): return resolveCall(call, isGuard: true, event: event).map(Model.Guard.call)
        case .not(let operand, _): return resolveGuard(operand, event: event).map(Model.Guard.not)
        case .parenthesized(let inner, _): return resolveGuard(inner, event: event)
        case .and(let lhs, let rhs):
            let left = resolveGuard(lhs, event: event)
            let right = resolveGuard(rhs, event: event)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = resolveGuard(lhs, event: event)
            let right = resolveGuard(rhs, event: event)
            guard let left, let right else { return nil }
            return .or(left, right)
        }
    }

    /// Resolves a guard or action call; `event` is `nil` in entry and exit activities.
    private mutating func resolveCall(_ call: CallSyntax, isGuard: Bool, event: Int?) -> Model.Call? {
        checkName(call.name, role: isGuard ? "guard" : "action")
        var arguments: [Model.Argument] = []
        var parameters: [Model.RequirementParameter] = []
        var labels: [String: SourceRange] = [:]
        var valid = true
        for argument in call.arguments {
            if let previous = labels[argument.label.text] {
                diagnostics.emit(.duplicateLabel(argument.label.text, at: argument.label.range, previous: previous))
                valid = false
                continue
            }
            labels[argument.label.text] = argument.label.range
            switch argument.value {
            case .literal(let literal):
                let value: Model.Literal
                switch literal.value {
                case .string(let text): value = .string(text)
                case .integer(let text): value = .integer(text)
                case .decimal(let text): value = .decimal(text)
                case .boolean(let flag): value = .boolean(flag)
                }
                arguments.append(Model.Argument(label: argument.label.text, value: .literal(value)))
                parameters.append(Model.RequirementParameter(label: argument.label.text, type: value.type))
            case .parameter(let name):
                guard let event else {
                    diagnostics.emit(.parameterInActivity(name.text, at: name.range))
                    valid = false
                    continue
                }
                let declared = events[event].parameters
                guard let parameter = declared.first(where: { $0.name == name.text }) else {
                    let suggestion = Suggestions.closest(to: name.text, among: declared.map(\.name))
                    diagnostics.emit(
                        .unknownParameter(
                            name.text, event: events[event].name, suggestion: suggestion, at: name.range,
                            declaration: events[event].isDeclared ? events[event].range : nil))
                    valid = false
                    continue
                }
                arguments.append(Model.Argument(label: argument.label.text, value: .parameter(name.text)))
                parameters.append(Model.RequirementParameter(label: argument.label.text, type: parameter.type))
            }
        }
        guard valid else { return nil }
        registerRequirement(Model.Requirement(name: call.name.text, parameters: parameters, isGuard: isGuard), at: call.range)
        return Model.Call(name: call.name.text, arguments: arguments, range: call.range)
    }

    private mutating func registerRequirement(_ requirement: Model.Requirement, at range: SourceRange) {
        guard let index = requirementIndex[requirement.name] else {
            requirementIndex[requirement.name] = requirements.count
            requirements.append(requirement)
            requirementFirstUse.append(range)
            return
        }
        let existing = requirements[index]
        if existing.isGuard != requirement.isGuard {
            diagnostics.emit(
                .guardUsedAsAction(
                    requirement.name, usedAsGuard: requirement.isGuard, at: range, previous: requirementFirstUse[index]))
        } else if existing.parameters != requirement.parameters {
            diagnostics.emit(
                .inconsistentSignature(
                    requirement.name, signature: Self.signature(requirement), previousSignature: Self.signature(existing),
                    at: range, previous: requirementFirstUse[index]))
        }
    }

    static func signature(_ requirement: Model.Requirement) -> String {
        "\(requirement.name)(\(requirement.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")))"
    }

    // MARK: - Names in the generated Swift

    private mutating func checkCollisions(_ model: Model) {
        var caseNames: [String: Int] = [:]
        for (index, state) in model.states.enumerated() where stateIndex[state.name] == index {
            let swiftName = SwiftNames.lowerCamelCase(state.name)
            if SwiftNames.reservedCaseNames.contains(swiftName) {
                diagnostics.emit(.reservedName(state.name, role: "state", clash: "a member of 'StateID'", at: state.range))
            } else if let other = caseNames[swiftName] {
                diagnostics.emit(
                    .nameCollision(
                        kind: "state", state.name, other: model.states[other].name, swiftName: "StateID.\(swiftName)",
                        at: state.range, previous: model.states[other].range))
            } else {
                caseNames[swiftName] = index
            }
        }
        var eventNames: [String: Int] = [:]
        for (index, event) in model.events.enumerated() {
            let swiftName = SwiftNames.lowerCamelCase(event.name)
            if SwiftNames.reservedCaseNames.contains(swiftName) {
                diagnostics.emit(.reservedName(event.name, role: "event", clash: "a member of 'Event'", at: event.range))
            } else if SwiftNames.machineMembers.contains(event.name), Keyword(rawValue: event.name) == nil {
                diagnostics.emit(
                    .reservedName(
                        event.name, role: "event", clash: "the member '\(model.name).\(event.name)'", at: event.range))
            } else if let other = eventNames[swiftName] {
                diagnostics.emit(
                    .nameCollision(
                        kind: "event", event.name, other: model.events[other].name, swiftName: "Event.\(swiftName)",
                        at: event.range, previous: model.events[other].range,
                        previousIsDeclaration: model.events[other].isDeclared))
            } else {
                eventNames[swiftName] = index
            }
        }
        for (index, requirement) in model.requirements.enumerated() where SwiftNames.actionsMembers.contains(requirement.name) {
            diagnostics.emit(
                .reservedName(
                    requirement.name, role: requirement.isGuard ? "guard" : "action",
                    clash: "the requirement '\(SwiftNames.actionsProtocol(of: model.name)).\(requirement.name)'",
                    at: requirementFirstUse[index]))
        }
    }
}
