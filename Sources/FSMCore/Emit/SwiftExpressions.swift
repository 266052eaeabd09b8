/// Swift spellings of the model's literals, calls and guards.
enum SwiftExpressions {
    /// A literal argument as Swift source.
    static func literal(_ literal: Model.Literal) -> String {
        switch literal {
        case .string(let text): stringLiteral(text)
        case .integer(let text), .decimal(let text): text
        case .boolean(let value): value ? "true" : "false"
        }
    }

    /// `text` as a Swift string literal. Printable ASCII stays as it is; quotes, backslashes and
    /// the common control characters get their short escapes; every other scalar (control or
    /// non-ASCII) is written as `\u{...}`, so the generated file is plain ASCII.
    static func stringLiteral(_ text: String) -> String {
        if StringEscape.isWrittenAsIs(text) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }

    /// `actions.isValid(code: code)`: a guard or action called on the actions object.
    static func call(_ call: Model.Call, on receiver: String) -> String {
        // Written into one string, without an array of arguments: a large machine has tens of
        // thousands of calls.
        var text = receiver + "." + SwiftNames.escaped(call.name) + "("
        for (position, argument) in call.arguments.enumerated() {
            if position > 0 { text += ", " }
            text += argumentLabel(argument.label)
            text += ": "
            switch argument.value {
            case .parameter(let name): text += SwiftNames.escaped(name)
            case .literal(let literal): text += Self.literal(literal)
            }
        }
        return text + ")"
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
