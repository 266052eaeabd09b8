import CFuzzerDriver
import FSMCore
import FSMRuntime
import Foundation

/// The folder of the machines' `.fsm` files and their generated Swift.
let machinesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Machines")

/// The models of the four machines, compiled from `Machines/<name>/<name>.fsm`.
let models = ["FuzzLeaf", "FuzzRegions", "FuzzTimers", "FuzzActivities"].map { name in
    let path = machinesFolder.appendingPathComponent("\(name)/\(name).fsm").path
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
    guard let model = Compilation(path: path, bytes: Array(data)).model else { fatalError("\(path) has errors") }
    return model
}

/// Changes to snapshots, the ways a stale or tampered one differs from what its machine would
/// write: another machine, states unknown, missing, repeated or out of order, a plausible
/// configuration that may miss a region, history records, stack entries and timers that do not
/// fit, numbers at their limits. The seed corpus mutates valid snapshots with them, and the custom
/// mutator (below) mutates the inputs that are snapshots.
struct SnapshotMutations {
    let models: [Model]
    private let names: [String]

    init(models: [Model]) {
        self.models = models
        names = models.flatMap { [$0.name] + $0.states.map(\.name) } + ["Gone", ""]
    }

    private func name(_ random: inout SplitMix) -> String { names[random.next(below: names.count)] }

    /// `snapshot` changed in one way.
    func mutated(_ snapshot: FSMRuntime.Snapshot, _ random: inout SplitMix) -> FSMRuntime.Snapshot {
        var result = snapshot
        let active = result.activeStates.count
        switch random.next(below: 16) {
        case 0: result.machine = random.next(below: 8) == 0 ? name(&random) : models[random.next(below: models.count)].name
        case 1: result.started.toggle()
        case 2: result.finished.toggle()
        case 3: if active > 0 { result.activeStates.remove(at: random.next(below: active)) }
        case 4: result.activeStates.insert(name(&random), at: random.next(below: active + 1))
        case 5: if active > 0 { result.activeStates[random.next(below: active)] = name(&random) }
        case 6: if active > 0 { result.activeStates.append(result.activeStates[random.next(below: active)]) }
        case 7: result.activeStates = random.next(below: 2) == 0 ? result.activeStates.reversed() : []
        case 8: result.activeStates = plausibleConfiguration(of: result.machine, &random)
        case 9: result.history[name(&random)] = (0..<random.next(below: 4)).map { _ in name(&random) }
        case 10:
            if let key = result.history.keys.randomElement(using: &random) {
                result.history[key] = random.next(below: 2) == 0 ? nil : plausibleConfiguration(of: result.machine, &random)
            }
        case 11:
            if result.stack.isEmpty || random.next(below: 2) == 0 {
                result.stack.insert(name(&random), at: random.next(below: result.stack.count + 1))
            } else {
                result.stack.remove(at: random.next(below: result.stack.count))
            }
        case 12, 13:
            result.timers.insert(
                FSMRuntime.Snapshot.ArmedTimer(
                    state: random.next(below: 4) == 0 ? nil : name(&random), index: index(&random),
                    remainingNanoseconds: remaining(&random)),
                at: random.next(below: result.timers.count + 1))
        default:
            guard !result.timers.isEmpty else { break }
            let timer = random.next(below: result.timers.count)
            switch random.next(below: 4) {
            case 0: result.timers.remove(at: timer)
            case 1: result.timers[timer].index = index(&random)
            case 2: result.timers[timer].remainingNanoseconds = remaining(&random)
            default: result.timers.append(result.timers[timer])
            }
        }
        return result
    }

    private func index(_ random: inout SplitMix) -> Int {
        [-1, 0, 1, 2, 3, Int.max, Int.max - 1, Int.min][random.next(below: 8)]
    }

    private func remaining(_ random: inout SplitMix) -> Int64 {
        [-1, 0, 1, 700_000_000, Int64.max, Int64.max - 1, Int64.min][random.next(below: 7)]
    }

    /// A state of the machine named `machine` (or of any) with its ancestors, in document order: a
    /// configuration when no parallel state is among them.
    private func plausibleConfiguration(of machine: String, _ random: inout SplitMix) -> [String] {
        let model = models.first { $0.name == machine } ?? models[random.next(below: models.count)]
        let state = random.next(below: model.states.count)
        return model.ancestry(of: state).reversed().map { model.states[$0].name }
    }

    /// `snapshot` as `JSONEncoder` writes it: with sorted keys, pretty-printed, or as declared.
    func encoded(_ snapshot: FSMRuntime.Snapshot, _ random: inout SplitMix) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [[.sortedKeys], [.prettyPrinted, .sortedKeys], []][random.next(below: 3)]
        return (try? encoder.encode(snapshot)).map(Array.init) ?? []
    }
}

let snapshotMutations = SnapshotMutations(models: models)

/// libFuzzer's custom mutator: three times in four, an input that is a snapshot is changed as a
/// snapshot (one to three ``SnapshotMutations``, written again by `JSONEncoder`), so that most
/// inputs stay JSON that both decoders read and the restores are explored; otherwise, and for an
/// input that is no snapshot, libFuzzer's own byte-level mutations.
@_cdecl("LLVMFuzzerCustomMutator")
func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix(seed: UInt64(seed))
    if random.next(below: 4) != 0,
        let snapshot = try? FSMRuntime.Snapshot.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    {
        var mutated = snapshot
        for _ in 0...random.next(below: 3) { mutated = snapshotMutations.mutated(mutated, &random) }
        let bytes = snapshotMutations.encoded(mutated, &random)
        if !bytes.isEmpty, bytes.count <= maxSize {
            bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: bytes.count) }
            return bytes.count
        }
    }
    return fsmc_fuzzer_mutate(data, size, maxSize)
}

extension SplitMix: RandomNumberGenerator {}
