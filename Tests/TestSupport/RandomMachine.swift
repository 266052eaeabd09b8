import FSMCore

/// A small, fast, seedable generator (SplitMix64), so a failing case is reproduced by its seed.
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}

/// One differential test case: a random valid machine, a script to play on it, the answers its
/// guards give (in the order they are asked, cyclically) and the actions that send events.
public struct DifferentialCase {
    public enum Operation: Hashable {
        case start
        case send(EventOccurrence)
        /// `advanceTime(by:)` (the interpreter's `advance(by:)`), in nanoseconds (section 4d).
        case advance(Int)
        /// `finishActivity(of:)` of the state with this index (section 4f): its activity returned.
        /// When it is not running at that point, both sides skip it (and say so in the transcript).
        case finish(Int)
        /// `failActivity(of:with:)` of the state with this index, with the error of this name
        /// (`InterpreterValue.error(name)`, a `DiffError(name:)` in the generated Swift); skipped as
        /// `finish` is when not running.
        case fail(Int, String)
        /// Replaces the machine by one restored from its snapshot (section 4g), through the
        /// snapshot's JSON, changed by the mutation when there is one.
        case restore(SnapshotMutation?)
    }

    public var seed: UInt64
    public var name: String
    public var source: String
    public var model: Model
    public var script: [Operation]
    public var answers: [Bool]
    /// Actions that send an event when run (while the sending budget lasts).
    public var senders: [String: EventOccurrence]
    /// The answers of the delay requirements (version 3), in nanoseconds, by name: each name's
    /// list is answered in the order it is asked, cyclically. Those of `every` delays are positive.
    public var delays: [String: [Int]] = [:]
    /// How many events actions may send while one scripted operation is processed.
    public static let sendBudget = 4

    /// The vocabulary of the random machines. Signatures are fixed per name, so any combination
    /// is valid; parameterised calls pass an event parameter only on that event's transitions.
    static let eventDeclarations = ["event put(v: Int)", "event say(s: String, b: Bool)"]
    /// Version 3 only: an event with the parameters of both others, so that `raise done(...)`
    /// passes on `put`'s `v` or `say`'s `s`.
    static let version3EventDeclaration = "event done(v: Int, s: String)"
    static let plainEvents = ["go", "next", "back", "tick"]
    static let plainGuards = ["g0", "g1", "g2", "g3"]
    static let plainActions = ["a0", "a1", "a2", "a3", "s0", "s1"]
    static let strings = ["x", "hello", "a b", "q"]
    /// Version 3: the delays written after `after` and `every`, in the language, and the named
    /// delays, which an `after` may answer with zero or less (counting as zero), an `every` not.
    static let afterLiterals = ["0ms", "100ms", "250ms", "1s", "1.5s", "2s"]
    static let everyLiterals = ["100ms", "250ms", "500ms", "1s"]
    public static let afterDelayNames = ["waitA", "waitB"]
    public static let everyDelayNames = ["period"]
    static let afterDelayAnswers = [-50_000_000, 0, 100_000_000, 250_000_000, 500_000_000, 1_000_000_000]
    static let everyDelayAnswers = [100_000_000, 300_000_000, 1_000_000_000]
    /// The durations a script moves time by, in nanoseconds.
    public static let advanceSteps = [0, 50_000_000, 100_000_000, 300_000_000, 1_000_000_000, 2_500_000_000]
    /// Activities (section 4f): the `do /` calls (literal arguments only), and the names of the
    /// errors a script's `fail` throws.
    static let activityCalls = ["work(n: 1)", "work(n: 3)", "load", "fetch(s: \"x\")", "fetch(s: \"a b\")"]
    public static let errorNames = ["offline", "timeout", "denied"]

