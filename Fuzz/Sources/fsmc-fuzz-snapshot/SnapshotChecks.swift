import FSMCore
import FSMRuntime
import Foundation

/// A finding: the input is a bug. Stops the process, so that libFuzzer keeps the input.
func finding(_ message: String) -> Never {
    fatalError("snapshot fuzzer finding: \(message)")
}

/// The checks of one generated machine against its model and the interpreter, on one input: the
/// input decoded by `JSONDecoder` into `M.Snapshot` and by `Snapshot.decode`, which must
/// agree; restored into the generated machine and into the interpreter, which must both throw the
/// same error or both give a valid snapshot, the same; then a short script, derived from the input,
/// played on both, which must record the same calls and end in the same valid snapshots.
@MainActor struct SnapshotChecks<M: FuzzedMachine> {
    let model: Model
    let validity: Validity

    init(model: Model) {
        self.model = model
        validity = Validity(model: model)
    }

    /// All the checks, on `bytes` and what `Snapshot.decode` made of them. Where the two
    /// decoders may differ (``DecodingDifferences``) and do, each side is checked alone.
    func check(_ bytes: [UInt8], interpreted: Result<FSMRuntime.Snapshot, JSONReadError>) {
        let decoded = try? JSONDecoder().decode(M.Snapshot.self, from: Data(bytes))
        switch (decoded, interpreted) {
        case (nil, .failure): return Tally.shared.count("\(M.name): neither decoder reads it")
        case (let snapshot?, .success(let read)) where snapshot.common == read:
            Tally.shared.count("\(M.name): both decoders read it")
            restore(snapshot, read, seed: fnv1a(bytes))
        case (let snapshot?, .failure(let error)):
            guard DecodingDifferences.whyOnlyJSONDecoderReads(bytes) != nil else {
                finding("JSONDecoder reads the snapshot, Snapshot.decode fails: \(error)")
            }
            Tally.shared.count("\(M.name): JSONDecoder alone reads it")
            restore(snapshot, nil, seed: fnv1a(bytes))
        case (let snapshot?, .success(let read)):
            guard DecodingDifferences.whyDecodersDiffer(bytes) != nil else {
                finding("JSONDecoder read \(snapshot.common), Snapshot.decode \(read)")
            }
            Tally.shared.count("\(M.name): the decoders read it differently")
            restore(snapshot, nil, seed: fnv1a(bytes))
        case (nil, .success(let read)):
            guard DecodingDifferences.whyDecodersDiffer(bytes) != nil else {
                finding("Snapshot.decode reads \(read), JSONDecoder nothing")
            }
            Tally.shared.count("\(M.name): Snapshot.decode alone reads it")
            if let interpreter = try? Interpreter(model: model, host: InterpreterRecorder(), restoring: read),
                let problem = validity.problem(in: interpreter.snapshot)
            {
                finding("the interpreter restored an invalid snapshot: \(problem) in \(interpreter.snapshot)")
            }
        }
    }

    /// Restores `snapshot` into the generated machine and, when `read` is what the interpreter
    /// read of the same input, into the interpreter too.
    private func restore(_ snapshot: M.Snapshot, _ read: FSMRuntime.Snapshot?, seed: UInt64) {
        let recorder = Recorder()
        let host = InterpreterRecorder()
        let machine: M
        do {
            machine = try M.restore(snapshot, recorder)
        } catch {
            let description = error.description
            let otherMachine = description.hasPrefix("the snapshot is of machine")
            Tally.shared.count("\(M.name): restore throws" + (otherMachine ? " (another machine)" : ""))
            guard !description.isEmpty else { finding("an empty RestoreError description") }
            guard let read else { return }
            do {
                _ = try Interpreter(model: model, host: host, restoring: read)
                finding("\(M.name) throws '\(description)', the interpreter restores")
            } catch {
                guard error.description == description else {
                    finding("\(M.name) throws '\(description)', the interpreter '\(error.description)'")
                }
            }
            return
        }
        guard recorder.lines.isEmpty else { finding("restoring ran \(recorder.lines)") }
        Tally.shared.count("\(M.name): restored")
        let restored = machine.snapshot
        check(restored, of: snapshot.common, after: "the restore")
        checkRoundTrip(restored)
        var interpreter: Interpreter?
        if let read {
            do {
                interpreter = try Interpreter(model: model, host: host, restoring: read)
            } catch {
                finding("\(M.name) restores, the interpreter throws '\(error.description)'")
            }
            guard host.lines.isEmpty else { finding("the interpreter's restore ran \(host.lines)") }
        }
        if let interpreter {
            Tally.shared.count("\(M.name): restored, and compared with the interpreter")
            compare(machine, interpreter, after: "the restore")
        }
        play(machine, interpreter, recorder, host, seed: seed)
    }

