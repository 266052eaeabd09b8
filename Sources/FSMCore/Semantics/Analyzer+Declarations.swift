/// Pass 1: every event and state declaration, with the checks that need only the declaration
/// itself (duplicates; and, for Swift, names and parameter types: Analyzer+SwiftNames).
extension Analyzer {
    mutating func collectEvents(_ members: [Member]) {
        for member in members {
            switch member {
            case .event(let decl):
                checkSwiftName(decl.name, role: "event")
                if let existing = eventIndex[decl.name.text], events[existing].isDeclared {
                    diagnostics.emit(.duplicateEvent(decl.name.text, at: decl.name.range, previous: events[existing].range))
                    continue
                }
                var seen: [String: SourceRange] = [:]
                var parameters: [Model.EventParameter] = []
                for parameter in decl.parameters {
                    checkSwiftName(parameter.name, role: "parameter")
                    checkSwiftParameterName(parameter.name)
                    if let previous = seen[parameter.name.text] {
                        diagnostics.emit(.duplicateParameter(parameter.name.text, at: parameter.name.range, previous: previous))
                        continue
                    }
                    seen[parameter.name.text] = parameter.name.range
                    checkSwiftParameterType(parameter)
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

    mutating func collectStates(_ members: [Member], parent: Int?, depth: Int) {
        for member in members {
            guard case .state(let decl) = member else { continue }
            checkSwiftName(decl.name, role: "state")
            let index = states.count
            if let previous = stateIndex[decl.name.text] {
                diagnostics.emit(.duplicateState(decl.name.text, at: decl.name.range, previous: states[previous].range))
            } else {
                stateIndex[decl.name.text] = index
            }
            states.append(
                Model.State(
                    name: decl.name.text, range: decl.name.range, docComment: decl.docComment, parent: parent, children: [],
                    initial: nil, isFinal: decl.isFinal, entryActions: [], exitActions: [], transitions: [], depth: depth))
            states[index].isParallel = decl.isParallel
            if let parent { states[parent].children.append(index) } else { topLevelStates.append(index) }
            collectStates(decl.members ?? [], parent: index, depth: depth + 1)
        }
    }
}
