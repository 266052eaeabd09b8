import FSMCore
import FSMRuntime

/// The fields of a snapshot, to read and make one without knowing its machine. Every generated
/// machine's `Snapshot` is FSMRuntime's, which conforms as it is.
protocol GeneratedSnapshot: Codable, Hashable {
    associatedtype Timer: GeneratedTimer
    var machine: String { get }
    var started: Bool { get }
    var finished: Bool { get }
    var activeStates: [String] { get }
    var history: [String: [String]] { get }
    var stack: [String] { get }
    var timers: [Timer] { get }
    init(
        machine: String, started: Bool, finished: Bool, activeStates: [String], history: [String: [String]],
        stack: [String], timers: [Timer])
}

/// The fields of a generated `Snapshot.ArmedTimer`.
protocol GeneratedTimer: Codable, Hashable {
    var state: String? { get }
    var index: Int { get }
    var remainingNanoseconds: Int64 { get }
    init(state: String?, index: Int, remainingNanoseconds: Int64)
}

extension GeneratedSnapshot {
    /// The same snapshot as FSMRuntime's type, which the interpreter takes too, field for field.
    var common: FSMRuntime.Snapshot {
        FSMRuntime.Snapshot(
            machine: machine, started: started, finished: finished, activeStates: activeStates, history: history,
            stack: stack,
            timers: timers.map {
                FSMRuntime.Snapshot.ArmedTimer(state: $0.state, index: $0.index, remainingNanoseconds: $0.remainingNanoseconds)
            })
    }

    init(_ snapshot: FSMRuntime.Snapshot) {
        self.init(
            machine: snapshot.machine, started: snapshot.started, finished: snapshot.finished,
            activeStates: snapshot.activeStates, history: snapshot.history, stack: snapshot.stack,
            timers: snapshot.timers.map {
                Timer(state: $0.state, index: $0.index, remainingNanoseconds: $0.remainingNanoseconds)
            })
    }
}

/// A generated machine under the snapshot fuzzer: made fresh or restored with a ``Recorder`` for
/// its actions (manual timing and `.manual` activities where it has them), and driven by name.
@MainActor protocol FuzzedMachine: AnyObject {
    associatedtype Snapshot: GeneratedSnapshot
    associatedtype RestoreError: Error, CustomStringConvertible
    associatedtype StateID: RawRepresentable<String>, CaseIterable, Equatable
    associatedtype Event: RawRepresentable<String>, CaseIterable

    static func make(_ recorder: Recorder) -> Self
    static func restore(_ snapshot: Snapshot, _ recorder: Recorder) throws(RestoreError) -> Self

    var snapshot: Snapshot { get }
    var isFinished: Bool { get }
    func start()
    func send(_ event: Event) -> Bool
    /// `advanceTime(by:)`; nothing in a machine without timers.
    func advance(nanoseconds: Int64)
    /// `[]` in a machine without activities.
    var runningActivities: [StateID] { get }
    /// `failActivity(of:with:)` with a ``ScriptError`` of that name, `finishActivity(of:)` without.
    func end(_ state: StateID, failing error: String?)
}

extension FuzzedMachine {
    /// The machine's name: its `.fsm` file is `Machines/<name>/<name>.fsm`.
    static var name: String { String(describing: Self.self) }

    func advance(nanoseconds: Int64) {}
    var runningActivities: [StateID] { [] }
    func end(_ state: StateID, failing error: String?) { preconditionFailure("\(Self.name) has no activities") }
}

extension FSMRuntime.Snapshot: GeneratedSnapshot {}
extension FSMRuntime.Snapshot.ArmedTimer: GeneratedTimer {}

extension FuzzLeaf: FuzzedMachine {
    static func make(_ recorder: Recorder) -> Self { Self(actions: recorder) }
    static func restore(_ snapshot: Snapshot, _ recorder: Recorder) throws(RestoreError) -> Self {
        try Self(actions: recorder, restoring: snapshot)
    }

    func send(_ event: Event) -> Bool {
        switch event {
        case .go: go()
        case .side: side()
        case .menu: menu()
        case .swap: swap()
        case .next: next()
        case .finish: finish()
        case .back: back()
        }
    }
}

extension FuzzRegions: FuzzedMachine {
    static func make(_ recorder: Recorder) -> Self { Self(actions: recorder) }
    static func restore(_ snapshot: Snapshot, _ recorder: Recorder) throws(RestoreError) -> Self {
        try Self(actions: recorder, restoring: snapshot)
    }

    func send(_ event: Event) -> Bool {
        switch event {
        case .go: go()
        case .side: side()
        case .back: back()
        case .leave: leave()
        case .next: next()
        case .swap: swap()
        case .finish: finish()
        }
    }
}

extension FuzzTimers: FuzzedMachine {
    static func make(_ recorder: Recorder) -> Self { Self(actions: recorder, timing: .manual) }
    static func restore(_ snapshot: Snapshot, _ recorder: Recorder) throws(RestoreError) -> Self {
        try Self(actions: recorder, restoring: snapshot, timing: .manual)
    }

    func send(_ event: Event) -> Bool {
        switch event {
        case .go: go()
        case .menu: menu()
        case .next: next()
        case .back: back()
        case .finish: finish()
        }
    }

    func advance(nanoseconds: Int64) { advanceTime(by: .nanoseconds(nanoseconds)) }
}

extension FuzzActivities: FuzzedMachine {
    static func make(_ recorder: Recorder) -> Self { Self(actions: recorder, timing: .manual, activities: .manual) }
    static func restore(_ snapshot: Snapshot, _ recorder: Recorder) throws(RestoreError) -> Self {
        try Self(actions: recorder, restoring: snapshot, timing: .manual, activities: .manual)
    }

    func send(_ event: Event) -> Bool {
        switch event {
        case .open: `open`()
        case .back: back()
        case .cancel: cancel()
        case .reload: reload()
        case .retry: retry()
        }
    }

    func advance(nanoseconds: Int64) { advanceTime(by: .nanoseconds(nanoseconds)) }

    func end(_ state: StateID, failing error: String?) {
        if let error {
            failActivity(of: state, with: ScriptError(name: error))
        } else {
            finishActivity(of: state)
        }
    }
}