    /// `snapshot` is valid and, for the snapshot restored from `saved`, has its active states.
    private func check(_ snapshot: M.Snapshot, of saved: FSMRuntime.Snapshot? = nil, after what: String) {
        let common = snapshot.common
        if let problem = validity.problem(in: common) { finding("after \(what), invalid: \(problem) in \(common)") }
        guard let saved, saved.started else { return }
        let active = validity.indices(saved.activeStates).map { Array(Set($0)).sorted() }
        guard active == validity.indices(common.activeStates) else {
            finding("restored \(common.activeStates) from \(saved.activeStates)")
        }
    }

    /// The snapshot of a machine restored from `snapshot` is `snapshot` again, also through
    /// `JSONEncoder` and either decoder.
    private func checkRoundTrip(_ snapshot: M.Snapshot) {
        let recorder = Recorder()  // the machine holds its actions unowned
        do {
            let again = try M.restore(snapshot, recorder)
            guard again.snapshot == snapshot else { finding("restoring \(snapshot) gives \(again.snapshot)") }
        } catch {
            finding("the restored machine's snapshot does not restore: \(error.description)")
        }
        withExtendedLifetime(recorder) {}
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { finding("JSONEncoder fails on \(snapshot)") }
        guard (try? JSONDecoder().decode(M.Snapshot.self, from: data)) == snapshot,
            (try? FSMRuntime.Snapshot.decode(Array(data))) == snapshot.common
        else { finding("\(String(decoding: data, as: UTF8.self)) does not decode to \(snapshot)") }
    }

    /// The generated machine and the interpreter are in the same state and recorded the same calls.
    private func compare(_ machine: M, _ interpreter: Interpreter, after what: String) {
        let snapshot = machine.snapshot
        guard snapshot.common == interpreter.snapshot else {
            finding("after \(what): \(M.name) \(snapshot.common), the interpreter \(interpreter.snapshot)")
        }
        let running = interpreter.runningActivities.map { model.states[$0].name }
        guard machine.runningActivities.map(\.rawValue) == running else {
            finding("after \(what): activities running \(machine.runningActivities), the interpreter's \(running)")
        }
    }

    /// A script of a dozen operations, chosen by `seed`: events, time moved, running activities
    /// ended (returned, or thrown `offline` or `broken`) and `start()`, on both sides; after each,
    /// the same result, the same calls and the same valid snapshot.
    private func play(_ machine: M, _ interpreter: Interpreter?, _ recorder: Recorder, _ host: InterpreterRecorder, seed: UInt64)
    {
        var random = SplitMix(seed: seed)
        let events = Array(M.Event.allCases)
        for step in 0..<12 {
            let what: String
            var result = true
            var expected = true
            switch random.next(below: validity.hasTimers ? 10 : 8) {
            case 0:
                what = "start()"
                machine.start()
                interpreter?.start()
            case 1, 2:
                let running = machine.runningActivities
                guard !running.isEmpty else { continue }
                let state = running[random.next(below: running.count)]
                let error = [nil, "offline", "broken"][random.next(below: 3)]
                what = "ending \(state.rawValue)'s activity with \(error ?? "a return")"
                machine.end(state, failing: error)
                guard let index = model.states.firstIndex(where: { $0.name == state.rawValue }) else { finding(what) }
                if let error {
                    interpreter?.failActivity(of: index, with: .error(error))
                } else {
                    interpreter?.finishActivity(of: index)
                }
            case 8, 9:
                let nanoseconds = [0, 250_000_000, 700_000_000, 1_000_000_000, 3_100_000_000][random.next(below: 5)]
                what = "advancing \(nanoseconds) ns"
                machine.advance(nanoseconds: Int64(nanoseconds))
                interpreter?.advance(by: nanoseconds)
            default:
                let event = events[random.next(below: events.count)]
                what = "sending \(event.rawValue)"
                result = machine.send(event)
                guard let index = model.events.firstIndex(where: { $0.name == event.rawValue }) else { finding(what) }
                expected = interpreter?.send(EventOccurrence(event: index, arguments: [])) ?? result
            }
            let after = "step \(step), \(what)"
            check(machine.snapshot, after: after)
            guard let interpreter else { continue }
            if let failure = interpreter.failure { finding("after \(after), the interpreter stopped: \(failure)") }
            guard result == expected else { finding("after \(after): \(M.name) returned \(result), the interpreter \(expected)") }
            guard recorder.lines == host.lines else {
                finding("after \(after): \(M.name) called \(recorder.lines), the interpreter \(host.lines)")
            }
            compare(machine, interpreter, after: after)
            Tally.shared.count("\(M.name): script steps compared")
        }
    }
}

/// FNV-1a of the input: the seed of its script.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

/// SplitMix64: the scripts' and the seed corpus's choices.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// What the inputs came to, machine by machine, printed when the fuzzer exits (for
/// docs/Robustness.md): how many each decoder read, how many restores threw, how many restored,
/// how many of those were compared with the interpreter, and the script steps compared.
@MainActor final class Tally {
    static let shared = Tally()
    private var counts: [String: Int] = [:]

    func count(_ what: String) { counts[what, default: 0] += 1 }

    var report: String {
        counts.keys.sorted().map { "tally: \($0): \(counts[$0] ?? 0)" }.joined(separator: "\n")
    }
}
