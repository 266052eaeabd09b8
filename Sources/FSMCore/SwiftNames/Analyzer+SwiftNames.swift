/// The names the generated Swift derives from the machine's: two states or two events that
/// would get the same case, and names that would clash with members the generated code declares.
extension Analyzer {
    mutating func checkCollisions(_ model: Model) {
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
