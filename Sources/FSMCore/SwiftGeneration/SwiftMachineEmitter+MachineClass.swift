/// Part 2 of the generated file: the machine class and its public API. The queries of the
/// configuration (`state`, `activeStates`, `isIn(_:)`) read each shape's storage and are in
/// +OneLeafRuntime and +RegionsRuntime.
extension SwiftMachineEmitter {
    func emitMachineClass(into out: inout CodeWriter) {
        let machineName = names.machine
        var doc = model.docComment
        if !doc.isEmpty { doc.append("") }
        doc += [
            "A state machine generated from a `.fsm` file; ``\(names.actions)`` declares its guards and actions.",
            "",
        ]
        doc += ownershipParagraph
        if let isolationAttribute {
            doc += ["", "Isolated to `\(isolationAttribute)`: use it there, as its actions are."]
        } else {
            doc += ["", "Not thread-safe: use one machine from one thread (or actor) at a time."]
        }
        if observable {
            // The same paragraph; a machine with parallel states has no `state` to read.
            doc.append("")
            doc +=
                hasRegions
                ? [
                    "Observable: reading `activeStates`, `isIn(_:)`, `isFinished` or `handles(_:)` (in a SwiftUI",
                    "view's body, or in `withObservationTracking`) makes the reader an observer of the configuration,",
                    "told when an event changes it and not when an event leaves it as it was.",
                ]
                : [
                    "Observable: reading `state`, `activeStates`, `isIn(_:)`, `isFinished` or `handles(_:)` (in a",
                    "SwiftUI view's body, or in `withObservationTracking`) makes the reader an observer of the",
                    "configuration, told when an event changes it and not when an event leaves it as it was.",
                ]
            out.docComment(doc)
            out.line("@Observable")
        } else {
            out.docComment(doc)
        }
        out.lines(declarationAttributes())
        out.block("\(api)final class \(machineName)") { out in
            emitStateIDEnum(&out)
            out.line()
            emitEventEnum(&out)
            out.line()
            emitSnapshotTypes(into: &out)
            switch actionsReference {
            case .unowned:
                out.docComment(["The guards and actions; unowned, see the class documentation."])
                out.line("private unowned let actions: \(names.actionsExistential)")
            case .strong:
                out.docComment(["The guards and actions; strong, see the class documentation."])
                out.line("private let actions: \(names.actionsExistential)")
            }
            out.docComment([
                "What changes while the machine runs. No access to it spans a call to the actions, so Swift's",
                "exclusivity check of it, a cost on every event, is turned off.",
            ])
            // Named `machine`, an fsm keyword, so that no event parameter shadows it.
            let ignored = observable ? "@ObservationIgnored " : ""
            // With regions, the runtime struct starts in the initial configuration by itself.
            let initial = hasRegions ? "" : "current: \(names.stateType(model.initialLeaf(of: model.initialState))).self"
            out.line("\(ignored)@exclusivity(unchecked) fileprivate var machine = \(names.runtime)(\(initial))")
            out.line()
            emitTimingDeclarations(into: &out)
            emitActivityDeclarations(into: &out)
            if uses(.timers) || uses(.activities) {
                emitInitializerWithOptions(into: &out)
            } else {
                out.docComment(["Creates the machine in its initial configuration, not yet started: see ``start()``."])
                out.block("\(api)init(actions: some \(names.actions))") { $0.line("self.actions = actions") }
            }
            emitRestoringInitializer(into: &out)
            out.line()
            emitQueries(&out)
            emitSnapshotProperty(into: &out)
            emitTimeQueries(into: &out)
            emitActivityQueries(into: &out)
            emitEventMethods(&out)
        }
    }

    /// What the class documentation says of how the machine holds its actions.
    private var ownershipParagraph: [String] {
        switch actionsReference {
        case .unowned:
            [
                "The machine holds its actions object **unowned**, so the usual pattern — an object that owns",
                "the machine and is also its actions — creates no reference cycle. Keep the actions object",
                "alive for as long as you use the machine: sending an event or calling `start()` once it is",
                "gone stops the program with Swift's \"unowned reference\" error.",
            ]
                + (hasClock
                    ? [
                        "Timeouts on the clock call the actions by themselves: keep the actions object alive for as",
                        "long as the machine is.",
                    ] : [])
        case .strong:
            [
                "The machine holds its actions object **strongly** (generated with `--actions-reference strong`):",
                "it keeps the actions object alive, and an event costs no reference counting. An actions object",
                "that owns the machine makes a reference cycle, and neither is ever freed: for that pattern,",
                "generate the machine with the default, unowned reference.",
            ]
        }
    }

