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
        text(guardExpression, spelling, context: .or)
    }

    /// Binding strength, weakest first: an expression weaker than its context is parenthesised.
    private enum Precedence: Int, Comparable {
        case or = 1, and, prefix

        static func < (left: Precedence, right: Precedence) -> Bool { left.rawValue < right.rawValue }
    }

    private static func text(_ expression: Model.Guard, _ spelling: GuardSpelling, context: Precedence) -> String {
        let precedence: Precedence
        let body: String
        switch expression {
        case .call(let call):
            return spelling.call(call)
        case .not(let operand):
            if case .not = operand, spelling.parenthesizesDoubleNegation {
                return "!(" + text(operand, spelling, context: .or) + ")"
            }
            return "!" + text(operand, spelling, context: .prefix)
        case .and(let left, let right):
            precedence = .and
            body =
                text(left, spelling, context: .and) + " && "
                + text(right, spelling, context: spelling.regroupsRightOperands ? .and : .prefix)
        case .or(let left, let right):
            precedence = .or
            body =
                text(left, spelling, context: .or) + " || "
                + text(right, spelling, context: spelling.regroupsRightOperands ? .or : .and)
        }
        return precedence < context ? "(\(body))" : body
    }
}
