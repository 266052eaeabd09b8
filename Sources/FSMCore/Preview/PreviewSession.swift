import FSMRuntime

/// The session behind `fsmc preview`'s page: a ``Simulation`` driven one script line at a time by
/// the page's controls, with its transcript (the page's log), the script that replays to it, one
/// step back, the page's guard answers and what a reload of the machine's file does.
///
/// Everything the page does becomes a line of an `fsmc simulate` script first — an event with its
/// arguments, `wait`, `done`, `fail` — and runs as that line, so that ``script`` replayed by
/// `fsmc simulate` (with the options `fsmc preview` was started with, and `--restore` of
/// ``startSnapshot`` when the session starts from one) prints ``log``, line for line.
///
/// One step back (``back()``) replays the script without its last line from the start of the
/// session in a new ``Simulation``: the interpreter is deterministic, so the log and the script are
/// then exactly those of the shorter script. A line that stops the simulation (a guard nobody
/// answers, endless completions) is not kept: the session is rebuilt without it and the line is
/// refused with the reason.
public final class PreviewSession {
    /// What a session starts from.
    public enum Start: Sendable, Hashable {
        /// The machine's initial states (`start`).
        case initial
        /// A snapshot, named in the transcript as the file `name` (`restored from name`): the
        /// active states kept over a reload, or a snapshot the page restored.
        case snapshot(Snapshot, name: String)
    }

    /// The file name under which the page offers the snapshot a session starts from, and which the
    /// transcript's first line names: `fsmc simulate --restore session-start.json` replays it.
    public static let startSnapshotName = "session-start.json"

    public private(set) var model: Model
    /// The `--guard` answers `fsmc preview` was started with.
    public let optionAnswers: [String: Bool]
    /// The `--delay` answers, in nanoseconds.
    public let delays: [String: Int]
    /// The page's guard toggles, by guard name: the `--guard` answer, else `false`, until the page
    /// sets one.
    public private(set) var guardValues: [String: Bool] = [:]
    /// The guards the page asks about each time a line it sends evaluates one (``Refusal/question``),
    /// rather than answering them by their toggle.
    public private(set) var askedGuards: Set<String> = []
    /// Takes the guards and delays that nothing answers: the session asks the page instead.
    private let questions = Questions()
    public private(set) var start: Start
    /// The lines run, in order: the script that replays to ``log``.
    public private(set) var script: [String] = []
    /// The transcript, from its first line (`start` or `restored from ...`).
    public private(set) var log: [String] = []
    /// For each line of ``script``, the index in ``log`` of its first line (its echo, `> line`).
    public private(set) var stepStarts: [Int] = []
    /// What the last reload did, for the page to say; `nil` before one, and after a step.
    public private(set) var notice: String?
    /// Why the machine cannot start (a guard at start with no answer, ...): nothing runs then.
    public private(set) var startFailure: String?
    /// The session's simulation: its interpreter holds the active states, timers and activities.
    public private(set) var simulation: Simulation
    /// Counts every change of the session, for the page to know it is out of date.
    public private(set) var revision = 0

    /// A session of `model` started at once: its log holds `start` and the first active states.
    public init(model: Model, answers: [String: Bool] = [:], delays: [String: Int] = [:], start: Start = .initial) {
        self.model = model
        self.optionAnswers = answers
        self.delays = delays
        self.start = start
        self.simulation = Simulation(model: model, output: { _ in })
        resetGuardValues()
        rebuild(lines: [])
    }