    private func emitStateIDEnum(_ out: inout CodeWriter) {
        out.docComment(["The states of the machine, composite states included, in the order written."])
        out.block("\(api)enum StateID: String, CaseIterable, Sendable") { out in
            for index in model.states.indices {
                out.docComment(model.states[index].docComment)
                out.line(caseDeclaration(names.stateCase(index), rawValue: model.states[index].name))
            }
        }
    }

    private func emitEventEnum(_ out: inout CodeWriter) {
        out.docComment(["The events of the machine, in order of first appearance."])
        guard plan.hasEvents else {
            // An enum without cases cannot have a raw type.
            out.line("\(api)enum Event: CaseIterable, Sendable {}")
            return
        }
        out.block("\(api)enum Event: String, CaseIterable, Sendable") { out in
            for index in model.events.indices {
                out.docComment(model.events[index].docComment)
                out.line(caseDeclaration(names.eventCase(index), rawValue: model.events[index].name))
            }
        }
    }

    /// `case silentAlarm = "SilentAlarm"`; the raw value is left implicit when it is the case name.
    private func caseDeclaration(_ name: String, rawValue: String) -> String {
        name == rawValue || name == "`\(rawValue)`"
            ? "case \(name)" : "case \(name) = \(SwiftLiteral.string(rawValue))"
    }

    private func emitQueries(_ out: inout CodeWriter) {
        let initialCase = names.stateCase(model.initialState)
        var startDoc = [
            "Enters the initial configuration (`.\(initialCase)`), running entry activities outer to inner.",
            "Does nothing when the machine has already started. Sending an event starts the machine too.",
        ]
        if uses(.completions) {
            startDoc.append("Handles the completions of the initial configuration before it returns.")
        }
        out.docComment(startDoc)
        out.block("\(api)func start()") { out in
            out.line("guard !machine.isStarted else { return }")
            out.line("_ = run(actions) { _ in true }")
        }
        out.line()
        switch plan.shape {
        case .oneLeaf: emitOneLeafConfigurationQueries(into: &out)
        case .regions: emitRegionsConfigurationQueries(into: &out)
        }
        out.line()
        out.docComment(["Whether a top-level final state has been entered; every event is unhandled from then on."])
        if hasFinishedFlag {
            emitConfigurationRead("\(api)var isFinished: Bool", "machine.isFinished", into: &out)
        } else {
            out.line("\(api)var isFinished: Bool { false }  // The machine has no top-level final state.")
        }
        out.line()
        emitHandles(&out)
        out.line()
        emitSuccessors(&out)
    }

    /// Up to how many declaring states `handles(_:)` asks `isIn(_:)` of each; for more, it walks the
    /// active states once, each looked up in a `switch`.
    static let statesAskedOneByOne = 3

    /// The states declaring each event, in the order written, in one pass over the machine.
    private var declaringStates: [[Int]] {
        var declaring = Array(repeating: [Int](), count: model.events.count)
        for index in model.states.indices {
            for event in Set(model.states[index].transitions.compactMap(\.event)).sorted() {
                declaring[event].append(index)
            }
        }
        return declaring
    }

    /// How `handles(_:)` answers for an event declared by `declaring`.
    private enum HandlesAnswer {
        /// Always (the machine declares it, or every state does) or never (no state does).
        case constant(Bool)
        /// `isIn(_:)` of each declaring state.
        case oneByOne
        /// One walk outwards from the active state, each state looked up in a `switch`.
        case walk
    }

    private func handlesAnswer(for event: Int, declaring: [Int]) -> HandlesAnswer {
        if model.machineTransitions.contains(where: { $0.event == event }) || declaring.count == model.states.count {
            return .constant(true)
        }
        if declaring.isEmpty { return .constant(false) }
        return declaring.count <= Self.statesAskedOneByOne ? .oneByOne : .walk
    }

    /// Whether `handles(_:)` walks the active states for some event (`State.isIn(where:)`).
    var handlesWalksStates: Bool {
        guard !plan.isFlat else { return false }
        let declaring = declaringStates
        return model.events.indices.contains { event in
            if case .walk = handlesAnswer(for: event, declaring: declaring[event]) { return true }
            return false
        }
    }

