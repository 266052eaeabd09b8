/// `done S` and `fail S name` in a `fsmc simulate` script: the running activity of the state `S`
/// (section 4f) returned, or threw the error `name` (``InterpreterValue/error(_:)``, what `error`
/// passes in the state's `catch` transitions). Last, optionally, answers for the machine's guards
/// while the outcome is processed, in brackets as on an event line: `fail Loading offline
/// [isOffline=true]`.
extension EventLine {
    /// An activity's outcome line: the state, the error (`nil`: the activity returned), and the
    /// guards it answers.
    public struct ActivityOutcome: Sendable, Hashable {
        /// The state whose activity ends.
        public var state: Int
        /// What the activity threw; `nil` when it returned.
        public var error: InterpreterValue?
        /// The answers in brackets, by guard name, one per evaluation (``EventLine/Scripted/guardAnswers``):
        /// for this outcome only.
        public var guardAnswers: [String: [Bool]]
    }

    /// The outcome on `line`; `nil` when the line is no `done` or `fail` line (an event line, a
    /// `wait`, a blank or comment line). In a machine with an event named `done` (or `fail`), a
    /// line whose word after it is no state name (nothing, `name=value`, `[`) is that event.
    public static func parseActivityOutcome(_ line: String, in model: Model) throws(EventLineError) -> ActivityOutcome? {
        var scanner = Scanner(Array(line.unicodeScalars))
        scanner.skipSpace()

        guard let keyword = scanner.identifier(), keyword == "done" || keyword == "fail" else { return nil }
        guard scanner.atEnd || scanner.peek == " " || scanner.peek == "\t" || scanner.peek == "\r" else { return nil }
        scanner.skipSpace()
        let afterKeyword = scanner.position
        let stateName = scanner.identifier()
        if model.events.contains(where: { $0.name == keyword }) {
            // `done x=1` and `done [g=true]` are the event `done`; `done Loading` is the outcome.
            var lookahead = scanner
            lookahead.skipSpace()
            if stateName == nil || lookahead.peek == "=" { return nil }
        }
        let withActivity = model.states.filter { $0.activity != nil }.map(\.name)
        guard let stateName else {
            scanner.position = afterKeyword
            let example = withActivity.first ?? "Loading"
            throw EventLineError(
                scanner.atEnd || scanner.peek == "#"
                    ? "expected a state after '\(keyword)', like '\(keyword) \(example)\(keyword == "fail" ? " offline" : "")'"
                    : "expected a state after '\(keyword)', found '\(scanner.rest)'")
        }
        let listed =
            withActivity.isEmpty
            ? "; the machine has no activities"
            : Suggestions.hint(
                for: stateName, among: withActivity, listedAs: "the states with an activity")
        guard let state = model.states.firstIndex(where: { $0.name == stateName }) else {
            throw EventLineError("unknown state '\(stateName)'" + listed)
        }
        guard model.states[state].activity != nil else {
            let others =
                withActivity.isEmpty
                ? "; the machine has no activities" : "; the states with one are: " + withActivity.joined(separator: ", ")
            throw EventLineError("state '\(stateName)' has no activity ('do /')" + others)
        }
        var error: InterpreterValue?
        if keyword == "fail" {
            scanner.skipSpace()
            guard let name = scanner.identifier() else {
                throw EventLineError(
                    scanner.atEnd || scanner.peek == "#"
                        ? "expected the error after 'fail \(stateName)', a name like 'fail \(stateName) offline'"
                        : "expected the error after 'fail \(stateName)', a name like 'offline', found '\(scanner.rest)'")
            }
            error = .error(name)
        }
        scanner.skipSpace()
        var answers: [String: [Bool]] = [:]
        if scanner.take("[") {
            answers = try guardAnswers(&scanner, in: model)
            scanner.skipSpace()
        }
        guard scanner.atEnd || scanner.peek == "#" else {
            throw EventLineError("expected the end of the line, found '\(scanner.rest)'")
        }
        return ActivityOutcome(state: state, error: error, guardAnswers: answers)
    }
}