    /// Generates the case for `seed`; `name` is the machine's name (unique within a batch).
    /// `version2` adds the features of sections 4a and 4b (completion transitions, history);
    /// `parallel` adds parallel states (section 4c), with those features; `version3` adds those of
    /// sections 4d and 4e (timed transitions, `raise`) to either kind, and `advance` steps to the
    /// script; without them a seed gives the machine it always gave. `snapshots` adds restore points
    /// to the script (``insertRestorePoints(_:picks:model:seed:)``), drawn from a generator of
    /// their own, seeded by the case's last draw: the machine and the other operations stay those
    /// of the seed without it.
    public static func generate(
        seed: UInt64, name: String, version2: Bool = false, parallel: Bool = false, version3: Bool = false,
        activities: Bool = false, snapshots: Bool = false
    ) -> DifferentialCase? {
        var rng = SplitMix64(seed: seed)
        let text = machineSource(
            name: name, version2: version2, parallel: parallel, version3: version3, activities: activities, rng: &rng)
        let compilation = Compilation(path: "\(name).fsm", text: text)
        guard let model = compilation.model else { return nil }
        var script: [Operation] = []
        // The script's activity outcomes, by position: a number that picks the state among those
        // whose activity is running there (``resolveOutcomes(_:picks:)``).
        var picks: [Int: Int] = [:]
        if rng.chance(0.4) { script.append(.start) }
        let length = Int.random(in: 10...50, using: &rng)
        for _ in 0..<length {
            if activities && model.hasActivities && rng.chance(0.3) {
                picks[script.count] = Int.random(in: 0..<1000, using: &rng)
                script.append(
                    rng.chance(0.5) ? .finish(0) : .fail(0, errorNames.randomElement(using: &rng)!))
            } else if version3 && rng.chance(0.3) {
                script.append(.advance(advanceSteps.randomElement(using: &rng)!))
            } else if rng.chance(0.03) {
                script.append(.start)
            } else {
                script.append(.send(randomOccurrence(model, &rng)))
            }
        }
        let answers = (0..<Int.random(in: 5...40, using: &rng)).map { _ in rng.chance(0.5) }
        var senders: [String: EventOccurrence] = [:]
        for sender in ["s0", "s1"] where !model.events.isEmpty {
            senders[sender] = randomOccurrence(model, &rng)
        }
        var delays: [String: [Int]] = [:]
        if version3 {
            for name in afterDelayNames {
                delays[name] = (0..<Int.random(in: 1...4, using: &rng)).map { _ in afterDelayAnswers.randomElement(using: &rng)! }
            }
            for name in everyDelayNames {
                delays[name] = (0..<Int.random(in: 1...3, using: &rng)).map { _ in everyDelayAnswers.randomElement(using: &rng)! }
            }
        }
        // The last draw of the case's generator: it seeds the restore points' own.
        if snapshots { insertRestorePoints(&script, picks: &picks, model: model, seed: rng.next()) }
        var testCase = DifferentialCase(
            seed: seed, name: name, source: text, model: model, script: script, answers: answers, senders: senders,
            delays: delays)
        if !picks.isEmpty { testCase.resolveOutcomes(picks) }
        return testCase
    }

