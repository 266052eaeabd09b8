/// Pass 1: every event and state declaration, with the checks that need only the declaration
/// itself (names, duplicates, parameter types).
extension Analyzer {
    mutating func checkName(_ name: Identifier, role: String) {
        if name.text == "_" {
            diagnostics.emit(.invalidName(name.text, role: role, at: name.range))
        }
    }

    mutating func checkMachineName(_ name: Identifier) {
        if name.text != "_",
            SwiftNames.standardTypesUsed.contains(name.text) || SwiftNames.nestedTypeNames.contains(name.text)
                || SwiftNames.keywords.contains(name.text)
        {
            diagnostics.emit(.reservedMachineName(name.text, at: name.range))
        }
    }

    mutating func collectEvents(_ members: [Member]) {
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
                    if SwiftNames.reservedParameterNames.contains(parameter.name.text) {
                        diagnostics.emit(
                            .reservedName(
                                parameter.name.text, role: "parameter", clash: "Swift's '\(parameter.name.text)'",
                                at: parameter.name.range))
                    }
                    if let previous = seen[parameter.name.text] {
                        diagnostics.emit(.duplicateParameter(parameter.name.text, at: parameter.name.range, previous: previous))
                        continue
                    }
                    seen[parameter.name.text] = parameter.name.range
                    checkParameterType(parameter)
                    parameters.append(
                        Model.EventParameter(name: parameter.name.text, type: ParameterType(parameter.type.description)))
                }
                if decl.hasInvalidParameters { eventsWithInvalidParameters.insert(events.count) }
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

    mutating func checkParameterType(_ parameter: Parameter) {
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

    mutating func collectStates(_ members: [Member], parent: Int?, depth: Int) {
        for member in members {
            guard case .state(let decl) = member else { continue }
            checkName(decl.name, role: "state")
            let index = states.count
            if let previous = stateIndex[decl.name.text] {
                diagnostics.emit(.duplicateState(decl.name.text, at: decl.name.range, previous: states[previous].range))
            } else {
                stateIndex[decl.name.text] = index
            }
            states.append(
                Model.State(
                    name: decl.name.text, range: decl.name.range, docComment: decl.docComment, parent: parent, children: [],
                    initial: nil, isFinal: decl.isFinal, entry: [], exit: [], transitions: [], depth: depth))
            states[index].isParallel = decl.isParallel
            if let parent { states[parent].children.append(index) } else { topLevelStates.append(index) }
            collectStates(decl.members ?? [], parent: index, depth: depth + 1)
        }
    }
}
