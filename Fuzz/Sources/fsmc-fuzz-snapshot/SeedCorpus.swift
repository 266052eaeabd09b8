import FSMCore
import Foundation

/// The seed corpus of one machine: the snapshots of fresh machines played by random scripts (valid
/// ones, of every state the scripts reach), and each of them changed once and twice by
/// ``SnapshotMutations``, as `JSONEncoder` writes them with sorted keys.
@MainActor struct SeedCorpus<M: FuzzedMachine> {
    func snapshots() -> [Data] {
        var random = SplitMix(seed: fnv1a(Array(M.name.utf8)))
        var valid: [M.Snapshot] = []
        for _ in 0..<8 {
            let recorder = Recorder()  // the machine holds its actions unowned
            let machine = M.make(recorder)
            for _ in 0..<12 {
                let snapshot = machine.snapshot
                if !valid.contains(snapshot) { valid.append(snapshot) }
                step(machine, &random)
            }
            withExtendedLifetime(recorder) {}
        }
        var snapshots = valid.map(\.common)
        for snapshot in valid.map(\.common) {
            snapshots.append(snapshotMutations.mutated(snapshot, &random))
            snapshots.append(snapshotMutations.mutated(snapshotMutations.mutated(snapshot, &random), &random))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return snapshots.compactMap { try? encoder.encode(M.Snapshot($0)) }
    }

    /// One random operation of a script: `start()`, an event, time moved, an activity ended.
    private func step(_ machine: M, _ random: inout SplitMix) {
        switch random.next(below: 10) {
        case 0: machine.start()
        case 1, 2: machine.advance(nanoseconds: [0, 300_000_000, 1_000_000_000][random.next(below: 3)])
        case 3, 4:
            let running = machine.runningActivities
            guard !running.isEmpty else { return }
            machine.end(running[random.next(below: running.count)], failing: [nil, "offline", "broken"][random.next(below: 3)])
        default:
            let events = Array(M.Event.allCases)
            _ = machine.send(events[random.next(below: events.count)])
        }
    }
}

/// A libFuzzer dictionary: the snapshot's keys, JSON's words, the machines' and their states' names
/// in quotes, and numbers at the limits.
func dictionary(of models: [Model]) -> String {
    var words = ["activeStates", "finished", "history", "machine", "stack", "started", "timers", "index"]
    words += ["remainingNanoseconds", "state"]
    words += models.flatMap { [$0.name] + $0.states.map(\.name) }
    var entries = words.map { "\"\\\"\($0)\\\"\"" }
    entries += ["true", "false", "null", "9223372036854775807", "-9223372036854775808", "-1", "1e3", "1.0"].map { "\"\($0)\"" }
    return entries.joined(separator: "\n") + "\n"
}