    private func emitHandles(_ out: inout CodeWriter) {
        out.docComment(
            hasRegions
                ? [
                    "Whether a transition for `event` is declared on an active state or the machine. Guards are",
                    "not evaluated. `false` once the machine has finished.",
                ]
                : [
                    "Whether a transition for `event` is declared on the innermost active state, one of its",
                    "ancestors or the machine. Guards are not evaluated. `false` once the machine has finished.",
                ])
        guard plan.hasEvents else {
            // `Event` has no cases, so this is never called; any statement would draw a warning.
            out.line("\(api)func handles(_ event: Event) -> Bool {}")
            return
        }
        out.block("\(api)func handles(_ event: Event) -> Bool") { out in
            if observable { out.line(observedAccess) }
            if hasFinishedFlag { out.line("if machine.isFinished { return false }") }
            out.line("switch event {")
            let declaringStates = self.declaringStates
            // Events with the same one-line answer share a case, at the place of the first of them.
            let answers = model.events.indices.map { handlesAnswer(for: $0, declaring: declaringStates[$0]) }
            let lineAnswers: [(Int, String)] = answers.indices.compactMap { event in
                switch answers[event] {
                case .constant(let answer): (event, "return \(answer)")
                case .oneByOne:
                    (event, "return " + declaringStates[event].map { "isIn(.\(names.stateCase($0)))" }.joined(separator: " || "))
                case .walk: nil
                }
            }
            // By the first event of each answer: the answer and the events that give it.
            var sharing: [Int: (key: String, numbers: [Int])] = [:]
            for group in Self.grouped(lineAnswers) { sharing[group.numbers[0]] = group }
            for event in model.events.indices {
                let declaring = declaringStates[event]
                switch answers[event] {
                case .constant, .oneByOne:
                    guard let group = sharing[event] else { continue }
                    emitCase(group.numbers.map { "." + names.eventCase($0) }, group.key, into: &out)
                case .walk:
                    // One walk outwards from the innermost active state, each state looked up in one
                    // `switch`, however many states declare the event.
                    out.line("case .\(names.eventCase(event)):")
                    guard !plan.isFlat else {
                        out.indented { out in
                            out.line("switch machine.current.id {")
                            emitCase(declaring.map { "." + names.stateCase($0) }, "return true", into: &out)
                            out.line("default: return false")
                            out.line("}")
                        }
                        continue
                    }
                    out.indented { out in
                        // Each active state's class, or the ids of the innermost active state and its ancestors.
                        let (walk, id) = hasRegions ? ("machine.configuration.contains", "$0.id") : ("machine.current.isIn", "$0")
                        out.block("return \(walk)") { out in
                            out.line("switch \(id) {")
                            emitCase(declaring.map { "." + names.stateCase($0) }, "true", into: &out)
                            out.line("default: false")
                            out.line("}")
                        }
                    }
                }
            }
            out.line("}")
        }
    }

    /// A read-only member that reads the configuration, on one line; an observable machine first
    /// registers the read with observation.
    func emitConfigurationRead(_ declaration: String, _ value: String, into out: inout CodeWriter) {
        guard observable else {
            out.line("\(declaration) { \(value) }")
            return
        }
        out.block(declaration) { out in
            out.line(observedAccess)
            out.line("return \(value)")
        }
    }

    /// The one key path under which an observable machine reports every read of its configuration and
    /// every change to it, so that an observer of any of the readers hears of every change: `state`,
    /// or `activeStates` in a machine with parallel states (which has no `state`).
    var observedKeyPath: String { hasRegions ? "\\.activeStates" : "\\.state" }

    /// The statement that registers a read of the configuration with observation.
    var observedAccess: String { "access(keyPath: \(observedKeyPath))" }

    /// `case .a, .b: value`; with many patterns, the patterns over lines of about 100 characters and
    /// the value on a line of its own.
    func emitCase(_ patterns: [String], _ value: String, into out: inout CodeWriter) {
        let lines = wrapped(patterns, width: 100)
        guard lines.count > 1 else { return out.line("case \(lines[0]): \(value)") }
        out.line("case " + lines[0])
        out.indented { out in
            out.lines(lines.dropFirst().dropLast())
            out.line(lines[lines.count - 1] + ":")
            out.line(value)
        }
    }

