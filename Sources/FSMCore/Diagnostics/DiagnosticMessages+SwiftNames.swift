/// Messages of the rules of the generated Swift's names (SwiftNames/), and of machines generated
/// together (`generated-type-collision`).
extension Diagnostic {
    static func invalidName(_ name: String, role: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.invalidName, "'\(name)' cannot be used as \(withArticle(role)) name in Swift", at: range)
    }

    static func reservedMachineName(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .reservedName, "machine name '\(name)' would shadow a type the generated Swift uses; choose another name", at: range)
    }

    static func parameterTypeShadowed(_ type: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .reservedName,
            "type '\(type)' would refer to a type the generated Swift declares; qualify it with its module (as in 'MyModule.\(type)')",
            at: range)
    }

    /// A parameter type `name` (at `range`) that is `standard`, a Swift standard type, in other case.
    static func miscasedStandardType(_ name: String, standard: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .miscasedStandardType, "type '\(name)' is not a Swift standard type; did you mean '\(standard)'?", at: range,
            fixIts: [FixIt(replace: range, with: standard)])
    }

    static func reservedName(_ name: String, role: String, clash: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.reservedName, "\(role) '\(name)' clashes with \(clash) in the generated Swift; rename it", at: range)
    }

    static func nameCollision(
        kind: String, _ name: String, other: String, swiftName: String, at range: SourceRange, previous: SourceRange,
        previousIsDeclaration: Bool = true
    ) -> Diagnostic {
        Diagnostic(
            .nameCollision, "\(kind) '\(name)' and \(kind) '\(other)' would both become '\(swiftName)' in the generated Swift",
            at: range,
            notes: [DiagnosticNote("'\(other)' \(previousIsDeclaration ? "declared" : "first used") here", at: previous)])
    }

    /// Two machines generated into one module whose files would both declare the type `type.name`:
    /// reported at the declaration in `file` that makes it, with a note at the other one, in `otherFile`.
    static func generatedTypeCollision(
        _ type: GeneratedType, of model: Model, other: GeneratedType, of otherModel: Model, in otherFile: SourceFile
    ) -> Diagnostic {
        // Two machines of one name clash in their class and their protocol: one error says both.
        let message =
            model.name == otherModel.name
            ? "two machines named '\(model.name)' would both declare the class '\(model.name)' and the protocol "
                + "'\(SwiftNames.actionsProtocol(of: model.name))' in the generated Swift; rename one of them"
            : "\(describe(type, of: model)) and \(describe(other, of: otherModel)) would both be named '\(type.name)' "
                + "in the generated Swift; rename one of them"
        return Diagnostic(
            .generatedTypeCollision, message, at: declaration(of: type, in: model),
            notes: [
                DiagnosticNote(
                    "\(declared(other, of: otherModel)) declared here", at: declaration(of: other, in: otherModel), in: otherFile)
            ])
    }

    /// What a generated type is, as the messages say it: "the run-time struct of machine 'Door'".
    private static func describe(_ type: GeneratedType, of model: Model) -> String {
        let machine = "machine '\(model.name)'"
        return switch type.kind {
        case .actions: "the actions protocol of \(machine)"
        case .machine: "the class of \(machine)"
        case .runtime: "the run-time struct of \(machine)"
        case .queuedEvent: "the queued-event enum of \(machine)"
        case .runtimeVersion: "the runtime version alias of \(machine)"
        case .state(let index): "the class of state '\(model.states[index].name)' of \(machine)"
        }
    }

    /// The declaration in the `.fsm` file that a generated type comes from, as a note names it.
    private static func declared(_ type: GeneratedType, of model: Model) -> String {
        guard case .state(let index) = type.kind else { return "machine '\(model.name)'" }
        return "state '\(model.states[index].name)' of machine '\(model.name)'"
    }

    /// Where that declaration is: the state's name, or the machine's.
    private static func declaration(of type: GeneratedType, in model: Model) -> SourceRange {
        guard case .state(let index) = type.kind else { return model.nameRange }
        return model.states[index].range
    }
}
