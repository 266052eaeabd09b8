/// An event with its arguments, one per declared parameter, in order.
public struct EventOccurrence: Sendable, Hashable {
    /// Index into ``Model/events``.
    public var event: Int
    public var arguments: [InterpreterValue]

    public init(event: Int, arguments: [InterpreterValue] = []) {
        self.event = event
        self.arguments = arguments
    }

    /// `disarm(code: "1234")`, or `arm` without parameters.
    public func description(in model: Model) -> String {
        let event = model.events[self.event]
        if event.parameters.isEmpty { return event.name }
        let arguments = zip(event.parameters, self.arguments).map { "\($0.name): \($1)" }
        return event.name + "(" + arguments.joined(separator: ", ") + ")"
    }
}
