/// The UML text of the model's behaviour, written the way it is in the .fsm file
/// (`isValid(code) && !locked`, `log(level: 3, text: "a\"b")`): the diagrams' labels (each emitter
/// escapes it for its own format; `DiagramDetail` chooses how much a label shows), and the comments
/// of the generated Swift that name a transition as written.
enum WrittenText {
    /// A call as written: `name`, or `name(label: value, ...)`; an event parameter passed under its
    /// own name is shown by its name alone, as in the source.
    static func call(_ call: Model.Call) -> String {
        var text = call.name
        write(call.arguments, into: &text)
        return text
    }

    /// Appends `arguments`, in parentheses, to `text`, which ends with the name of what they are
    /// passed to (a call, or a raised event); nothing when there are none.
    private static func write(_ arguments: [Model.Argument], into text: inout String) {
        guard !arguments.isEmpty else { return }
        text += "("
        for (position, argument) in arguments.enumerated() {
            if position > 0 { text += ", " }
            switch argument.value {
            case .parameter(let name) where name == argument.label:
                text += name
            case .parameter(let name):
                text += argument.label + ": " + name
            case .literal(let literal):
                text += argument.label + ": " + self.literal(literal)
            }
        }
        text += ")"
    }

    /// A literal in source form: strings quoted with `\"`, `\\`, `\n`, `\t` and `\u{...}` escapes.
    static func literal(_ literal: Model.Literal) -> String {
        switch literal {
        case .string(let value):
            if StringEscape.isWrittenAsIs(value) { return "\"" + value + "\"" }
            var text = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisible(scalar) {
                        text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            return text + "\""
        case .integer(let value), .decimal(let value): return value
        case .boolean(let value): return value ? "true" : "false"
        }
    }

    /// Scalars that would not show, or would reorder the text around them, in a label.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// A guard as written, with parentheses only where precedence needs them
    /// (`!` binds tightest, then `&&`, then `||`) and where the source grouped a right operand.
    static func guardExpression(_ guardExpression: Model.Guard) -> String {
        GuardPrinter.text(
            guardExpression, GuardSpelling(call: call, regroupsRightOperands: false, parenthesizesDoubleNegation: false))
    }

    /// A list of actions, comma separated: each call as written, each raised event as `raise e`
    /// or `raise e(label: value, ...)` (section 4e), its arguments in the order the event declares
    /// its parameters.
    static func actions(_ actions: [Model.Action], in model: Model) -> String {
        var text = ""
        for (position, action) in actions.enumerated() {
            if position > 0 { text += ", " }
            switch action {
            case .call(let call):
                text += call.name
                write(call.arguments, into: &text)
            case .raise(let raise):
                text += "raise "
                text += model.events[raise.event].name
                write(raise.arguments, into: &text)
            }
        }
        return text
    }

    /// UML's time event of a timed transition (section 4d): `after(5s)`, `every(500ms)`, and
    /// with a named delay `after(retryDelay)`; the duration as written.
    static func timeEvent(_ transition: Model.TimedTransition) -> String {
        let delay: String
        switch transition.delay {
        case .literal(_, let text): delay = text
        case .named(let name): delay = name
        }
        return transition.kind.rawValue + "(" + delay + ")"
    }

    /// The parts of a transition's UML label: an edge's `«push»`/`«pop»` stereotype, `event`,
    /// `[guard]` and `/ effects` (the guard and effects empty in an overview). A completion
    /// transition has no event, so its label is only `[guard] / effects`, and empty when it has
    /// neither (section 7 of the language).
    struct Label: Hashable {
        var stereotype: String?
        /// `nil` for a completion transition.
        var event: String?
        var guardText: String?
        var effects: String?

        /// `«push» event [guard]`: the label up to its effects, its parts separated by one space.
        var head: String {
            // Appended piece by piece into one string: an emitter asks for every edge's label.
            var text = stereotype ?? ""
            if let event {
                if stereotype != nil { text += " " }
                text += event
            }
            if let guardText {
                if stereotype != nil || event != nil { text += " " }
                text += "["
                text += guardText
                text += "]"
            }
            return text
        }

        /// `«push» event [guard] / effect` on one line.
        var oneLine: String { oneLine(head: head) }

        /// ``oneLine`` for a caller that already has the ``head``.
        func oneLine(head: String) -> String {
            guard let effects else { return head }
            return head.isEmpty ? "/ " + effects : head + " / " + effects
        }

        /// Whether the label shows nothing: a completion transition without guard or effects.
        var isEmpty: Bool { isEmpty(head: head) }

        /// ``isEmpty`` for a caller that already has the ``head``.
        func isEmpty(head: String) -> Bool { effects == nil && head.isEmpty }
    }

    static func label(_ transition: Model.Transition, in model: Model) -> Label {
        label(
            event: eventText(of: transition, in: model), guardExpression: transition.guardExpression,
            actions: transition.actions, in: model)
    }

    /// The label of a `catch` transition (section 4f): `catch` stands where an event's name does.
    static func label(_ transition: Model.CatchTransition, in model: Model) -> Label {
        label(event: "catch", guardExpression: transition.guardExpression, actions: transition.actions, in: model)
    }

    /// The label of a timed transition: its time event (``timeEvent(_:)``) stands where an event's name does.
    static func label(_ transition: Model.TimedTransition, in model: Model) -> Label {
        label(
            event: timeEvent(transition), guardExpression: transition.guardExpression, actions: transition.actions,
            in: model)
    }

    /// The event's name of `transition`; `nil` for a completion transition.
    static func eventText(of transition: Model.Transition, in model: Model) -> String? {
        transition.event.map { model.events[$0].name }
    }

    private static func label(event: String?, guardExpression: Model.Guard?, actions: [Model.Action], in model: Model)
        -> Label
    {
        Label(
            event: event,
            guardText: guardExpression.map(self.guardExpression),
            effects: actions.isEmpty ? nil : self.actions(actions, in: model))
    }

    /// A transition written as a compartment line: internal ones as their label, others with their
    /// target. `label` is its label on one line.
    static func listedTransition(label: String, target: Model.Target, in model: Model) -> String {
        transitionText(label: label, target: target, in: model, arrow: "→")
    }

    /// A transition as written: `label`, then `arrow` and the target unless it is internal.
    static func transitionText(label: String, target: Model.Target, in model: Model, arrow: String) -> String {
        guard let name = self.target(target, in: model) else { return label }
        return label.isEmpty ? "\(arrow) \(name)" : "\(label) \(arrow) \(name)"
    }

    /// A target as written after `->`: `Name`, `push Name`, `pop`, `history Name`, `deep history
    /// Name`; `nil` for an internal transition, which has none.
    static func target(_ target: Model.Target, in model: Model) -> String? {
        switch target {
        case .internal: nil
        case .state(let index): model.states[index].name
        case .push(let index): "push " + model.states[index].name
        case .pop: "pop"
        case .history(let index, .shallow): "history " + model.states[index].name
        case .history(let index, .deep): "deep history " + model.states[index].name
        }
    }
}
