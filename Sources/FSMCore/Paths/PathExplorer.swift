/// `fsmc paths`: paths through a machine, found by running the reference interpreter, that together
/// cover every state, every transition or every guard outcome.
///
/// The search is breadth-first over configurations — the active states, the history records, the
/// push stack, the armed timers (in the order they are due, with their time left) and the
/// activities — so the first path to cover an item is a shortest one. From each configuration it
/// tries every event the active states handle, a wait to the next timeout (and one to half of it,
/// see ``PathExplorer/shorterWait(at:)``), and each running activity finished or failed; guards are free inputs, and every combination of answers a step's
/// evaluations can get is tried (each evaluation answered on its own). Paths are then chosen from
/// the configurations that first covered something, longest first, each kept only when it covers
/// something the kept ones do not.
public struct PathExplorer {
    public enum Goal: String, Sendable, CaseIterable {
        /// Enter every state.
        case states
        /// Fire every transition (event, completion, timed, `catch`, internal, `pop`).
        case transitions
        /// Fire every transition and see every guard both true and false where it is evaluated.
        case guards
    }

    public struct Options: Sendable {
        public var goal: Goal = .transitions
        /// The most steps a path may have (the start not counted).
        public var maxLength = 20
        /// The most configurations the search reaches before it stops, saying so.
        public var maxConfigurations = 20_000
        /// The answers of named delays, in nanoseconds; one not listed is answered ``defaultDelay``.
        public var delays: [String: Int] = [:]
        /// What an unanswered named delay is (one second).
        public static let defaultDelay = 1_000_000_000
        /// The most guard-answer combinations tried for one step (six guard evaluations, every
        /// combination); a step with more tries the first ones, and the report says so.
        public var maxAnswersPerStep = 64

        public init() {}
    }

    public let model: Model
    public let catalog: PathCatalog
    public let options: Options
    /// The most completions, raised events and timeouts at one instant a step may have: past that
    /// it is taken as a step that never ends, and no path takes it.
    static let runLimit = 100
    /// Whether two timers can be armed at once: the machine has two timed transitions or more.
    let hasRacingTimers: Bool

    public init(model: Model, catalog: PathCatalog, options: Options) {
        self.model = model
        self.catalog = catalog
        self.options = options
        hasRacingTimers =
            model.machineTimedTransitions.count + model.states.reduce(0) { $0 + $1.timedTransitions.count } >= 2
    }

    /// Explores the machine and chooses the paths.
    public func explore() -> PathReport {
        var search = Search(explorer: self)
        search.run()
        return search.report()
    }
}

/// Everything `fsmc paths` can cover in a machine, each with a label and where it is written.
public struct PathCatalog: Sendable {
    public struct Entry: Sendable, Hashable {
        public var item: PathItem
        /// `state Armed`, `Armed: disarm [isValid(code)] -> Disarmed`, `guard of ... is true`.
        public var label: String
        /// Where it is declared in the machine's source.
        public var range: SourceRange
    }

    /// In the order of the source, states before their transitions.
    public private(set) var entries: [Entry] = []
    /// The transition items by the start of their declaration.
    private var transitionsByStart: [Int: Int] = [:]
    /// The transitions with a guard, by item index.
    public private(set) var guarded: Set<Int> = []
    /// Each item's place in ``entries``.
    private var positions: [PathItem: Int] = [:]
    /// By transition item: the state that declares it (`nil`: the machine).
    private var transitionSources: [Int?] = []

