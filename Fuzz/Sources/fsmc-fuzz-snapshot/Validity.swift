import FSMCore
import FSMRuntime

/// What a snapshot of a running machine must be (section 4g), checked against the machine's model
/// on its own terms, not with the code under test: the active states a configuration in document
/// order, `finished` following from them, each history record a complete configuration below a
/// state that records history, the stack of simple states, each timer one of an active state's (or
/// of the running machine's) timed transitions, once, with time left.
struct Validity {
    let model: Model
    private let numbers: [String: Int]
    private let timed: Bool

    init(model: Model) {
        self.model = model
        numbers = Dictionary(model.states.indices.map { (model.states[$0].name, $0) }) { first, _ in first }
        timed = !model.machineTimedTransitions.isEmpty || model.states.contains { !$0.timedTransitions.isEmpty }
    }

    /// Whether the machine has timed transitions (scripts move its time).
    var hasTimers: Bool { timed }

    /// Why `snapshot`, taken from a machine of this model between steps, is not valid; `nil` when it is.
    func problem(in snapshot: FSMRuntime.Snapshot) -> String? {
        guard snapshot.machine == model.name else { return "it names the machine '\(snapshot.machine)'" }
        guard snapshot.started else {
            let empty = snapshot.activeStates.isEmpty && snapshot.history.isEmpty && snapshot.stack.isEmpty
            return empty && snapshot.timers.isEmpty && !snapshot.finished
                ? nil : "an unstarted machine's snapshot holds something"
        }
        guard let active = indices(snapshot.activeStates) else { return "an unknown active state" }
        guard active == Array(Set(active)).sorted() else { return "the active states are not in document order, once each" }
        if let problem = problem(with: Set(active), below: nil) { return "not a configuration: \(problem)" }
        let finished = active.contains(where: model.finishesMachine)
        guard snapshot.finished == finished else { return "'finished' is \(snapshot.finished) with \(snapshot.activeStates)" }
        for (key, names) in snapshot.history {
            guard let state = numbers[key], model.states[state].recordsHistory else {
                return "a history record of '\(key)', which records no history"
            }
            guard let recorded = indices(names), recorded == Array(Set(recorded)).sorted(),
                problem(with: Set(recorded), below: state) == nil
            else { return "the history record of '\(key)' is no configuration below it: \(names)" }
        }
        guard snapshot.stack.isEmpty || model.usesPush else { return "a stack in a machine without push" }
        for name in snapshot.stack where numbers[name].map({ model.states[$0].isComposite }) ?? true {
            return "the stack entry '\(name)' is no simple state"
        }
        return timersProblem(snapshot.timers, active: Set(active), finished: finished)
    }

    private func timersProblem(_ timers: [FSMRuntime.Snapshot.ArmedTimer], active: Set<Int>, finished: Bool) -> String? {
        var seen = Set<[Int]>()
        for timer in timers {
            let owner: Int
            if let name = timer.state {
                guard let state = numbers[name], active.contains(state) else { return "a timer of '\(name)', not active" }
                owner = state
            } else {
                guard !finished else { return "a timer of the finished machine" }
                owner = -1
            }
            let count = owner < 0 ? model.machineTimedTransitions.count : model.states[owner].timedTransitions.count
            guard (0..<count).contains(timer.index), timer.remainingNanoseconds >= 0, seen.insert([owner, timer.index]).inserted
            else { return "the timer \(timer) is not one of its state's, once, with time left" }
        }
        return nil
    }

    /// The states named, by number; `nil` when one is unknown.
    func indices(_ names: [String]) -> [Int]? {
        var result: [Int] = []
        for name in names {
            guard let state = numbers[name] else { return nil }
            result.append(state)
        }
        return result
    }

    /// Why `active` is not a configuration of what lies below `root` (`nil`: the machine): not
    /// empty, each state's parent `root` or active, one state at the top (below the machine), and
    /// each active composite state (and `root`) with exactly one active child, or every region.
    private func problem(with active: Set<Int>, below root: Int?) -> String? {
        guard !active.isEmpty else { return "nothing active" }
        for state in active {
            guard let parent = model.states[state].parent else {
                if root != nil { return "'\(model.states[state].name)' is outside the state recorded" }
                continue
            }
            guard parent == root || active.contains(parent) else { return "'\(model.states[state].name)' without its parent" }
        }
        if root == nil, active.filter({ model.states[$0].parent == nil }).count != 1 { return "not one top-level state" }
        for state in active.union(root.map { [$0] } ?? []) where model.states[state].isComposite {
            let children = model.states[state].children.filter(active.contains)
            let expected = model.states[state].isParallel ? model.states[state].children.count : 1
            guard children.count == expected else { return "'\(model.states[state].name)' with \(children.count) children" }
        }
        return nil
    }
}