    /// Inserts one to four restores (``Operation/restore(_:)``) at random places of `script`, before
    /// the first operation now and then (a machine not started yet, when the script does not
    /// start with `start()`), one in seven with a mutation (``SnapshotMutation``); moves the
    /// `picks` of the activity outcomes with their operations. Draws from a generator of its own,
    /// seeded with `seed`.
    static func insertRestorePoints(_ script: inout [Operation], picks: inout [Int: Int], model: Model, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var places = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...script.count, using: &rng) }
        if rng.chance(0.2) { places.append(0) }
        // From the last place to the first, so that each place still counts the original operations.
        for place in places.sorted(by: >) {
            let mutation = rng.chance(1.0 / 7) ? SnapshotMutation.random(model, &rng) : nil
            script.insert(.restore(mutation), at: place)
            picks = Dictionary(uniqueKeysWithValues: picks.map { ($0.key >= place ? $0.key + 1 : $0.key, $0.value) })
        }
    }

    /// Gives each activity outcome of the script (at the positions of `picks`) its state: running
    /// the script in the interpreter, one of the states whose activity is running at that point
    /// (the pick modulo their count). When none is running, one outcome in eight stays, for one of
    /// the states with an activity (an outcome both sides skip); the others become a random event
    /// (drawn from a generator seeded with the pick). Draws nothing from the case's generator.
    mutating func resolveOutcomes(_ picks: [Int: Int]) {
        let withActivity = model.states.indices.filter { model.states[$0].activity != nil }
        let host = DifferentialHost(self)
        var interpreter = Interpreter(model: model, host: host)
        for (index, operation) in script.enumerated() {
            host.budget = Self.sendBudget
            if let pick = picks[index] {
                let running = interpreter.failure == nil ? interpreter.runningActivities : []
                let state = running.isEmpty ? withActivity[pick % withActivity.count] : running[pick % running.count]
                if running.isEmpty && !pick.isMultiple(of: 8) {
                    var eventRNG = SplitMix64(seed: UInt64(pick))
                    script[index] = .send(Self.randomOccurrence(model, &eventRNG))
                } else if case .fail(_, let error) = operation {
                    script[index] = .fail(state, error)
                } else {
                    script[index] = .finish(state)
                }
            }
            if interpreter.failure == nil { _ = host.apply(script[index], to: &interpreter) }
        }
    }

    /// The machine text for `seed`, valid or not (for reporting a generator bug).
    public static func generateSource(
        seed: UInt64, name: String, version2: Bool = false, parallel: Bool = false, version3: Bool = false,
        activities: Bool = false
    ) -> String {
        var rng = SplitMix64(seed: seed)
        return machineSource(
            name: name, version2: version2, parallel: parallel, version3: version3, activities: activities, rng: &rng)
    }

    public static func randomOccurrence(_ model: Model, _ rng: inout SplitMix64) -> EventOccurrence {
        let event = Int.random(in: 0..<model.events.count, using: &rng)
        let arguments: [InterpreterValue] = model.events[event].parameters.map { parameter in
            switch parameter.type {
            case "Int": .integer(Int.random(in: -3...3, using: &rng))
            case "Bool": .boolean(rng.chance(0.5))
            default: .string(strings.randomElement(using: &rng)!)
            }
        }
        return EventOccurrence(event: event, arguments: arguments)
    }

    // MARK: - The machine's text

    private struct Node {
        var name: String
        var parent: Int?
        var children: [Int] = []
        var isFinal = false
        var isParallel = false
        var depth: Int
    }

    /// Every random draw of a version-2 feature is made only when `version2` (or `parallel`, or
    /// `version3`) is on, of a parallel one only when `parallel` is on, and of a version-3 one only
    /// when `version3` is on, so the version-1 machine of a seed never changes, nor the version-2
    /// machine with or without parallel states.
    ///
    /// A parallel state has at least two regions, no `initial` and no final region; a machine with
    /// one has no `push` or `pop` (section 4c), so `fsmc check` accepts every machine.
    ///
    /// Version 3 (sections 4d and 4e): a third parameterised event, `done(v: Int, s: String)`;
    /// `raise` of parameterless and parameterised events in effects (passing on the event's own
    /// parameters, or literals), entry and exit activities and the effects of completion and timed
    /// transitions; timed transitions on non-final states and sometimes on the machine: `after` with
    /// a literal (`0ms` included) or named delay (`waitA`, `waitB`), with or without guard, effects
    /// and target (any target an event transition may have), and `every` with a positive literal
    /// delay, or now and then the named delay `period` (always answered positively), sometimes
    /// guarded. An event transition mostly raises an event written after its own (in `events`), so
    /// that cycles of `raise` stay rare. Some machines still loop forever (a cycle of `raise`
    /// through entry activities, an unguarded `after 0ms` back into its state): the interpreter
    /// stops on them (`failure`), and the differential tests skip them.
    private static func machineSource(
        name: String, version2: Bool, parallel: Bool, version3: Bool = false, activities: Bool = false,
        rng: inout SplitMix64
    ) -> String {
        let version2 = version2 || parallel || version3 || activities
        // Bigger trees with parallel states, so that nested ones and regions that complete are common.
        let count = parallel ? Int.random(in: 5...12, using: &rng) : Int.random(in: 2...9, using: &rng)
        var nodes: [Node] = []
        // With parallel states, often a first state with two composite children, each with two
        // children: a parallel state whose regions can complete.
        let skeleton: [Int?] = parallel && count >= 7 && rng.chance(0.5) ? [nil, 0, 0, 1, 1, 2, 2] : []
        for index in 0..<count {
            let candidates = nodes.indices.filter { nodes[$0].depth < 3 }
            let parent: Int? =
                index < skeleton.count
                ? skeleton[index]
                : candidates.isEmpty || rng.chance(parallel ? 0.25 : 0.45) ? nil : candidates.randomElement(using: &rng)
            nodes.append(Node(name: "S\(index)", parent: parent, depth: parent.map { nodes[$0].depth + 1 } ?? 0))
            if let parent { nodes[parent].children.append(index) }
        }
        for index in nodes.indices where nodes[index].children.isEmpty && rng.chance(0.15) {
            nodes[index].isFinal = true
        }
        if parallel { makeParallel(&nodes, &rng) }
        let hasParallel = nodes.contains(where: \.isParallel)
        let topLevel = nodes.indices.filter { nodes[$0].parent == nil }
        let order = documentOrder(nodes, topLevel)
        let composites = nodes.indices.filter { !nodes[$0].children.isEmpty }
        // `-> T`, or (version 2, sometimes) `-> history T` / `-> deep history T` for a composite T.
        func arrow(to state: Int) -> String {
            guard version2, composites.contains(state), rng.chance(0.4) else { return "-> \(nodes[state].name)" }
            return (rng.chance(0.5) ? "-> deep history " : "-> history ") + nodes[state].name
        }
        var lines = ["machine \(name) {"]
        for declaration in eventDeclarations where rng.chance(0.7) { lines.append("    " + declaration) }
        if version3 && rng.chance(0.7) { lines.append("    " + version3EventDeclaration) }
        let declared = lines.joined(separator: "\n")
        let events = plainEvents + ["put", "say", "done"].filter { declared.contains("event \($0)(") }
        let initial = topLevel.first { !nodes[$0].isFinal } ?? topLevel[0]
        lines.append("    initial \(nodes[rng.chance(0.8) ? initial : topLevel.randomElement(using: &rng)!].name)")
        var transitions = 0
        func emitTransitions(source: Int?, indent: String) {
            var unguarded: Set<String> = []
            for _ in 0..<Int.random(in: source == nil ? 0...2 : 0...4, using: &rng) {
                let event = events.randomElement(using: &rng)!
                if unguarded.contains(event) { continue }
                var line = event
                let guardExpression = rng.chance(0.5) ? randomGuard(event: event, depth: 0, &rng) : nil
                if let guardExpression { line += " [\(guardExpression)]" }
                let effects = (0..<Int.random(in: 0...2, using: &rng)).map { _ in effect(event: event) }
                if !effects.isEmpty { line += " / " + effects.joined(separator: ", ") }
                let roll = Double.random(in: 0..<1, using: &rng)
                // As `nodes.randomElement(using:)` draws it, so that version-1 machines stay the same.
                let targetIndex = Int.random(in: 0..<nodes.count, using: &rng)
                let target = nodes[targetIndex].name
                var isPop = false
                if roll < 0.15 {
                    // internal
                } else if hasParallel && roll < 0.39 {
                    line += " " + arrow(to: targetIndex)  // instead of `push` or `pop`
                } else if roll < 0.27 {
                    line += " -> push \(target)"
                } else if roll < 0.39 {
                    line += " -> pop"
                    isPop = true
                } else {
                    line += " " + arrow(to: targetIndex)
                }
                if guardExpression == nil && !isPop { unguarded.insert(event) }
                lines.append(indent + line)
                transitions += 1
            }
        }
        func emitState(_ index: Int, indent: String) {
            let node = nodes[index]
            let keyword = node.isFinal ? "final state" : node.isParallel ? "parallel state" : "state"
            lines.append("\(indent)\(keyword) \(node.name) {")
            let inner = indent + "    "
            if rng.chance(0.5) {
                lines.append(
                    inner + "entry / "
                        + (1...Int.random(in: 1...2, using: &rng)).map { _ in stateActivity() }.joined(separator: ", "))
            }
            if !node.isFinal && rng.chance(0.4) {
                lines.append(inner + "exit / " + stateActivity())
            }
            let hasActivity = activities && !node.isFinal && rng.chance(0.6)
            if hasActivity { lines.append(inner + "do / " + activityCalls.randomElement(using: &rng)!) }
            if node.isParallel {
                for child in node.children { emitState(child, indent: inner) }
            } else if !node.children.isEmpty {
                let initial = node.children.first { !nodes[$0].isFinal } ?? node.children[0]
                let history = version2 && rng.chance(0.3) ? (rng.chance(0.5) ? "deep history " : "history ") : ""
                lines.append(
                    inner + "initial " + history
                        + nodes[rng.chance(0.8) ? initial : node.children.randomElement(using: &rng)!].name)
                for child in node.children { emitState(child, indent: inner) }
            }
            if !node.isFinal { emitTransitions(source: index, indent: inner) }
            if hasActivity { emitCatches(indent: inner) }
            if version2 && !node.isFinal { emitCompletions(source: index, indent: inner, afterActivity: hasActivity) }
            if version3 && !node.isFinal { emitTimed(source: index, indent: inner) }
            lines.append(indent + "}")
        }
        // An effect (of an event, completion or timed transition: `event` is "" for the last two);
        // in version 3, sometimes a `raise`.
        func effect(event: String) -> String {
            guard version3 && rng.chance(parallel ? 0.08 : 0.12) else { return randomAction(event: event, &rng) }
            return randomRaise(event: event) ?? randomAction(event: event, &rng)
        }
        // An entry or exit activity; in version 3, sometimes a `raise` (more seldom with parallel
        // states, which are entered and exited whole, all regions at once).
        func stateActivity() -> String {
            guard version3 && rng.chance(parallel ? 0.03 : 0.1) else { return activity(&rng) }
            return randomRaise(event: "") ?? activity(&rng)
        }
        // `raise` of an event of the machine; a parameter of `event` passed on, or literals. So
        // that cycles of `raise` stay rare, a transition for an event mostly raises one written
        // after it in `events` (`nil` when there is none).
        func randomRaise(event: String) -> String? {
            let later = events.drop { $0 != event }.dropFirst()
            let candidates = event.isEmpty || rng.chance(0.15) ? events[...] : later
            guard let raised = candidates.randomElement(using: &rng) else { return nil }
            switch raised {
            case "put":
                return event == "put" && rng.chance(0.5)
                    ? "raise put(v: v)" : "raise put(v: \(Int.random(in: -3...3, using: &rng)))"
            case "say":
                if event == "say" && rng.chance(0.5) { return "raise say(s: s, b: b)" }
                return "raise say(s: \"\(strings.randomElement(using: &rng)!)\", b: \(rng.chance(0.5)))"
            case "done":
                let v = event == "put" || event == "done" ? "v" : "\(Int.random(in: -3...3, using: &rng))"
                let s = event == "say" || event == "done" ? "s" : "\"\(strings.randomElement(using: &rng)!)\""
                return "raise done(v: \(v), s: \(s))"
            default:
                return "raise " + raised
            }
        }
        // `catch` transitions (section 4f) of a state with an activity, often: guarded (with
        // `isError(error)`, or another guard) or not, with effects (`report(error)`, other actions)
        // or not, internal or to any state. None follows an unguarded one (it would never fire).
        func emitCatches(indent: String) {
            guard rng.chance(0.65) else { return }
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                var line = "catch"
                let isGuarded = rng.chance(0.6)
                if isGuarded {
                    let roll = Double.random(in: 0..<1, using: &rng)
                    line +=
                        roll < 0.4
                        ? " [isError(error)]"
                        : roll < 0.55
                            ? " [!isError(error)]"
                            : roll < 0.75
                                ? " [isError(error) && \(guardCall(event: "", &rng))]"
                                : " [\(randomGuard(event: "", depth: 0, &rng))]"
                }
                let effects = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    rng.chance(0.5) ? "report(error)" : effect(event: "")
                }
                if !effects.isEmpty { line += " / " + effects.joined(separator: ", ") }
                if rng.chance(0.65) { line += " " + arrow(to: Int.random(in: 0..<nodes.count, using: &rng)) }
                lines.append(indent + line)
                if !isGuarded { break }
            }
        }
        // Timed transitions (section 4d) of `source` (the machine's when `nil`): `after` with a
        // literal or named delay, sometimes guarded, with effects or not, internal or to a target;
        // `every` with a positive delay, always internal, with effects.
        func emitTimed(source: Int?, indent: String) {
            guard rng.chance(source == nil ? 0.3 : 0.45) else { return }
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let isEvery = rng.chance(0.3)
                var line =
                    isEvery
                    ? "every " + (rng.chance(0.1) ? everyDelayNames : everyLiterals).randomElement(using: &rng)!
                    : "after " + (rng.chance(0.25) ? afterDelayNames : afterLiterals).randomElement(using: &rng)!
                if rng.chance(0.35) { line += " [\(randomGuard(event: "", depth: 0, &rng))]" }
                let effects = (0..<Int.random(in: isEvery ? 1...2 : 0...2, using: &rng)).map { _ in effect(event: "") }
                if !effects.isEmpty { line += " / " + effects.joined(separator: ", ") }
                if !isEvery {
                    let roll = Double.random(in: 0..<1, using: &rng)
                    let target = Int.random(in: 0..<nodes.count, using: &rng)
                    if roll < 0.3 {
                        // internal
                    } else if !hasParallel && roll < 0.36 {
                        line += " -> push \(nodes[target].name)"
                    } else if !hasParallel && roll < 0.42 {
                        line += " -> pop"
                    } else {
                        line += " " + arrow(to: target)
                    }
                }
                lines.append(indent + line)
            }
        }
        // Completion transitions (section 4a). Each targets a state after the source and all its
        // descendants in document order: whatever it enters, and whatever completes then, lies
        // further on (or is an ancestor, whose own targets lie beyond it), so every chain of
        // completions ends, whatever the guards answer. With parallel states the innermost state
        // containing source and target is not a parallel one: else the transition would leave and
        // re-enter it, entering regions written before the source again.
        func emitCompletions(source: Int, indent: String, afterActivity: Bool) {
            let end = order.firstIndex(of: lastDescendant(source, nodes))!
            let later = order[(end + 1)...].filter { target in
                let common = ancestors(of: target, nodes).first { isAncestor($0, of: source, nodes) }
                return !(common.map { nodes[$0].isParallel } ?? false)
            }
            // Parallel states often have some; regions seldom (a region's completion transition
            // leaves before its parallel state can complete).
            let isRegion = nodes[source].parent.map { nodes[$0].isParallel } ?? false
            // With an activity, often: the completion waits for the activity's return.
            let chance = afterActivity ? 0.7 : nodes[source].isParallel ? 0.8 : isRegion ? 0.1 : 0.4
            guard !later.isEmpty, rng.chance(chance) else { return }
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                var line = ""
                let isGuarded = rng.chance(0.6)
                if isGuarded { line += "[\(randomGuard(event: "", depth: 0, &rng))] " }
                let effects = (0..<Int.random(in: 0...2, using: &rng)).map { _ in effect(event: "") }
                if !effects.isEmpty { line += "/ " + effects.joined(separator: ", ") + " " }
                lines.append(indent + line + arrow(to: later.randomElement(using: &rng)!))
                if !isGuarded { break }
            }
        }
        for index in topLevel { emitState(index, indent: "    ") }
        emitTransitions(source: nil, indent: "    ")
        if version3 { emitTimed(source: nil, indent: "    ") }
        if transitions == 0 { lines.append("    go -> \(nodes[initial].name)") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Makes about half the nodes with two children or more parallel states (nearly all those whose
    /// children are composite), and their regions not final; gives most composite regions a final state (their last child, when simple), so
    /// that parallel states can complete.
    private static func makeParallel(_ nodes: inout [Node], _ rng: inout SplitMix64) {
        // Above all those whose children all have children: regions that can complete.
        for index in nodes.indices where nodes[index].children.count >= 2 {
            let allComposite = nodes[index].children.allSatisfy { !nodes[$0].children.isEmpty }
            guard rng.chance(allComposite ? 0.95 : 0.5) else { continue }
            nodes[index].isParallel = true
            for region in nodes[index].children { nodes[region].isFinal = false }
        }
        for index in nodes.indices where nodes[index].isParallel {
            for region in nodes[index].children where !nodes[region].isParallel {
                if let last = nodes[region].children.last, nodes[last].children.isEmpty, rng.chance(0.7) {
                    nodes[last].isFinal = true
                }
            }
        }
    }

    /// The proper ancestors of `index`, innermost first.
    private static func ancestors(of index: Int, _ nodes: [Node]) -> [Int] {
        var result: [Int] = []
        var current = nodes[index].parent
        while let parent = current {
            result.append(parent)
            current = nodes[parent].parent
        }
        return result
    }

    /// Whether `ancestor` is `index` or contains it.
    private static func isAncestor(_ ancestor: Int, of index: Int, _ nodes: [Node]) -> Bool {
        ancestor == index || ancestors(of: index, nodes).contains(ancestor)
    }

    /// The nodes in the order they are written (depth-first): the order of the model's states.
    private static func documentOrder(_ nodes: [Node], _ topLevel: [Int]) -> [Int] {
        func subtree(_ index: Int) -> [Int] { [index] + nodes[index].children.flatMap(subtree) }
        return topLevel.flatMap(subtree)
    }

    /// The last state written inside `index` (itself when it has no children).
    private static func lastDescendant(_ index: Int, _ nodes: [Node]) -> Int {
        nodes[index].children.last.map { lastDescendant($0, nodes) } ?? index
    }

    private static func randomGuard(event: String, depth: Int, _ rng: inout SplitMix64) -> String {
        let roll = Double.random(in: 0..<1, using: &rng)
        if depth >= 2 || roll < 0.5 { return guardCall(event: event, &rng) }
        if roll < 0.6 { return "!" + guardCall(event: event, &rng) }
        if roll < 0.7 { return "!(" + randomGuard(event: event, depth: depth + 1, &rng) + ")" }
        let op = rng.chance(0.5) ? " && " : " || "
        let left = randomGuard(event: event, depth: depth + 1, &rng)
        let right = randomGuard(event: event, depth: depth + 1, &rng)
        return rng.chance(0.3) ? "(" + left + op + right + ")" : left + op + right
    }

    private static func guardCall(event: String, _ rng: inout SplitMix64) -> String {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return event == "put" || event == "done" ? "gv(v)" : "gv(v: \(Int.random(in: -2...2, using: &rng)))"
        case 1: return event == "say" ? "gs(s: s, b: b)" : "gs(s: \"\(strings.randomElement(using: &rng)!)\", b: true)"
        default: return plainGuards.randomElement(using: &rng)!
        }
    }

    private static func randomAction(event: String, _ rng: inout SplitMix64) -> String {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return event == "put" || event == "done" ? "av(v: v)" : "av(v: \(Int.random(in: 0...9, using: &rng)))"
        case 1:
            return event == "say" || event == "done" ? "note(s: s)" : "note(s: \"\(strings.randomElement(using: &rng)!)\")"
        default: return plainActions.randomElement(using: &rng)!
        }
    }

    private static func activity(_ rng: inout SplitMix64) -> String {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return "av(v: \(Int.random(in: 0...9, using: &rng)))"
        case 1: return "note(s: \"\(strings.randomElement(using: &rng)!)\")"
        case 2: return "dbl(d: 2.5)"
        default: return plainActions.randomElement(using: &rng)!
        }
    }
}
