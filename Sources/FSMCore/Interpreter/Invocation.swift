/// A guard or an action called with its argument values: `isValid(code: "1234")`.
public struct Invocation: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var arguments: [Argument]

    public struct Argument: Sendable, Hashable {
        public var label: String
        public var value: InterpreterValue
    }

    public init(name: String, arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    init(_ call: Model.Call, model: Model, scope: Interpreter.Scope) {
        self.name = call.name
        self.arguments = call.arguments.map { argument in
            switch argument.value {
            case .literal(let literal):
                return Argument(label: argument.label, value: InterpreterValue(literal))
            case .parameter(let name):
                switch scope {
                case .event(let occurrence):
                    guard let index = model.events[occurrence.event].parameters.firstIndex(where: { $0.name == name }) else {
                        preconditionFailure("the analyzer resolves every parameter reference")
                    }
                    return Argument(label: argument.label, value: occurrence.arguments[index])
                case .caught(let error):
                    precondition(name == "error", "a catch transition's only parameter is 'error'")
                    return Argument(label: argument.label, value: error)
                case .nothing:
                    preconditionFailure("the analyzer allows parameters only where an event or an error is in scope")
                }
            }
        }
    }

    /// `name` without arguments, else `name(label: value, ...)`.
    public var description: String {
        if arguments.isEmpty { return name }
        return name + "(" + arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ") + ")"
    }
}
