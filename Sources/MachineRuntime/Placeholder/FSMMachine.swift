// The declarations a generated machine `M` with parallel states makes that its run-time code
// (Runtime/) reads, written by hand for a placeholder machine named `FSMMachine`, so that the
// package's build type-checks the run-time code and the unit tests (Tests/MachineRuntimeTests) run
// it on trees of their own. The Swift generator writes these for each machine (FSMCore's
// SwiftMachineEmitter); when the run-time code is copied into a machine's file, `FSMMachine`
// becomes `M` (`FSMMachineRuntime` becomes `MRuntime`). Not
// copied: only Runtime/ is.

/// Stands for the machine class.
enum FSMMachine {
    /// Stands for the machine's states: a state's number.
    struct StateID: Hashable, Sendable {
        let number: Int
    }

    /// A state, as the run-time code sees it: a class never instantiated, whose class members
    /// describe its place in the tree. A test builds a tree of subclasses.
    class State {
        class var id: StateID { StateID(number: number) }
        class var number: Int { preconditionFailure("every state overrides number") }
        class var parent: FSMMachine.State.Type? { nil }
        class var isParallel: Bool { false }
    }
}

/// Stands for `MRuntime` of a machine with parallel states: the stored properties the generator
/// declares, with room for `capacity` states.
struct FSMMachineRuntime {
    var configurationList: FixedList<FSMMachine.State.Type>
    var configuration: UnsafeMutableBufferPointer<FSMMachine.State.Type> { configurationList.elements }
    var leafList: FixedList<FSMMachine.State.Type>
    var leaves: UnsafeMutableBufferPointer<FSMMachine.State.Type> { leafList.elements }
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

    /// The direct steps of the machine under test, by number: the table the generator writes.
    nonisolated(unsafe) static var steps: [Int: (exits: Range<Int>, source: Int, insideSource: Range<Int>)] = [:]

    static func step(_ number: Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>) {
        guard let step = steps[number] else { preconditionFailure("no direct step for transition \(number)") }
        return step
    }

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
