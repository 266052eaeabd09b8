import FSMCore
import FSMRuntime

/// A change a differential script makes to a snapshot before restoring it (section 4g), the same on
/// both sides: the generated driver runs ``swift`` on its `M.Snapshot`, the interpreter's host
/// ``apply(to:)`` on its ``Snapshot``, both after the snapshot's JSON round trip. Each
/// depends only on the snapshot it is given and on what was drawn when the script was made, so the
/// two sides change the same snapshot the same way.
///
/// The first five make most snapshots impossible to restore (both sides must then throw the same
/// error); the last three give the snapshot something that may or may not fit, which the restore
/// keeps or drops (both sides must then restore the same machine).
public enum SnapshotMutation: Hashable, Sendable {
    /// The active state at `pick` (modulo their count) renamed `Nowhere`, a state no machine has.
    case renameState(pick: Int)
    /// The active state at `pick` (modulo their count) removed.
    case dropState(pick: Int)
    /// `state` inserted among the active states at `pick` (modulo their count + 1).
    case addState(String, pick: Int)
    /// The snapshot said to be of the machine `Other`.
    case otherMachine
    /// The snapshot said not to have started.
    case notStarted
    /// A history record for `state` (replacing any): the states `recorded`.
    case history(String, recorded: [String])
    /// `state` pushed on the stack.
    case push(String)
    /// A timer armed last: of `state` (the machine's when `nil`), the timed transition at `index`,
    /// due in `remaining` nanoseconds.
    case timer(String?, index: Int, remaining: Int64)

    /// The unknown name ``renameState(pick:)`` gives.
    public static let unknownState = "Nowhere"

    public func apply(to snapshot: inout Snapshot) {
        switch self {
        case .renameState(let pick):
            if !snapshot.activeStates.isEmpty { snapshot.activeStates[pick % snapshot.activeStates.count] = Self.unknownState }
        case .dropState(let pick):
            if !snapshot.activeStates.isEmpty { snapshot.activeStates.remove(at: pick % snapshot.activeStates.count) }
        case .addState(let state, let pick):
            snapshot.activeStates.insert(state, at: pick % (snapshot.activeStates.count + 1))
        case .otherMachine: snapshot.machine = "Other"
        case .notStarted: snapshot.started = false
        case .history(let state, let recorded): snapshot.history[state] = recorded
        case .push(let state): snapshot.stack.append(state)
        case .timer(let state, let index, let remaining):
            snapshot.timers.append(Snapshot.ArmedTimer(state: state, index: index, remainingNanoseconds: remaining))
        }
    }

    /// What ``apply(to:)`` does, in Swift, on the `var snapshot` of a generated machine.
    public var swift: String {
        switch self {
        case .renameState(let pick):
            "if !snapshot.activeStates.isEmpty { snapshot.activeStates[\(pick) % snapshot.activeStates.count] = \"\(Self.unknownState)\" }"
        case .dropState(let pick):
            "if !snapshot.activeStates.isEmpty { snapshot.activeStates.remove(at: \(pick) % snapshot.activeStates.count) }"
        case .addState(let state, let pick):
            "snapshot.activeStates.insert(\"\(state)\", at: \(pick) % (snapshot.activeStates.count + 1))"
        case .otherMachine: "snapshot.machine = \"Other\""
        case .notStarted: "snapshot.started = false"
        case .history(let state, let recorded):
            "snapshot.history[\"\(state)\"] = [\(recorded.map { "\"\($0)\"" }.joined(separator: ", "))]"
        case .push(let state): "snapshot.stack.append(\"\(state)\")"
        case .timer(let state, let index, let remaining):
            "snapshot.timers.append(.init(state: \(state.map { "\"\($0)\"" } ?? "nil"), index: \(index), remainingNanoseconds: \(remaining)))"
        }
    }

    /// How the script shows it.
    public var description: String {
        switch self {
        case .renameState(let pick): "rename active state \(pick) to \(Self.unknownState)"
        case .dropState(let pick): "drop active state \(pick)"
        case .addState(let state, let pick): "add active state \(state) at \(pick)"
        case .otherMachine: "machine Other"
        case .notStarted: "not started"
        case .history(let state, let recorded): "history of \(state): \(recorded)"
        case .push(let state): "push \(state)"
        case .timer(let state, let index, let remaining): "timer \(state ?? "of the machine") #\(index) in \(remaining) ns"
        }
    }

    /// A random mutation for `model`: most often one of the three that the snapshots users keep
    /// across an edit of their machine suffer (a state renamed, one removed, one added).
    static func random(_ model: Model, _ rng: inout SplitMix64) -> SnapshotMutation {
        let pick = Int.random(in: 0..<1000, using: &rng)
        func state() -> String { model.states.randomElement(using: &rng)!.name }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1: return .renameState(pick: pick)
        case 2, 3: return .dropState(pick: pick)
        case 4, 5: return .addState(state(), pick: pick)
        case 6: return rng.chance(0.5) ? .otherMachine : .notStarted
        case 7: return randomHistory(model, &rng) ?? .push(state())
        case 8: return .push(state())
        default:
            return randomTimer(model, &rng) ?? .addState(state(), pick: pick)
        }
    }

    /// A history record for a state that records history (now and then for one that does not): a
    /// complete configuration below it, now and then with a state too many or too few (dropped).
    private static func randomHistory(_ model: Model, _ rng: inout SplitMix64) -> SnapshotMutation? {
        let composites = model.states.indices.filter { model.states[$0].isComposite }
        let recording = composites.filter { model.states[$0].recordsHistory }
        guard let key = (recording.isEmpty || rng.chance(0.1) ? composites : recording).randomElement(using: &rng) else {
            return nil
        }
        func below(_ state: Int) -> [Int] {
            let children = model.states[state].children
            let chosen = model.states[state].isParallel ? children : [children.randomElement(using: &rng)!]
            return chosen.flatMap { [$0] + (model.states[$0].isComposite ? below($0) : []) }
        }
        var recorded = below(key).sorted()
        let roll = Double.random(in: 0..<1, using: &rng)
        if roll < 0.1 {
            recorded.append(model.states.indices.randomElement(using: &rng)!)
        } else if roll < 0.2 {
            recorded.remove(at: Int.random(in: 0..<recorded.count, using: &rng))
        }
        return .history(model.states[key].name, recorded: recorded.map { model.states[$0].name })
    }

    /// A timer of a state with timed transitions (or of the machine), at an index now and then past
    /// them, due in a time now and then negative (dropped).
    private static func randomTimer(_ model: Model, _ rng: inout SplitMix64) -> SnapshotMutation? {
        let owners: [Int?] =
            model.states.indices.filter { !model.states[$0].timedTransitions.isEmpty }
            + (model.machineTimedTransitions.isEmpty ? [] : [nil])
        guard let owner = owners.randomElement(using: &rng) else { return nil }
        let count = owner.map { model.states[$0].timedTransitions.count } ?? model.machineTimedTransitions.count
        let index = rng.chance(0.1) ? count : Int.random(in: 0..<count, using: &rng)
        let remaining: Int64 = rng.chance(0.1) ? -1 : [0, 100_000_000, 300_000_000, 1_000_000_000].randomElement(using: &rng)!
        return .timer(owner.map { model.states[$0].name }, index: index, remaining: remaining)
    }
}
