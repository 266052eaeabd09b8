/// How much behaviour a diagram shows.
public enum DiagramDetail: String, CaseIterable, Sendable {
    /// Everything: transitions labelled `event [guard] / effect`, entry and exit activities,
    /// internal transitions listed inside their state.
    case full
    /// The structure only: states and transitions labelled with their event; no guards, effects,
    /// activities or internal transitions. Transitions that differ only in guard or effect are drawn once.
    case overview
}

/// The UML text of the model's behaviour, shared by every diagram emitter: plain text, written the
/// way it is in the .fsm file (`isValid(code) && !locked`, `log(level: 3, text: "a\"b")`). Each
/// emitter escapes it for its own format.
enum DiagramText {
    /// A call as written: `name`, or `name(label: value, ...)`; an event parameter passed under its
    /// own name is shown by its name alone, as in the source.
    static func call(_ call: Model.Call) -> String {
        var text = call.name
        write(call, into: &text)
        return text
    }

    /// Appends the arguments of `call`, in parentheses, to `text`, which ends with its name.
    private static func write(_ call: Model.Call, into text: inout String) {
        guard !call.arguments.isEmpty else { return }
        text += "("
        for (position, argument) in call.arguments.enumerated() {
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

    /// A list of calls, comma separated.
    static func calls(_ calls: [Model.Call]) -> String {
        var text = ""
        for (position, call) in calls.enumerated() {
            if position > 0 { text += ", " }
            text += call.name
            write(call, into: &text)
        }
        return text
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

    static func label(_ transition: Model.Transition, in model: Model, detail: DiagramDetail) -> Label {
        let event = transition.event.map { model.events[$0].name }
        guard detail == .full else { return Label(event: event) }
        return Label(
            event: event,
            guardText: transition.guardExpression.map(guardExpression),
            effects: transition.effects.isEmpty ? nil : calls(transition.effects))
    }

    /// A transition written as a compartment line: internal ones as their label, others with their target.
    static func listedTransition(_ transition: Model.Transition, in model: Model, detail: DiagramDetail) -> String {
        transitionText(transition, in: model, detail: detail, arrow: "→")
    }

    /// A transition as written: its label, then `arrow` and its target unless it is internal.
    static func transitionText(_ transition: Model.Transition, in model: Model, detail: DiagramDetail, arrow: String) -> String {
        let label = label(transition, in: model, detail: detail).oneLine
        let target: String
        switch transition.target {
        case .internal: return label
        case .state(let index): target = model.states[index].name
        case .push(let index): target = "push " + model.states[index].name
        case .pop: target = "pop"
        case .history(let index, .shallow): target = "history " + model.states[index].name
        case .history(let index, .deep): target = "deep history " + model.states[index].name
        }
        return label.isEmpty ? "\(arrow) \(target)" : "\(label) \(arrow) \(target)"
    }
}
