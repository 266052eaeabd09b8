/// Swift spellings of the model's literals, calls and guards.
enum SwiftExpressions {
    /// A literal argument as Swift source.
    static func literal(_ literal: Model.Literal) -> String {
        switch literal {
        case .string(let text): SwiftLiteral.string(text)
        case .integer(let text), .decimal(let text): text
        case .boolean(let value): value ? "true" : "false"
        }
    }

    /// `actions.isValid(code: code)`: a guard or action called on the actions object.
    static func call(_ call: Model.Call, on receiver: String) -> String {
        var text = ""
        write(call, on: receiver, to: &text)
        return text
    }

    /// Writes ``call(_:on:)``'s text to `output` piece by piece: a large machine has tens of
    /// thousands of calls, and a code writer takes them without a string made for each.
    static func write(_ call: Model.Call, on receiver: String, to output: inout some TextOutputStream) {
        output.write(receiver)
        output.write(".")
        output.write(SwiftNames.escaped(call.name))
        output.write("(")
        for (position, argument) in call.arguments.enumerated() {
            if position > 0 { output.write(", ") }
            output.write(argumentLabel(argument.label))
            output.write(": ")
            switch argument.value {
            case .parameter(let name): output.write(SwiftNames.escaped(name))
            case .literal(let literal): output.write(Self.literal(literal))
            }
        }
        output.write(")")
    }

    /// `context.raise(.giveUp)`, `context.raise(.set(minutes: 5))`: a raised event put on the
    /// internal queue of the machine `context` names, its arguments in its declaration's order.
    static func write(
        _ raise: Model.Raise, on context: String, model: Model, to output: inout some TextOutputStream
    ) {
        output.write(context)
        output.write("raise(.")
        output.write(SwiftNames.escaped(SwiftNames.lowerCamelCase(model.events[raise.event].name)))
        if !raise.arguments.isEmpty {
            output.write("(")
            for (position, argument) in raise.arguments.enumerated() {
                if position > 0 { output.write(", ") }
                output.write(argumentLabel(argument.label))
                output.write(": ")
                switch argument.value {
                case .parameter(let name): output.write(SwiftNames.escaped(name))
                case .literal(let literal): output.write(Self.literal(literal))
                }
            }
            output.write(")")
        }
        output.write(")")
    }

    /// An argument label at a call site. Swift takes most keywords there as they are (and warns
    /// about needless backticks); only `inout`, `var` and `let` need them.
    static func argumentLabel(_ label: String) -> String {
        switch label {
        case "inout", "var", "let": "`\(label)`"
        default: label
        }
    }

    /// A guard as a Swift condition. Swift's `!`, `&&` and `||` have the guard language's
    /// precedence and short-circuit the same way; parentheses are added only where needed, and
    /// around a negated negation (`!(!a)`), which Swift would otherwise lex as one operator `!!`.
    static func condition(_ guardExpression: Model.Guard, on receiver: String) -> String {
        GuardPrinter.text(
            guardExpression,
            GuardSpelling(
                call: { call($0, on: receiver) }, regroupsRightOperands: true, parenthesizesDoubleNegation: true))
    }
}

extension CodeWriter {
    /// One line per action: a call on `receiver`, a `raise` on the machine (`context` is
    /// `"context."`, or `""` inside the machine).
    mutating func actionLines(_ actions: [Model.Action], on receiver: String, raisingOn context: String, model: Model) {
        for action in actions {
            beginLine()
            switch action {
            case .call(let call): SwiftExpressions.write(call, on: receiver, to: &self)
            case .raise(let raise): SwiftExpressions.write(raise, on: context, model: model, to: &self)
            }
            endLine()
        }
    }
}