    /// The catalog of `model`, whose declarations are labelled with their text in `source` (white
    /// space collapsed, comments dropped).
    public init(model: Model, source: [UInt8]) {
        var transitions: [(Model.Transition, source: Int?)] = []
        func text(_ range: SourceRange) -> String { PathCatalog.declarationText(source, range) }
        for (index, state) in model.states.enumerated() {
            entries.append(Entry(item: .state(index), label: "state " + state.name, range: state.range))
        }
        for node in [nil] + model.states.indices.map(Optional.some) {
            for transition in model.transitions(declaredIn: node) { transitions.append((transition, node)) }
            let timed = node.map { model.states[$0].timedTransitions } ?? model.machineTimedTransitions
            for transition in timed { transitions.append((transition.transition, node)) }
            for caught in node.map({ model.states[$0].catchTransitions }) ?? [] {
                transitions.append((caught.transition, node))
            }
        }
        defer { positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.item, $0) }) }
        transitions.sort { $0.0.range.start < $1.0.range.start }
        for (transition, source) in transitions {
            let index = transitionsByStart.count
            transitionsByStart[transition.range.start] = index
            transitionSources.append(source)
            let owner = source.map { model.states[$0].name } ?? "machine"
            let label = owner + ": " + text(transition.range)
            entries.append(Entry(item: .transition(index), label: label, range: transition.range))
            if transition.guardExpression != nil {
                guarded.insert(index)
                for value in [true, false] {
                    entries.append(
                        Entry(
                            item: .guardOutcome(index, value), label: "\(label), its guard \(value)",
                            range: transition.range))
                }
            }
        }
    }

    /// The item of the transition declared at `range`.
    func transition(at range: SourceRange) -> Int? { transitionsByStart[range.start] }

    /// The items a goal asks for.
    public func goals(_ goal: PathExplorer.Goal) -> [PathItem] {
        entries.map(\.item).filter { item in
            switch (item, goal) {
            case (.state, .states), (.transition, .transitions), (.transition, .guards), (.guardOutcome, .guards): true
            default: false
            }
        }
    }

    /// The entry of `item`.
    public func entry(_ item: PathItem) -> Entry? { positions[item].map { entries[$0] } }

    /// `items` in the catalog's order.
    public func sorted(_ items: some Sequence<PathItem>) -> [PathItem] {
        items.sorted { (positions[$0] ?? .max) < (positions[$1] ?? .max) }
    }

    /// A declaration's text on one line: comments dropped, white space collapsed, the body of a
    /// `catch` or `after` left as written.
    static func declarationText(_ source: [UInt8], _ range: SourceRange) -> String {
        guard range.start >= 0, range.end <= source.count, range.start < range.end else { return "" }
        var text: [UInt8] = []
        var index = range.start
        var space = false
        while index < range.end {
            let byte = source[index]
            if byte == UInt8(ascii: "/"), index + 1 < range.end, source[index + 1] == UInt8(ascii: "/") {
                while index < range.end, source[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
            {
                space = !text.isEmpty
            } else {
                if space { text.append(UInt8(ascii: " ")) }
                space = false
                text.append(byte)
            }
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// One thing a path can cover.
public enum PathItem: Sendable, Hashable {
    /// A state entered (by index).
    case state(Int)
    /// A transition fired (by its index in the catalog, in source order).
    case transition(Int)
    /// A transition's guard evaluated to the value.
    case guardOutcome(Int, Bool)
}

/// A step of a path: what a script line does, the answers its guards got, what it did.
public struct PathStep: Sendable, Hashable {
    public enum Input: Sendable, Hashable {
        /// The machine starts (the first step of every path).
        case start
        case event(EventOccurrence)
        /// Time moves on by so many nanoseconds: to the next timeout, or half of that.
        case wait(Int)
        /// The running activity of the state returns.
        case finish(Int)
        /// The running activity of the state throws the error named.
        case fail(Int, String)
    }

    public var input: Input
    /// Each guard evaluated, in order, with the answer it got.
    public var guards: [(call: Invocation, value: Bool)]
    /// The actions called (effects, entry and exit activities), in order, with their arguments.
    public var actions: [Invocation]
    /// The active states afterwards, in document order.
    public var activeStates: [Int]
    /// Whether the machine has finished afterwards.
    public var isFinished: Bool
    /// The items this step covers (whether or not an earlier step covered them too).
    public var covered: Set<PathItem>

    /// The answers by guard name, one per evaluation in order: a script line's brackets.
    public var answersByGuard: [(name: String, answers: [Bool])] {
        var order: [String] = []
        var answers: [String: [Bool]] = [:]
        for (call, value) in guards {
            if answers[call.name] == nil { order.append(call.name) }
            answers[call.name, default: []].append(value)
        }
        return order.map { ($0, answers[$0] ?? []) }
    }

    public static func == (lhs: PathStep, rhs: PathStep) -> Bool {
        lhs.input == rhs.input && lhs.guards.map(\.call) == rhs.guards.map(\.call)
            && lhs.guards.map(\.value) == rhs.guards.map(\.value) && lhs.actions == rhs.actions
            && lhs.activeStates == rhs.activeStates && lhs.isFinished == rhs.isFinished
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(input)
        hasher.combine(actions)
        hasher.combine(activeStates)
    }
}

extension PathStep.Input {
    var isWait: Bool {
        if case .wait = self { true } else { false }
    }
}

/// What `fsmc paths` found.
public struct PathReport: Sendable {
    /// Each path: its steps, the first one the start.
    public var paths: [[PathStep]]
    /// The items the goal asks for, in catalog order.
    public var goals: [PathItem]
    /// The goals no path covers, with the reason.
    public var uncovered: [(item: PathItem, reason: String)]
    /// How many configurations the search explored.
    public var configurations: Int
    /// Whether the search stopped at ``PathExplorer/Options/maxConfigurations``.
    public var reachedConfigurationBound: Bool
    /// The fewest steps any set of paths needs: the longest of the shortest paths to a goal.
    public var lowerBound: Int
    /// The steps of every path, the starts not counted.
    public var totalSteps: Int { paths.reduce(0) { $0 + $1.count - 1 } }
}

extension PathExplorer {
    /// One configuration reached, and the steps that lead on from it.
    fileprivate struct Node {
        /// The interpreter in the configuration, until the node is explored (then dropped: its
        /// steps hold what the paths need).
        var interpreter: Interpreter?
        /// The fewest steps that reach it from a start.
        var depth: Int
        /// The steps from here, each to the node it reaches.
        var edges: [(step: PathStep, target: Int)] = []
        /// The node and the number of its edge that first reached this one; `nil` for a start.
        var parent: (node: Int, edge: Int)?
        /// Whether a shorter wait (``PathExplorer/shorterWait(at:)``) is tried from here: the step
        /// that first reached it armed a timer (not one of those it was waiting on), and was not
        /// itself a shorter wait.
        var waitsLess = false
    }

    /// The breadth-first search over configurations, then the walks through what it found.
    fileprivate struct Search {
        let explorer: PathExplorer
        var nodes: [Node] = []
        /// The starts: each start's step (one per set of answers of its guards) and its node.
        var roots: [(step: PathStep, node: Int)] = []
        var index: [ConfigurationKey: Int] = [:]
        /// The configurations explored, told apart by ``SearchKey``: one that differs from an
        /// explored one only in what is pushed below the top of its stack is not explored again.
        var explored = Set<SearchKey>()
        /// For each goal, where it was first covered: the node and the number of its edge, or (edge
        /// `nil`) the start step of root number `node` (two starts may reach one configuration).
        var firstCover: [PathItem: (node: Int, edge: Int?)] = [:]
        /// For each goal covered, the fewest steps a path needs to cover it (the start not counted).
        var depthCovered: [PathItem: Int] = [:]
        var goals: Set<PathItem>
        var truncatedByLength = false
        var reachedBound = false
        /// Whether a step had more combinations of guard answers than the search tries.
        var truncatedByAnswers = false
        init(explorer: PathExplorer) {
            self.explorer = explorer
            self.goals = Set(explorer.catalog.goals(explorer.options.goal))
        }

        var model: Model { explorer.model }

        mutating func run() {
            let root = Interpreter(model: model, host: PathHost(delays: explorer.options.delays))
            let starts = explorer.steps(from: root, .start)
            truncatedByAnswers = starts.isTruncated
            for (interpreter, step) in starts.outcomes {
                let node = self.node(for: interpreter, depth: 0, parent: nil, waitsLess: !interpreter.timers.isEmpty)
                roots.append((step, node))
                note(step.covered, depth: 0, at: (roots.count - 1, nil))
            }
            var next = 0
            while next < nodes.count, !goals.subtracting(depthCovered.keys).isEmpty {
                let current = next
                next += 1
                guard let interpreter = nodes[current].interpreter else { continue }
                nodes[current].interpreter = nil
                if interpreter.failure != nil || !explored.insert(SearchKey(interpreter)).inserted { continue }
                guard nodes[current].depth < explorer.options.maxLength else {
                    truncatedByLength = true
                    continue
                }
                let depth = nodes[current].depth + 1
                var inputs = explorer.inputs(at: interpreter)
                let shorterWait = nodes[current].waitsLess ? explorer.shorterWait(at: interpreter) : nil
                let lastStamp = interpreter.timers.map(\.stamp).max() ?? -1
                let running = Set(interpreter.timers.map(\.transition.range.start))
                if let shorterWait { inputs.append(shorterWait) }
                for input in inputs {
                    let steps = explorer.steps(from: interpreter, input)
                    if steps.isTruncated { truncatedByAnswers = true }
                    for (reached, step) in steps.outcomes {
                        guard nodes.count < explorer.options.maxConfigurations else {
                            reachedBound = true
                            return
                        }
                        let edge = nodes[current].edges.count
                        // An `every` armed again by its own timeout is not counted: it would try a
                        // shorter wait at every tick.
                        let armed =
                            input != shorterWait
                            && reached.timers.contains {
                                $0.stamp > lastStamp && !(input.isWait && running.contains($0.transition.range.start))
                            }
                        let target = node(for: reached, depth: depth, parent: (current, edge), waitsLess: armed)
                        nodes[current].edges.append((step, target))
                        note(step.covered, depth: depth, at: (current, edge))
                    }
                }
            }
        }

        /// The node of the configuration `interpreter` is in: a new one the first time.
        mutating func node(
            for interpreter: Interpreter, depth: Int, parent: (node: Int, edge: Int)?, waitsLess: Bool
        ) -> Int {
            let key = ConfigurationKey(interpreter)
            if let known = index[key] { return known }
            nodes.append(Node(interpreter: interpreter, depth: depth, parent: parent, waitsLess: waitsLess))
            index[key] = nodes.count - 1
            return nodes.count - 1
        }

        mutating func note(_ covered: Set<PathItem>, depth: Int, at place: (node: Int, edge: Int?)) {
            for item in covered where goals.contains(item) && depthCovered[item] == nil {
                depthCovered[item] = depth
                firstCover[item] = place
            }
        }

        /// The shortest steps from `start` to a step that covers something of `wanted`, at most
        /// `budget` of them; `nil` when there is none.
        func nearest(from start: Int, covering wanted: Set<PathItem>, budget: Int) -> [(step: PathStep, target: Int)]? {
            guard budget > 0 else { return nil }
            var previous: [Int: (from: Int, edge: Int)] = [start: (start, -1)]
            var frontier = [start]
            var length = 0
            while !frontier.isEmpty, length < budget {
                length += 1
                var following: [Int] = []
                for node in frontier {
                    for (number, edge) in nodes[node].edges.enumerated() {
                        if !edge.step.covered.isDisjoint(with: wanted) {
                            var steps = [edge]
                            var current = node
                            while current != start, let back = previous[current] {
                                steps.append(nodes[back.from].edges[back.edge])
                                current = back.from
                            }
                            return steps.reversed()
                        }
                        if previous[edge.target] == nil {
                            previous[edge.target] = (node, number)
                            following.append(edge.target)
                        }
                    }
                }
                frontier = following
            }
            return nil
        }

        /// The steps from a start to `node`, by the edges that first reached each node; and the start.
        func treePath(to node: Int) -> (root: (step: PathStep, node: Int), steps: [(step: PathStep, target: Int)]) {
            var steps: [(step: PathStep, target: Int)] = []
            var current = node
            while let parent = nodes[current].parent {
                steps.append(nodes[parent.node].edges[parent.edge])
                current = parent.node
            }
            let root = roots.first { $0.node == current } ?? roots[0]
            return (root, steps.reversed())
        }

        /// How far a path looks around its end for the next thing to cover before it ends.
        static let reach = 3

        /// The paths. Each one first takes the shortest way to the goal still uncovered that is
        /// furthest from the start (so that it covers much on the way), then, again and again, the
        /// shortest way to the nearest step within ``reach`` that covers something still uncovered,
        /// while it is shorter than the longest path allowed.
        func walks() -> (paths: [[PathStep]], covered: Set<PathItem>) {
            var uncovered = goals.intersection(depthCovered.keys)
            // The targets, furthest first; of those as far, the first in the catalog.
            let targets = explorer.catalog.goals(explorer.options.goal).enumerated()
                .compactMap { position, item in depthCovered[item].map { (item, $0, position) } }
                .sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
            var nextTarget = 0
            var paths: [[PathStep]] = []
            let maxLength = explorer.options.maxLength
            while !uncovered.isEmpty {
                while nextTarget < targets.count, !uncovered.contains(targets[nextTarget]) { nextTarget += 1 }
                guard nextTarget < targets.count, let place = firstCover[targets[nextTarget]] else { break }
                let target = targets[nextTarget]
                let (root, steps) =
                    place.edge == nil ? (roots[place.node], []) : treePath(to: place.node)
                var path = [root.step]
                uncovered.subtract(root.step.covered)
                var current = root.node
                var segment = steps + (place.edge.map { [nodes[place.node].edges[$0]] } ?? [])
                while true {
                    for (step, next) in segment {
                        path.append(step)
                        uncovered.subtract(step.covered)
                        current = next
                    }
                    let budget = min(Self.reach, maxLength - (path.count - 1))
                    guard !uncovered.isEmpty, let next = nearest(from: current, covering: uncovered, budget: budget)
                    else { break }
                    segment = next
                }
                // Every path covers its target; were it not so, the target would be tried forever.
                guard !uncovered.contains(target) else {
                    assertionFailure("a path to a goal does not cover it")
                    uncovered.remove(target)
                    continue
                }
                paths.append(path)
            }
            let covered = goals.intersection(depthCovered.keys).subtracting(uncovered)
            return (paths, covered)
        }

        func report() -> PathReport {
            let (paths, covered) = walks()
            let orderedGoals = explorer.catalog.goals(explorer.options.goal)
            let reachability = ModelChecks.reachability(of: model).reached
            let uncovered = orderedGoals.filter { !covered.contains($0) }.map { item in
                (item, reason(item, reachable: reachability))
            }
            return PathReport(
                paths: paths, goals: orderedGoals, uncovered: uncovered, configurations: explored.count,
                reachedConfigurationBound: reachedBound, lowerBound: depthCovered.values.max() ?? 0)
        }

        /// Why no path covers `item`.
        func reason(_ item: PathItem, reachable: Set<Int>) -> String {
            let state: Int?
            switch item {
            case .state(let index): state = index
            case .transition(let index), .guardOutcome(let index, _):
                state = explorer.catalog.sourceState(ofTransition: index)
            }
            if let state, !reachable.contains(state) {
                return "\(model.states[state].name) is unreachable (the checks warn: unreachable-state)"
            }
            if reachedBound {
                return "the search stopped at \(explorer.options.maxConfigurations) configurations before reaching it"
            }
            if truncatedByAnswers {
                return
                    "a step has more than \(explorer.options.maxAnswersPerStep) combinations of guard answers, and not all were tried"
            }
            if truncatedByLength {
                return "no path of at most \(explorer.options.maxLength) steps reaches it (--max-length)"
            }
            return "no configuration the machine can reach fires it"
        }
    }

    /// What can happen next at `interpreter`: the events its active states handle, a wait to the
    /// next timeout, and each running activity finished or failed (failed only where a `catch`
    /// could take the error).
    func inputs(at interpreter: Interpreter) -> [PathStep.Input] {
        var inputs: [PathStep.Input] = []
        if interpreter.isFinished { return [] }
        for (index, event) in model.events.enumerated() where interpreter.handles(index) {
            inputs.append(.event(EventOccurrence(event: index, arguments: event.parameters.map { .sample(of: $0.type) })))
        }
        if let next = interpreter.timers.map(\.deadline).min() {
            inputs.append(.wait(max(next - interpreter.now, 0)))
        }
        for state in interpreter.configuration where interpreter.activities[state] == .running {
            inputs.append(.finish(state))
            if !model.states[state].catchTransitions.isEmpty { inputs.append(.fail(state, "failure")) }
        }
        return inputs
    }

    /// A wait to half the time left to the next timeout, where the machine has two timed transitions
    /// or more; `nil` where there is none to wait for (or under two nanoseconds left). Nothing is due
    /// by then, but an event sent afterwards arms its timers out of step with those running: two
    /// timers armed together in two regions always tie when time only moves from timeout to
    /// timeout, while after a shorter wait re-arming one lets the other fire first. Every instant
    /// cannot be tried: the search tries this one, only right after a step that armed a timer
    /// (the start included), so never two in a row.
    func shorterWait(at interpreter: Interpreter) -> PathStep.Input? {
        guard !interpreter.isFinished, hasRacingTimers, let next = interpreter.timers.map(\.deadline).min() else {
            return nil
        }
        let left = next - interpreter.now
        return left >= 2 ? .wait(left / 2) : nil
    }

    /// Every outcome of `input` at `interpreter`, one per combination of guard answers.
    /// Outcomes with the same configuration and the same coverage are one: the first is kept.
    /// `isTruncated` when the step had more combinations of answers than ``Options/maxAnswersPerStep``.
    func steps(from interpreter: Interpreter, _ input: PathStep.Input) -> (
        outcomes: [(Interpreter, PathStep)], isTruncated: Bool
    ) {
        var distinct = Set<OutcomeKey>()
        var outcomes: [(Interpreter, PathStep)] = []
        var isTruncated = false
        // Answers per evaluation: each list is a prefix to follow, the evaluations after it false.
        // Tried first in, first out, so that the first evaluations are answered both ways before
        // later ones; at most `maxAnswersPerStep` lists are ever made (a cycle of `raise` can
        // evaluate guards thousands of times in one step).
        var work: [[Bool]] = [[]]
        var next = 0
        while next < work.count {
            let prefix = work[next]
            next += 1
            let host = PathHost(delays: options.delays)
            host.prefix = prefix
            let copy =
                input == .start ? Interpreter(model: model, host: host) : Interpreter(copying: interpreter, host: host)
            copy.runLimit = Self.runLimit
            let recorder = CoverageRecorder(catalog: catalog)
            host.recorder = recorder
            copy.guardDecided = recorder.guardDecided
            switch input {
            case .start: copy.start()
            case .event(let occurrence): copy.send(occurrence)
            case .wait(let nanoseconds): copy.advance(by: nanoseconds)
            case .finish(let state): copy.finishActivity(of: state)
            case .fail(let state, let error): copy.failActivity(of: state, with: .error(error))
            }
            recorder.flush()
            copy.guardDecided = nil
            // Every evaluation past the prefix was answered false: each may be answered true instead.
            for evaluation in prefix.count..<host.answers.count {
                guard work.count < options.maxAnswersPerStep else {
                    isTruncated = true
                    break
                }
                work.append(Array(host.answers[..<evaluation]) + [true])
            }
            // A step that never ends (the interpreter stopped it) is no step a test can take.
            if copy.failure != nil { continue }
            let step = PathStep(
                input: input, guards: host.guards, actions: host.actions, activeStates: copy.configuration,
                isFinished: copy.isFinished, covered: recorder.covered)
            // The start's guards are answered by `--guard`, one answer per guard: no other start replays.
            if input == .start, step.answersByGuard.contains(where: { Set($0.answers).count > 1 }) { continue }
            // The start's answers all replay (the options answer per guard): no two merge.
            if input == .start || distinct.insert(OutcomeKey(ConfigurationKey(copy), step.covered)).inserted {
                outcomes.append((copy, step))
            }
        }
        return (outcomes, isTruncated)
    }
}

extension PathCatalog {
    /// The state that declares the transition (`nil`: the machine).
    func sourceState(ofTransition index: Int) -> Int? { transitionSources[index] }
}

/// Two outcomes of one step that reach the same configuration covering the same: one edge.
private struct OutcomeKey: Hashable {
    var configuration: ConfigurationKey
    var covered: Set<PathItem>

    init(_ configuration: ConfigurationKey, _ covered: Set<PathItem>) {
        self.configuration = configuration
        self.covered = covered
    }
}

/// A configuration as the search decides whether to explore it: its ``ConfigurationKey`` but for the
/// push stack, of which only whether it is empty counts. What is pushed changes only where a later
/// `pop` returns — to a state that was active already, explored from there — while exploring
/// every stack would multiply the configurations (a machine that pushes from any state has as many
/// stacks as paths) for nothing more covered.
private struct SearchKey: Hashable {
    var configuration: ConfigurationKey

    init(_ interpreter: Interpreter) {
        configuration = ConfigurationKey(interpreter)
        configuration.stack = configuration.stack.isEmpty ? [] : [-1]
    }
}

/// A configuration, as the search tells them apart: the timers by their order and time left, so
/// that the same situation at another time is the same configuration.
private struct ConfigurationKey: Hashable {
    var active: [Int]
    var isFinished: Bool
    var history: HistoryRecords
    var stack: [Int]
    var timers: [Int]
    var activities: [Int]

    init(_ interpreter: Interpreter) {
        active = interpreter.configuration
        isFinished = interpreter.isFinished
        history = interpreter.history
        stack = interpreter.stack
        let now = interpreter.now
        timers = interpreter.timers.sorted { ($0.deadline, $0.stamp) < ($1.deadline, $1.stamp) }
            .flatMap { [$0.transition.range.start, $0.deadline - now] }
        activities = interpreter.activities.sorted { $0.key < $1.key }.flatMap { entry -> [Int] in
            let phase =
                switch entry.value {
                case .pending: 0
                case .running: 1
                case .done: 2
                }
            return [entry.key, phase]
        }
    }
}

/// Answers a step's guards from a prefix of answers (false after it), records what the step does.
private final class PathHost: InterpreterHost {
    let delays: [String: Int]
    var prefix: [Bool] = []
    /// Every answer given, in order of evaluation.
    var answers: [Bool] = []
    var guards: [(call: Invocation, value: Bool)] = []
    var actions: [Invocation] = []
    var recorder: CoverageRecorder?

    init(delays: [String: Int]) { self.delays = delays }

    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        let answer = answers.count < prefix.count ? prefix[answers.count] : false
        answers.append(answer)
        guards.append((guardCall, answer))
        return answer
    }

    func perform(_ action: Invocation, interpreter: Interpreter) { actions.append(action) }

    func delay(_ name: String, interpreter: Interpreter) -> Int {
        delays[name] ?? PathExplorer.Options.defaultDelay
    }

    func observe(_ step: Interpreter.Step, interpreter: Interpreter) { recorder?.observe(step) }

}

extension InterpreterValue {
    /// The value `fsmc paths` sends for a parameter of this type: guards are free inputs, so any
    /// value does (`""`, `0`, `0.0`, `false`, `nil`); for a type without literals that is not
    /// optional, a type of your own or `[UInt8]`, the opaque value `_`, which the Swift Testing suite
    /// takes from the values you give it (``PathTestSuite``).
    static func sample(of type: ParameterType) -> InterpreterValue {
        if type.wrapped != nil { return .none }
        switch type.literalKind {
        case .string: return .string("")
        case .integer: return .integer(0)
        case .decimal: return .decimal(0)
        case .boolean: return .boolean(false)
        case nil: return .opaque
        }
    }
}

/// What a run of the interpreter covers, told its steps and its guards' outcomes: the states
/// entered, the transitions fired (a timed one when its timeout is not ignored), the guard outcomes.
final class CoverageRecorder {
    let catalog: PathCatalog
    private(set) var covered = Set<PathItem>()
    /// The timed transition whose timeout is being processed: it fires unless ignored.
    private var timingOut: SourceRange?

    init(catalog: PathCatalog) { self.catalog = catalog }

    func observe(_ step: Interpreter.Step) {
        switch step {
        case .guardEvaluated: return  // a timeout's guard comes before the verdict
        case .timeoutIgnored:
            timingOut = nil
            return
        default: break
        }
        flush()
        switch step {
        case .fired(let transition):
            if let index = catalog.transition(at: transition.range) { covered.insert(.transition(index)) }
        case .entering(let state): covered.insert(.state(state))
        case .timeout(let timed): timingOut = timed.range
        default: break
        }
    }

    func guardDecided(_ transition: Model.Transition, _ value: Bool) {
        if let index = catalog.transition(at: transition.range), catalog.guarded.contains(index) {
            covered.insert(.guardOutcome(index, value))
        }
    }

    /// A timeout not ignored fired its transition: said once anything else happens, or the run ends.
    func flush() {
        if let range = timingOut, let index = catalog.transition(at: range) { covered.insert(.transition(index)) }
        timingOut = nil
    }

    /// Forgets what was covered (the recorder goes on with the next script).
    func reset() { covered = [] }
}