    /// Why a control of the page did nothing: the message the page shows.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        /// The guard whose answer the step needs, when the refusal is a question
        /// (``askedGuards``): the page asks, and sends the step again with the answer.
        public var question: String?
        public init(_ message: String, question: String? = nil) {
            self.message = message
            self.question = question
        }
        public var description: String { message }
    }

    /// Records what the simulation could not answer; answers nothing, so that the line stops.
    private final class Questions: SimulationAsker {
        var guardCall: Invocation?
        var delay: String?
        func answer(guard call: Invocation) -> Bool? {
            guardCall = guardCall ?? call
            return nil
        }
        func answer(delay name: String) -> Int? {
            delay = delay ?? name
            return nil
        }
    }

    // MARK: - Steps

    /// Runs `line`, a line of an `fsmc simulate` script, as the session's next step. Blank and
    /// comment lines do nothing. Refused, with nothing changed, when the line is not one of the
    /// machine's, is a `save` line (the page offers the snapshot instead), or stops the simulation.
    public func run(line: String) throws(Refusal) { try run(line: line, pageBrackets: false) }

    /// Runs `line`; with `pageBrackets`, its brackets are the page's guard answers, of which only
    /// those the run asked are kept in the script.
    private func run(line: String, pageBrackets: Bool) throws(Refusal) {
        guard startFailure == nil else { throw Refusal("the machine did not start: \(startFailure ?? "")") }
        let parsed: ScriptLine?
        do throws(EventLineError) {
            parsed = try EventLine.parseLine(line, in: model)
        } catch {
            throw Refusal(error.message)
        }
        guard let parsed else { return }
        if case .save = parsed {
            throw Refusal("'save' writes a file; the page downloads the snapshot instead (Save snapshot)")
        }
        let before = log.count
        stepStarts.append(before)
        questions.guardCall = nil
        questions.delay = nil
        // The guards the page asks about are not answered by --guard on its lines (the page's
        // answers go into the line's brackets, which replay with --guard).
        if pageBrackets { simulation.answers = optionAnswers.filter { !askedGuards.contains($0.key) } }
        let goesOn = simulation.run(parsed, echo: line)
        simulation.answers = optionAnswers
        guard goesOn else {
            let message = simulation.failure?.message ?? "the simulation stopped"
            let (guardCall, delay) = (questions.guardCall, questions.delay)
            rebuild(lines: script)
            if let call = guardCall {
                if pageBrackets, askedGuards.contains(call.name) {
                    throw Refusal("guard \(call)?", question: call.name)
                }
                let hint: String
                switch parsed {
                case .wait: hint = " (a wait takes no brackets: its timeouts answer guards with --guard only)"
                case .event, .activity: hint = ", or answer it on the line: [\(call.name)=true]"
                case .save: hint = ""
                }
                throw Refusal(
                    "guard '\(call.name)' has no answer; start fsmc preview with --guard \(call.name)=true or --guard \(call.name)=false"
                        + hint)
            }
            if let delay {
                throw Refusal(
                    "delay '\(delay)' has no answer; start fsmc preview with --delay \(delay)=<duration>, like --delay \(delay)=2s"
                )
            }
            throw Refusal(message)
        }
        // The brackets keep only the guards the line's run asked: the others change nothing, and
        // the line replays the same without them.
        let kept =
            pageBrackets ? Self.withoutUnaskedGuards(line, asked: Self.guardsAsked(in: log[(before + 1)...], of: model)) : line
        log[before] = "> " + kept
        script.append(kept)
        notice = nil
        revision += 1
    }

    /// The guards that transcript lines `guard isValid(code) = true` name.
    static func guardsAsked(in lines: ArraySlice<String>, of model: Model) -> Set<String> {
        let guards = Set(model.guardNames)
        var asked: Set<String> = []
        for line in lines {
            let text = line.trimmedSpaces
            guard text.hasPrefix("guard ") else { continue }
            let name = String(text.dropFirst("guard ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if guards.contains(name) { asked.insert(name) }
        }
        return asked
    }

    /// `line` whose final brackets (the page's guard answers, added by ``guardBrackets``) keep only
    /// the guards in `asked`; a line without them is returned as it is.
    static func withoutUnaskedGuards(_ line: String, asked: Set<String>) -> String {
        guard line.hasSuffix("]"), let open = line.lastIndex(of: "["), line[..<open].hasSuffix(" ") else { return line }
        let inside = line[line.index(after: open)..<line.index(before: line.endIndex)]
        let answers = inside.split(separator: ",").map { String($0).trimmedSpaces }
        let base = String(line[..<line.index(before: open)])
        let kept = answers.filter { asked.contains(String($0.prefix { $0 != "=" })) }
        return kept.isEmpty ? base : base + " [" + kept.joined(separator: ", ") + "]"
    }

    /// Sends `event` with its arguments, each written as in a script (a Swift literal:
    /// `"1234"`, `5`, `true`, `nil`), and the page's guard answers that differ from the options'.
    /// `answers` are the page's answers to the questions the step asked before (``Refusal/question``).
    public func send(event name: String, arguments: [String: String] = [:], answers: [String: Bool] = [:]) throws(Refusal) {
        guard let event = model.events.first(where: { $0.name == name }) else {
            throw Refusal("the machine has no event '\(name)'")
        }
        var line = name
        for parameter in event.parameters {
            let value = (arguments[parameter.name] ?? "").trimmedSpaces
            guard !value.isEmpty else {
                throw Refusal("event '\(name)' needs a value for '\(parameter.name)' (\(parameter.type))")
            }
            line += " \(parameter.name)=\(value)"
        }
        for label in arguments.keys.sorted() where !event.parameters.contains(where: { $0.name == label }) {
            throw Refusal("event '\(name)' has no parameter '\(label)'")
        }
        try run(line: line + guardBrackets(answers), pageBrackets: true)
    }

    /// Moves time on by `duration`, written as in the language (`500ms`, `2s`, `1.5min`): `wait`.
    public func advance(by duration: String) throws(Refusal) {
        let text = duration.trimmedSpaces
        guard !text.isEmpty else { throw Refusal("enter a duration, like 2s or 500ms") }
        guard !text.contains(" "), !text.hasPrefix("#") else {
            throw Refusal("'\(text)' is not a duration; write one like 2s or 500ms")
        }
        try run(line: "wait " + text)
    }

    /// Moves time on to the first timer due: `wait` by its time left.
    public func advanceToNextTimeout() throws(Refusal) {
        let interpreter = simulation.interpreter
        guard let next = interpreter.timers.map(\.deadline).min() else {
            throw Refusal("no timer is armed")
        }
        try run(line: "wait " + DurationLiteral.text(nanoseconds: max(next - interpreter.now, 0)))
    }

    /// The running activity of `state` returned: `done State`.
    public func finishActivity(of state: String, answers: [String: Bool] = [:]) throws(Refusal) {
        try run(line: "done \(try activityState(state))" + guardBrackets(answers), pageBrackets: true)
    }

    /// The running activity of `state` threw the error `error` (an identifier): `fail State error`.
    public func failActivity(of state: String, error: String, answers: [String: Bool] = [:]) throws(Refusal) {
        let name = try activityState(state)
        let error = error.trimmedSpaces
        guard !error.isEmpty else { throw Refusal("enter the error's name, like offline") }
        try run(line: "fail \(name) \(error)" + guardBrackets(answers), pageBrackets: true)
    }

    private func activityState(_ state: String) throws(Refusal) -> String {
        guard let index = model.states.firstIndex(where: { $0.name == state }) else {
            throw Refusal("the machine has no state '\(state)'")
        }
        if let reason = simulation.whyNotRunning(index) { throw Refusal(reason) }
        return state
    }

    /// Takes the last step back: the script without its last line, replayed from the session's
    /// start (``Start``); refused when there is no step.
    public func back() throws(Refusal) {
        guard !script.isEmpty else { throw Refusal("there is no step to take back") }
        rebuild(lines: Array(script.dropLast()))
        notice = nil
    }

    /// Sets the page's answer for guard `name`, used by the lines the page sends from now on.
    public func setGuard(_ name: String, to value: Bool) throws(Refusal) {
        guard model.guardNames.contains(name) else { throw Refusal("the machine has no guard '\(name)'") }
        guardValues[name] = value
        revision += 1
    }

    /// Whether the page asks about guard `name` each time a line it sends evaluates it, rather than
    /// answering it by its toggle.
    public func setAsking(_ name: String, _ asking: Bool) throws(Refusal) {
        guard model.guardNames.contains(name) else { throw Refusal("the machine has no guard '\(name)'") }
        if asking { askedGuards.insert(name) } else { askedGuards.remove(name) }
        revision += 1
    }

    /// The guard answers a line of the page carries in brackets: the toggles', where they differ from
    /// the `--guard` options (or the options give none), so that the line replays with those options;
    /// for a guard the page asks about, the answer given to the question (`answers`), if any.
    func guardBrackets(_ answers: [String: Bool]) -> String {
        let bracketed: [(String, Bool)] = model.guardNames.compactMap { name in
            if askedGuards.contains(name) { return answers[name].map { (name, $0) } }
            guard let value = guardValues[name], optionAnswers[name] != value else { return nil }
            return (name, value)
        }
        guard !bracketed.isEmpty else { return "" }
        return " [" + bracketed.map { "\($0.0)=\($0.1)" }.joined(separator: ", ") + "]"
    }

    // MARK: - Restarts

    /// Starts the session again from `start`, its script empty.
    public func restart(from start: Start) throws(Refusal) {
        if case .snapshot(let snapshot, let name) = start {
            do throws(Interpreter.RestoreError) {
                _ = try Simulation(model: model, restoring: snapshot, from: name, output: { _ in })
            } catch {
                throw Refusal(error.message)
            }
        }
        self.start = start
        rebuild(lines: [])
        notice = nil
    }

    /// The machine's file changed and reads as `newModel`: the session goes on in it from the
    /// snapshot of its active states when the new machine has them all (the log starts again,
    /// `restored from session-start.json`), else it restarts in the new machine's initial states.
    /// ``notice`` says which, and why.
    public func reload(_ newModel: Model) {
        let snapshot = simulation.interpreter.snapshot
        let active = simulation.configurationText
        model = newModel
        resetGuardValues(keeping: guardValues)
        askedGuards.formIntersection(newModel.guardNames)
        if startFailure == nil {
            do throws(Interpreter.RestoreError) {
                _ = try Simulation(model: newModel, restoring: snapshot, from: Self.startSnapshotName, output: { _ in })
                start = .snapshot(snapshot, name: Self.startSnapshotName)
                rebuild(lines: [])
                notice =
                    "The machine changed: the session goes on from its active states (\(active)); the log starts again there."
                return
            } catch {
                start = .initial
                rebuild(lines: [])
                notice = "The machine changed and the session restarted: \(error.message)."
                return
            }
        }
        start = .initial
        rebuild(lines: [])
        notice = "The machine changed and the session restarted."
    }

    /// The page's guard toggles: each guard's `--guard` answer, else what it was (`kept`), else `false`.
    private func resetGuardValues(keeping kept: [String: Bool] = [:]) {
        var values: [String: Bool] = [:]
        for name in model.guardNames { values[name] = kept[name] ?? optionAnswers[name] ?? false }
        guardValues = values
    }

    /// A new simulation from ``start`` with `lines` replayed: the lines are known to run.
    private func rebuild(lines: [String]) {
        log = []
        stepStarts = []
        script = []
        startFailure = nil
        let made: Simulation
        switch start {
        case .initial:
            made = Simulation(
                model: model, answers: optionAnswers, delays: delays, asker: questions,
                output: { [unowned self] in log.append($0) })
        case .snapshot(let snapshot, let name):
            do throws(Interpreter.RestoreError) {
                made = try Simulation(
                    model: model, restoring: snapshot, from: name, answers: optionAnswers, delays: delays,
                    asker: questions, output: { [unowned self] in log.append($0) })
            } catch {
                // Checked before it became the start; a model that changed since restarts.
                start = .initial
                rebuild(lines: [])
                return
            }
        }
        simulation = made
        revision += 1
        questions.guardCall = nil
        questions.delay = nil
        guard made.start() else {
            if let call = questions.guardCall {
                startFailure =
                    "guard '\(call.name)' has no answer at the start; start fsmc preview with --guard \(call.name)=true or --guard \(call.name)=false"
            } else if let delay = questions.delay {
                startFailure = "delay '\(delay)' has no answer at the start; start fsmc preview with --delay \(delay)=<duration>"
            } else {
                startFailure = made.failure?.message ?? "the simulation stopped"
            }
            return
        }
        for line in lines {
            guard let parsed = try? EventLine.parseLine(line, in: model) else { continue }
            stepStarts.append(log.count)
            guard made.run(parsed, echo: line) else {
                // Cannot happen for lines that ran before on this model; kept out, as a refused line.
                stepStarts.removeLast()
                rebuild(lines: script)
                return
            }
            script.append(line)
        }
    }

    // MARK: - What the page shows

    /// The names of the active states, in document order: composite, parallel states and regions too.
    public var activeStates: [String] { simulation.interpreter.configuration.map { model.states[$0].name } }

    /// The transitions the last step took, each as its source and target state, as the transcript's
    /// lines name them (`Locked -> Open`, `timeout at 2s: Offline after 2s -> Loading`): for the page
    /// to mark them on the diagram. Empty at the start.
    public var lastTransitions: [(from: String, to: String)] {
        guard let start = stepStarts.last else { return [] }
        var taken: [(from: String, to: String)] = []
        for line in log[start...] where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            var text = String(line.dropFirst(2))
            if text.hasPrefix("timeout at "), let colon = text.firstIndex(of: ":") {
                text = String(text[text.index(colon, offsetBy: 2)...])
            }
            let words = text.split(separator: " ").map(String.init)
            guard let arrow = words.firstIndex(of: "->"), arrow == 1 || (arrow == 3 && ["after", "every"].contains(words[1])),
                let target = words.last, words.count - arrow - 1 <= 3,
                model.states.contains(where: { $0.name == words[0] }), model.states.contains(where: { $0.name == target })
            else { continue }
            taken.append((words[0], target))
        }
        return taken
    }

    /// Each armed timer as `Offline after 2s -> Loading`, with its time left.
    public var timers: [(description: String, left: Int)] {
        let interpreter = simulation.interpreter
        return interpreter.timers.sorted { ($0.deadline, $0.stamp) < ($1.deadline, $1.stamp) }.map { timer in
            (describe(timer.transition), timer.deadline - interpreter.now)
        }
    }

    /// The states whose activity is running, in document order.
    public var runningActivities: [String] { simulation.interpreter.runningActivities.map { model.states[$0].name } }

    /// The snapshot of the machine now (Save snapshot).
    public var snapshot: Snapshot { simulation.interpreter.snapshot }

    /// The snapshot the session starts from, `nil` when it starts in the initial states.
    public var startSnapshot: Snapshot? {
        if case .snapshot(let snapshot, _) = start { return snapshot }
        return nil
    }

    /// The script as a file: one line each, a line end after each.
    public var scriptText: String { script.map { $0 + "\n" }.joined() }

    private func describe(_ timed: Model.TimedTransition) -> String { timed.transcriptText(in: model) }

    /// Everything the page draws, as JSON: the machine, the active states, the controls' contents,
    /// the log and the script. `extra` members come first (the server's diagnostics and diagram).
    public func view(extra: [(String, JSONValue)] = []) -> JSONValue {
        let interpreter = simulation.interpreter
        let events: [JSONValue] = model.events.indices.map { index in
            let event = model.events[index]
            return .object([
                ("name", .string(event.name)),
                (
                    "parameters",
                    .array(
                        event.parameters.map {
                            .object([("name", .string($0.name)), ("type", .string($0.type.description))])
                        })
                ),
                ("handled", .bool(interpreter.handles(index))),
            ])
        }
        let guards: [JSONValue] = model.guardNames.map { name in
            .object([
                ("name", .string(name)), ("value", .bool(guardValues[name] ?? false)),
                ("ask", .bool(askedGuards.contains(name))),
                ("option", optionAnswers[name].map(JSONValue.bool) ?? .null),
            ])
        }
        let timers: [JSONValue] = self.timers.map {
            .object([("timer", .string($0.description)), ("left", .string(DurationLiteral.text(nanoseconds: $0.left)))])
        }
        let activities: [JSONValue] = runningActivities.map { name in
            let call = model.states.first { $0.name == name }?.activity?.call.name ?? ""
            return .object([("state", .string(name)), ("call", .string(call))])
        }
        var members = extra
        members += [
            ("revision", .int(revision)),
            ("machine", .string(model.name)),
            ("active", .array(activeStates.map(JSONValue.string))),
            ("configuration", .string(simulation.configurationText)),
            ("now", .string(DurationLiteral.text(nanoseconds: interpreter.now))),
            ("events", .array(events)),
            ("guards", .array(guards)),
            ("timers", .array(timers)),
            ("activities", .array(activities)),
            ("taken", .array(lastTransitions.map { .array([.string($0.from), .string($0.to)]) })),
            ("log", .array(log.map(JSONValue.string))),
            ("stepStarts", .array(stepStarts.map(JSONValue.int))),
            ("script", .array(script.map(JSONValue.string))),
            ("startsFrom", startSnapshot == nil ? .null : .string(Self.startSnapshotName)),
            ("notice", notice.map(JSONValue.string) ?? .null),
            ("startFailure", startFailure.map(JSONValue.string) ?? .null),
            ("tree", .array(model.topLevelStates.map(stateTree))),
        ]
        return .object(members)
    }

    /// A state and its children, for the page's own drawing where Graphviz is missing.
    private func stateTree(_ index: Int) -> JSONValue {
        let state = model.states[index]
        let transitions = state.transitions.map { transition -> String in
            let event = transition.event.map { model.events[$0].name } ?? "(completion)"
            let target: String
            switch transition.target {
            case .internal: target = "internal"
            case .state(let state): target = "-> " + model.states[state].name
            case .push(let state): target = "-> push " + model.states[state].name
            case .pop: target = "-> pop"
            case .history(let state, let kind):
                target = "-> \(kind == .deep ? "deep history" : "history") " + model.states[state].name
            }
            return "\(event)\(transition.guardExpression == nil ? "" : " [guard]") \(target)"
        }
        let timed = state.timedTransitions.map(describe)
        return .object([
            ("name", .string(state.name)),
            ("parallel", .bool(state.isParallel)),
            ("final", .bool(state.isFinal)),
            ("transitions", .array((transitions + timed).map(JSONValue.string))),
            ("children", .array(state.children.map(stateTree))),
        ])
    }
}

extension String {
    /// Without spaces, tabs and line ends at either end.
    var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
