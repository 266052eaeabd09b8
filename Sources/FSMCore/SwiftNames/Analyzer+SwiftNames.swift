/// The rules of the names and types of the generated Swift (docs/Language.md, "Names in Swift"):
/// the analyzer calls each where it meets the names, and each checks only when the analysis is
/// for Swift (``Analyzer/checksSwiftNames``). A diagram or a simulation has no Swift: for them a
/// machine with states `Armed` and `armed` is fine.
extension Analyzer {
    /// `_`, which Swift does not take as a name (`invalid-name`).
    mutating func checkSwiftName(_ name: Identifier, role: String) {
        guard checksSwiftNames, name.text == "_" else { return }
        diagnostics.emit(.invalidName(name.text, role: role, at: name.range))
    }

    /// A machine named like a type the generated code uses, one it declares inside the class, or a
    /// Swift keyword (`reserved-name`).
    mutating func checkSwiftMachineName(_ name: Identifier) {
        guard checksSwiftNames else { return }
        if name.text != "_",
            SwiftNames.standardTypesUsed.contains(name.text) || SwiftNames.nestedTypeNames.contains(name.text)
                || SwiftNames.keywords.contains(name.text)
        {
            diagnostics.emit(.reservedMachineName(name.text, at: name.range))
        }
    }

    /// An event parameter named `self` or `Self`, which in the generated methods must mean the
    /// machine and its type (`reserved-name`).
    mutating func checkSwiftParameterName(_ name: Identifier) {
        guard checksSwiftNames, SwiftNames.reservedParameterNames.contains(name.text) else { return }
        diagnostics.emit(.reservedName(name.text, role: "parameter", clash: "Swift's '\(name.text)'", at: name.range))
    }

    /// A parameter type spelt like a Swift standard type in other case (`miscased-standard-type`),
    /// or naming a type the generated file declares (`reserved-name`).
    mutating func checkSwiftParameterType(_ parameter: Parameter) {
        guard checksSwiftNames else { return }
        var names: [String] = []
        func visit(_ type: TypeSyntax) {
            switch type {
            case .named(let components):
                if let first = components.first { names.append(first.name) }
                // A qualified name (`MyModule.int`) is meant as written.
                if components.count == 1, let component = components.first, let range = component.nameRange,
                    let standard = SwiftNames.standardTypesByLowercasedName[component.name.lowercased()],
                    standard != component.name
                {
                    diagnostics.emit(.miscasedStandardType(component.name, standard: standard, at: range))
                }
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

    /// Two states or two events that would get the same case, and names that would clash with
    /// members the generated code declares (`name-collision`, `reserved-name`).
    mutating func checkSwiftCollisions(_ model: Model) {
        guard checksSwiftNames else { return }
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
        let hasTimers = model.hasTimedTransitions
        for (index, event) in model.events.enumerated() {
            let swiftName = SwiftNames.lowerCamelCase(event.name)
            if SwiftNames.reservedCaseNames.contains(swiftName) {
                diagnostics.emit(.reservedName(event.name, role: "event", clash: "a member of 'Event'", at: event.range))
            } else if SwiftNames.machineMembers.contains(event.name)
                || (hasTimers && SwiftNames.timedMachineMembers.contains(event.name)), Keyword(rawValue: event.name) == nil
            {
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
