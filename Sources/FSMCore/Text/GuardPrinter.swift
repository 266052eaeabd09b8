/// How a guard is spelled in one output: the Swift emitter's conditions and the diagrams' labels
/// print guards with the same precedence (`!` binds tightest, then `&&`, then `||`) and differ only
/// in these choices.
struct GuardSpelling: Sendable {
    /// A call, such as `isValid(code)` in a diagram or `actions.isValid(code: code)` in Swift.
    var call: @Sendable (Model.Call) -> String
    /// Whether a right operand of the same operator loses its parentheses: `a && (b && c)` written
    /// `a && b && c`. Both operators are associative and short-circuit left to right either way,
    /// so code may regroup; a diagram keeps the grouping as written.
    var regroupsRightOperands: Bool
    /// Whether `!` before another `!` is written `!(!a)`: Swift's lexer reads `!!` as one
    /// (undefined) operator, the guard language reads it as two.
    var parenthesizesDoubleNegation: Bool
}

/// The one precedence-aware printer of guards: parentheses only where precedence (or the
/// spelling) needs them.
enum GuardPrinter {
    /// `guardExpression` spelled as `spelling` says.
    static func text(_ guardExpression: Model.Guard, _ spelling: GuardSpelling) -> String {
        var text = ""
        write(guardExpression, spelling, context: .or, into: &text)
        return text
    }

    /// Binding strength, weakest first: an expression weaker than its context is parenthesised.
    private enum Precedence: Int, Comparable {
        case or = 1, and, prefix

        static func < (left: Precedence, right: Precedence) -> Bool { left.rawValue < right.rawValue }
    }

    /// Appends `expression`, written where an operand of `context`'s strength goes, to `text`: one
    /// string for the whole guard rather than one per operand.
    private static func write(_ expression: Model.Guard, _ spelling: GuardSpelling, context: Precedence, into text: inout String)
    {
        let precedence: Precedence
        let operands: (left: Model.Guard, right: Model.Guard)
        let rightContext: Precedence
        let separator: String
        switch expression {
        case .call(let call):
            text += spelling.call(call)
            return
        case .not(let operand):
            if case .not = operand, spelling.parenthesizesDoubleNegation {
                text += "!("
                write(operand, spelling, context: .or, into: &text)
                text += ")"
            } else {
                text += "!"
                write(operand, spelling, context: .prefix, into: &text)
            }
            return
        case .and(let left, let right):
            (precedence, operands, separator) = (.and, (left, right), " && ")
            rightContext = spelling.regroupsRightOperands ? .and : .prefix
        case .or(let left, let right):
            (precedence, operands, separator) = (.or, (left, right), " || ")
            rightContext = spelling.regroupsRightOperands ? .or : .and
        }
        let parenthesized = precedence < context
        if parenthesized { text += "(" }
        write(operands.left, spelling, context: precedence, into: &text)
        text += separator
        write(operands.right, spelling, context: rightContext, into: &text)
        if parenthesized { text += ")" }
    }
}
