/// Guard and action calls: their arguments against the event's parameters, and the signature
/// each call gives its requirement, which must agree with every other call of the same name.
extension Analyzer {
    /// Where a call is written, which decides the event parameters it may pass.
    enum CallSite: Equatable {
        /// A transition on this event: its parameters.
        case transition(event: Int)
        /// A completion transition: no event, no parameters.
        case completion
        /// A timed transition (`after`, `every`): no event, no parameters.
        case timed
        /// An entry or exit activity: no event, no parameters.
        case activity
        /// A transition on an undeclared event that passes parameters, already reported
        /// (``reportParameters(of:onUndeclaredEvent:)``): its parameters are not looked up again.
        case undeclaredEvent
        /// A state's activity (`do / name(...)`, named so): literals only.
        case doActivity(String)
        /// A `catch` transition: no event, but `error`, what the activity threw.
        case catchTransition

        /// What a use of `error` outside a `catch` is in, as the error message says it.
        var text: String {
            switch self {
            case .transition, .undeclaredEvent: "a transition on an event"
            case .completion: "a completion transition"
            case .timed: "a timed transition"
            case .activity: "an entry or exit activity"
            case .doActivity: "an activity's arguments"
            case .catchTransition: "a 'catch' transition"
            }
        }
    }

    mutating func resolveGuard(_ syntax: GuardSyntax, in site: CallSite) -> Model.Guard? {
        switch syntax {
        case .call(let call): return resolveCall(call, isGuard: true, in: site).map(Model.Guard.call)
        case .not(let operand, _): return resolveGuard(operand, in: site).map(Model.Guard.not)
        case .parenthesized(let inner, _): return resolveGuard(inner, in: site)
        case .and(let lhs, let rhs):
            let left = resolveGuard(lhs, in: site)
            let right = resolveGuard(rhs, in: site)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = resolveGuard(lhs, in: site)
            let right = resolveGuard(rhs, in: site)
            guard let left, let right else { return nil }
            return .or(left, right)
        }
    }

    /// Resolves a guard or action call written at `site`; at ``CallSite/doActivity(_:)``, the
    /// call of an activity, `async throws` when `throwing`.
    mutating func resolveCall(_ call: CallSyntax, isGuard: Bool, in site: CallSite, throwing: Bool = false) -> Model.Call? {
        let isActivity = if case .doActivity = site { true } else { false }
        checkSwiftName(call.name, role: isGuard ? "guard" : isActivity ? "activity" : "action")
        var arguments: [Model.Argument] = []
        var parameters: [Model.RequirementParameter] = []
        // One allocation each, not one per doubling: a large machine has tens of thousands of calls.
        arguments.reserveCapacity(call.arguments.count)
        parameters.reserveCapacity(call.arguments.count)
        var valid = true
        for (position, argument) in call.arguments.enumerated() {
            // A call has a few arguments: looking back costs less than a dictionary of labels.
            if let previous = call.arguments[..<position].first(where: { $0.label.text == argument.label.text }) {
                diagnostics.emit(.duplicateLabel(argument.label.text, at: argument.label.range, previous: previous.label.range))
                valid = false
                continue
            }
            switch argument.value {
            case .literal(let literal):
                let value = Model.Literal(literal.value)
                arguments.append(Model.Argument(label: argument.label.text, value: .literal(value)))
                parameters.append(Model.RequirementParameter(label: argument.label.text, type: value.type))
            case .parameter(let name):
                guard let type = parameterType(of: name, in: site) else {
                    valid = false
                    continue
                }
                arguments.append(Model.Argument(label: argument.label.text, value: .parameter(name.text)))
                parameters.append(Model.RequirementParameter(label: argument.label.text, type: type))
            }
        }
        guard valid else { return nil }
        var requirement = Model.Requirement(name: call.name.text, parameters: parameters, isGuard: isGuard)
        requirement.isActivity = isActivity
        requirement.isThrowingActivity = isActivity && throwing
        registerRequirement(requirement, at: call.range)
        return Model.Call(name: call.name.text, arguments: arguments, range: call.range)
    }

