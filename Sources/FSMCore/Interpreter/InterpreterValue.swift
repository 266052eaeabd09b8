/// A value passed to a guard or an action: an event argument, a literal, or the error an activity
/// threw.
public enum InterpreterValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    /// `nil`, for a parameter of an optional type (an event line only: the language has no `nil`).
    case none
    /// An error an activity threw (section 4f), known by a name the host chooses (`offline`): what
    /// ``Interpreter/failActivity(of:with:)`` is given, and what `error` passes in the guards and
    /// effects of the `catch` transitions it takes.
    case error(String)
    /// A value of a type that has no literals in the language, a type of your own (`Order`) or
    /// `[UInt8]`, `Set<Int>`, a tuple: nothing the interpreter does looks into it (guards are
    /// answered, actions only recorded), so one opaque value stands for any. Written `_`, in an event
    /// line (`place order=_`) and wherever fsmc prints it.
    case opaque

    /// As a Swift literal: strings quoted and escaped, numbers as Swift prints them.
    public var description: String {
        switch self {
        case .string(let text): SwiftLiteral.string(text)
        case .integer(let value): String(value)
        case .decimal(let value): String(value)
        case .boolean(let value): String(value)
        case .none: "nil"
        case .error(let name): name
        case .opaque: "_"
        }
    }

    init(_ literal: Model.Literal) {
        switch literal {
        case .string(let text): self = .string(text)
        case .integer(let text):
            // The parser reports an integer literal that does not fit in Int as an error, and a model
            // with errors never reaches the interpreter.
            guard let value = Int(text) else { preconditionFailure("the parser rejects integers beyond Int") }
            self = .integer(value)
        case .decimal(let text): self = .decimal(Double(text) ?? 0)
        case .boolean(let value): self = .boolean(value)
        }
    }
}

extension InterpreterValue {
    /// The value as a value of `type`: itself when its literal is of the type's kind, an integer as a
    /// `Double` or `Float`, `nil` or a value of the wrapped type for an optional, `_` (``opaque``) for
    /// a type without literals; `nil` when it is none of those.
    func converted(to type: ParameterType) -> InterpreterValue? {
        if self == .opaque { return EventLine.canSimulate(type: type) ? nil : self }
        switch (type.literalKind, self) {
        case (.string, .string), (.integer, .integer), (.decimal, .decimal), (.boolean, .boolean):
            return self
        case (.decimal, .integer(let number)):
            return .decimal(Double(number))
        default:
            guard let wrapped = type.wrapped else { return nil }
            return self == .none ? self : converted(to: wrapped)
        }
    }
}
