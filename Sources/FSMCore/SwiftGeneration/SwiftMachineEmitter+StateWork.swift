/// What a state's entry and exit do (``StateWork``), written where the generated file enters and
/// exits states.
extension SwiftMachineEmitter {
    /// The lines of `work`, on the actions.
    func lines(of work: [StateWork]) -> [String] {
        work.flatMap { item in
            switch item {
            case .activities(let calls): calls.map { SwiftExpressions.call($0, on: names.actionsVariable) }
            }
        }
    }

    /// Writes `work`.
    func emitWork(_ work: [StateWork], into out: inout CodeWriter) {
        for item in work {
            switch item {
            case .activities(let calls): out.callLines(calls, on: names.actionsVariable)
            }
        }
    }
}