    /// The type of the event parameter `name` passed at `site`, or `nil` after reporting that the
    /// site has no such parameter (or without reporting, when that is already reported).
    mutating func parameterType(of name: Identifier, in site: CallSite) -> ParameterType? {
        let event: Int
        switch site {
        case .transition(let transitionEvent): event = transitionEvent
        case .catchTransition:
            if name.text == "error" { return .error }
            diagnostics.emit(.parameterInCatch(name.text, at: name.range))
            return nil
        case .doActivity(let activity):
            diagnostics.emit(.activityArgument(name.text, activity: activity, at: name.range))
            return nil
        case .completion where name.text == "error", .timed where name.text == "error",
            .activity where name.text == "error":
            diagnostics.emit(.errorOutsideCatch(in: site.text, at: name.range))
            return nil
        case .completion, .timed:
            let having = events.filter { $0.isDeclared && $0.parameters.contains { $0.name == name.text } }
            diagnostics.emit(
                .parameterInCompletion(name.text, events: having.map(\.name), isTimed: site == .timed, at: name.range))
            return nil
        case .activity:
            diagnostics.emit(.parameterInActivity(name.text, at: name.range))
            return nil
        case .undeclaredEvent:
            return nil
        }
        let declared = events[event].parameters
        guard let parameter = declared.first(where: { $0.name == name.text }) else {
            if eventsWithInvalidParameters.contains(event) { return nil }
            if name.text == "error" {
                diagnostics.emit(.errorOutsideCatch(in: "a transition on '\(events[event].name)'", at: name.range))
                return nil
            }
            let suggestion = Suggestions.closest(to: name.text, among: declared.map(\.name))
            diagnostics.emit(
                .unknownParameter(
                    name.text, event: events[event].name, suggestion: suggestion, at: name.range,
                    declaration: events[event].range))
            return nil
        }
        return parameter.type
    }

    /// A transition on an event declared nowhere, which has no parameters, that passes some: one
    /// error for the transition however many it passes. When a declared event is spelt like it
    /// (`seel` for `seek`), the error is at the event's name and suggests that one; else it is at the
    /// first parameter passed and shows the declaration that would give the event all of them.
    mutating func reportParameters(of transition: TransitionDecl, onUndeclaredEvent event: Identifier) {
        // `error` is no event parameter that a declaration would give: it belongs in a `catch`.
        var passed: [Identifier] = []
        for name in transition.passedParameters {
            if name.text == "error" {
                diagnostics.emit(.errorOutsideCatch(in: "a transition on '\(event.text)'", at: name.range))
            } else {
                passed.append(name)
            }
        }
        guard let first = passed.first else { return }
        let declared = events.filter(\.isDeclared)
        if let suggestion = Suggestions.closest(to: event.text, among: declared.map(\.name)),
            let declaration = declared.first(where: { $0.name == suggestion })
        {
            diagnostics.emit(
                .misspeltEvent(
                    event.text, parameter: first.text, suggestion: suggestion, at: event.range, declaration: declaration.range))
            return
        }
        var names: [String] = []
        for name in passed.map(\.text) where !names.contains(name) { names.append(name) }
        diagnostics.emit(.parameterOfUndeclaredEvent(first.text, event: event.text, parameters: names, at: first.range))
    }

    mutating func registerRequirement(_ requirement: Model.Requirement, at range: SourceRange) {
        guard let index = requirementIndex[requirement.name] else {
            requirementIndex[requirement.name] = requirements.count
            requirements.append(requirement)
            requirementFirstUse.append(range)
            return
        }
        let existing = requirements[index]
        if existing.isDelay != requirement.isDelay {
            diagnostics.emit(
                .delayNameConflict(
                    requirement.name, usedAsDelay: requirement.isDelay, other: requirement.isDelay ? existing : requirement,
                    at: range, previous: requirementFirstUse[index]))
        } else if existing.isGuard != requirement.isGuard || existing.isActivity != requirement.isActivity {
            diagnostics.emit(
                .roleConflict(
                    requirement.name, role: Self.role(of: requirement), before: Self.role(of: existing), at: range,
                    previous: requirementFirstUse[index]))
        } else if existing.parameters != requirement.parameters {
            diagnostics.emit(
                .inconsistentSignature(
                    requirement.name, signature: Self.signature(requirement), previousSignature: Self.signature(existing),
                    at: range, previous: requirementFirstUse[index]))
        } else if requirement.isThrowingActivity {
            // One activity of two states, one of them with a `catch`: `async throws` for both.
            requirements[index].isThrowingActivity = true
        }
    }

    /// A requirement's role as messages name it: "a guard", "an activity", "an action".
    static func role(of requirement: Model.Requirement) -> String {
        requirement.isGuard ? "a guard" : requirement.isActivity ? "an activity" : "an action"
    }

    static func signature(_ requirement: Model.Requirement) -> String {
        "\(requirement.name)(\(requirement.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")))"
    }
}