    /// `items` joined by `, ` into lines of about `width` characters, each but the last ending in `,`.
    func wrapped(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentCount = 0  // `current.count`, kept rather than counted again for each item
        for item in items {
            let itemCount = item.count
            if !current.isEmpty && currentCount + itemCount + 2 > width {
                lines.append(current + ",")
                current = ""
                currentCount = 0
            }
            if !current.isEmpty {
                current += ", "
                currentCount += 2
            }
            current += item
            currentCount += itemCount
        }
        lines.append(current)
        return lines
    }

    private func emitSuccessors(_ out: inout CodeWriter) {
        var doc = [
            "The targets of the transitions declared on `state`, then on its ancestors outwards, then on",
            "the machine, without duplicates. A `pop` contributes nothing (its target is known only at run time).",
        ]
        if uses(.timers) || uses(.activities) {
            doc.append("Completion, timed and `catch` transitions count too, and `-> history S` contributes `S`.")
        } else if uses(.completions) || uses(.history) {
            doc.append("Completion transitions count too, and `-> history S` contributes `S`.")
        }
        out.docComment(doc)
        out.block("\(api)static func successors(of state: StateID) -> [StateID]") { out in
            out.line("switch state {")
            // The machine's own, in the order written: the same after every state's.
            var machine: [(Int, Model.Target)] = model.machineTransitions.map { ($0.range.start, $0.target) }
            machine += model.machineTimedTransitions.map { ($0.range.start, $0.target) }
            let machineTargets = machine.sorted { $0.0 < $1.0 }.map(\.1)
            // States with the same targets share a case, at the place of the first of them.
            let lists = model.states.indices.map { index in
                (index, successors(of: index, then: machineTargets).map { "." + names.stateCase($0) }.joined(separator: ", "))
            }
            for group in Self.grouped(lists) {
                emitCase(group.numbers.map { "." + names.stateCase($0) }, "return [\(group.key)]", into: &out)
            }
            out.line("}")
        }
    }

    private func successors(of state: Int, then machineTargets: [Model.Target]) -> [Int] {
        var result: [Int] = []
        // Every transition declared on the state and outwards, each state's in the order written
        // (completion, timed and catch transitions included), then the machine's.
        func add(_ target: Model.Target) {
            if let target = target.state, !result.contains(target) { result.append(target) }
        }
        for ancestor in model.ancestry(of: state) {
            let declared = model.states[ancestor]
            guard !declared.timedTransitions.isEmpty || !declared.catchTransitions.isEmpty else {
                for transition in declared.transitions { add(transition.target) }
                continue
            }
            var written: [(Int, Model.Target)] = declared.transitions.map { ($0.range.start, $0.target) }
            written += declared.timedTransitions.map { ($0.range.start, $0.target) }
            written += declared.catchTransitions.map { ($0.range.start, $0.target) }
            for (_, target) in written.sorted(by: { $0.0 < $1.0 }) { add(target) }
        }
        for target in machineTargets { add(target) }
        return result
    }

    private func emitEventMethods(_ out: inout CodeWriter) {
        for event in model.events.indices {
            out.line()
            let doc = model.events[event].docComment
            out.docComment(doc.isEmpty ? [] : doc + [""])
            // One line within the width (120, the indentation and `/// ` counted) unless the name is long.
            out.docParagraph(
                "Sends `\(model.events[event].name)`: `true` when a transition fired or the event was queued, `false` when it was unhandled.",
                width: CodeWriter.lineWidth - 8)
            out.line("@discardableResult")
            let parameters = names.parameterList(event).joined(separator: ", ")
            out.block("\(api)func \(names.eventMethod(event))(\(parameters)) -> Bool") { out in
                let queued =
                    names.eventMethod(event)
                    + (model.events[event].parameters.isEmpty ? "" : "(\(names.argumentList(event).joined(separator: ", ")))")
                let arguments = (names.argumentList(event) + ["$0"]).joined(separator: ", ")
                // A machine with regions offers the event to each leaf in a closure of its own: the
                // actions by name there.
                let expression =
                    plan.shape == .regions
                    ? selectionExpression(for: event, actions: names.actionsVariable).map { "\(names.actionsVariable) in " + $0 }
                    : selectionExpression(for: event, actions: "$0")
                let selection = expression ?? "\(names.member(model.events[event].name))(\(arguments))"
                let queuing = "\(names.member("queued"))(.\(queued))"
                let running = "\(names.member("run"))(\(names.member("actions"))) { \(selection) }"
                let oneLine = queuing + " || " + running
                if out.fits(oneLine) {
                    out.line(oneLine)
                } else {
                    out.line(queuing)
                    out.line("    || " + running)
                }
            }
        }
    }
}
