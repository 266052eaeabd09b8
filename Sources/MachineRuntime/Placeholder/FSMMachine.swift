// The declarations a generated machine `M` makes that its run-time code (Runtime/) reads, written
// by hand for a placeholder machine named `FSMMachine`, so that the package's build type-checks
// the run-time code and the unit tests (Tests/MachineRuntimeTests) run it on trees of their own.
// The Swift generator writes these for each machine (FSMCore's SwiftMachineEmitter); when the
// run-time code is copied into a machine's file, `FSMMachine` becomes `M` (`FSMMachineRuntime` becomes
// `MRuntime`, and so on). Not copied: only Runtime/ is.

import FSMRuntime

/// Stands for the actions protocol `MActions`.
protocol FSMMachineActions: AnyObject {}

/// Stands for the machine class: in a machine without parallel states, what its transitions change.
final class FSMMachine {
    var machine: FSMMachineLeafRuntime

    init(current: FSMMachine.State.Type) {
        machine = FSMMachineLeafRuntime(current: current)
    }

    /// Stands for the machine's states: a state's number, and its depth (`StateID.depth` in a
    /// machine without parallel states); the state it lies directly inside, set by a test.
    struct StateID: Hashable, Sendable {
        let number: Int
        let depth: Int
        var enclosing: StateID? { State.tree[number]?.parent?.id }

        /// Whether this state is `state` or lies inside it.
        func lies(in state: StateID) -> Bool {
            var current: StateID? = self
            while let node = current, node.depth >= state.depth {
                if node == state { return true }
                current = node.enclosing
            }
            return false
        }
    }

    /// A state, as the run-time code of either shape sees it: a class never instantiated, whose
    /// class members describe its place in the tree. A test builds a tree of subclasses.
    class State {
        class var id: StateID { StateID(number: number, depth: depth) }
        class var number: Int { preconditionFailure("every state overrides number") }
        class var depth: Int { 0 }
        class var parent: FSMMachine.State.Type? { nil }
        class var initial: FSMMachine.State.Type? { nil }
        class var isFinal: Bool { false }
        class var isComposite: Bool { false }
        class var isParallel: Bool { false }
        class var regions: [FSMMachine.State.Type] { [] }
        class var hasCompletion: Bool { false }
        class var recordsHistory: Bool { false }
        class var initialHistory: FSMMachineHistory? { nil }
        class var finishesMachine: Bool { false }
        /// Each state of the tree under test by number, for `StateID.enclosing`.
        nonisolated(unsafe) static var tree: [Int: FSMMachine.State.Type] = [:]
        /// Exits this state and the states it lies inside, as long as they lie deeper than `depth`
        /// (a machine without parallel states).
        class func exitOutward(to depth: Int, _ context: FSMMachine, _ actions: any FSMMachineActions) {}
        /// Enters the states from just below `depth` down to this one, outermost first (a machine
        /// without parallel states).
        class func enterInward(below depth: Int, _ actions: any FSMMachineActions) {}
    }
}

/// Stands for `MHistory`.
enum FSMMachineHistory {
    case shallow, deep
}

/// Stands for `MTransition`, the transition table: here a table the test sets.
struct FSMMachineTransition {
    let source: FSMMachine.State.Type?
    let domain: FSMMachine.State.Type?
    let target: FSMMachine.State.Type?
    var history: FSMMachineHistory? = nil

    /// The table of the machine under test, by number.
    nonisolated(unsafe) static var table: [FSMMachineTransition] = []
    /// The direct steps of the machine under test, by number.
    nonisolated(unsafe) static var steps: [Int: (exits: Range<Int>, source: Int, insideSource: Range<Int>)] = [:]

    static func numbered(_ number: Int) -> FSMMachineTransition { table[number] }

    static func step(_ number: Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>) {
        guard let step = steps[number] else { preconditionFailure("no direct step for transition \(number)") }
        return step
    }
}

/// Stands for `MRuntime` of a machine without parallel states: its active leaf and history records.
struct FSMMachineLeafRuntime {
    var current: FSMMachine.State.Type
    var isFinished = false
    var history: [FSMMachine.StateID: FSMMachine.State.Type] = [:]
    var stack: [FSMMachine.State.Type] = []
}

/// Stands for `MRuntime` of a machine with parallel states: the stored properties the generator
/// declares, with room for `capacity` states.
struct FSMMachineRuntime {
    var configurationList: FixedList<FSMMachine.State.Type>
    var configuration: UnsafeMutableBufferPointer<FSMMachine.State.Type> { configurationList.elements }
    var leafList: FixedList<FSMMachine.State.Type>
    var leaves: UnsafeMutableBufferPointer<FSMMachine.State.Type> { leafList.elements }
    var history: [Int: [FSMMachine.State.Type]] = [:]
    let selectedList: FixedList<Int>
    var selected: UnsafeMutableBufferPointer<Int> { selectedList.elements }
    var selectedCount = 0
    var selectedExternal = false
    let examinedList: FixedList<Int>
    var examined: UnsafeMutableBufferPointer<Int> { examinedList.elements }
    var selection = 0
    var newConfiguration: FixedList<FSMMachine.State.Type>
    var newLeaves: FixedList<FSMMachine.State.Type>
    var rest = (configuration: 0, leaves: 0)

    init(configuration: [FSMMachine.State.Type], capacity: Int) {
        configurationList = FixedList(configuration, capacity: capacity)
        leafList = FixedList(
            configuration.filter { state in !configuration.contains { $0.parent?.number == state.number } },
            capacity: capacity)
        selectedList = FixedList([Int](repeating: 0, count: capacity), capacity: capacity)
        examinedList = FixedList([Int](repeating: 0, count: capacity + 1), capacity: capacity + 1)
        newConfiguration = FixedList([], capacity: capacity)
        newLeaves = FixedList([], capacity: capacity)
    }
}
