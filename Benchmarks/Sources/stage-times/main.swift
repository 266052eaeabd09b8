// Times each stage of the compiler on synthetic machines: `swift run -c release stage-times [--parallel] [N...]`.
import FSMCore
import Foundation
import SyntheticMachines

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)  // CPU time: the figures hold on a busy machine
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func peakResidentMB() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
        return Double(usage.ru_maxrss) / 1024
    #else
        return Double(usage.ru_maxrss) / 1024 / 1024
    #endif
}

// `stage-times --parallel N...` times the machine whose blocks are parallel states.
let parallel = CommandLine.arguments.contains("--parallel")

// `stage-times --source N [--parallel]` prints the synthetic machine of N states instead (for
// scripts/bench-swiftc, and to compare the Swift that two versions of fsmc generate for it).
if let flag = CommandLine.arguments.firstIndex(of: "--source"), flag + 1 < CommandLine.arguments.count,
    let size = Int(CommandLine.arguments[flag + 1])
{
    print(SyntheticMachine.source(states: size, parallel: parallel), terminator: "")
    exit(0)
}
let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print("states    bytes        front end  swift      dot        total      mermaid    swift bytes   peak RSS")
for size in sizes.isEmpty ? [100, 1_000, 10_000, 50_000] : sizes {
    let text = SyntheticMachine.source(states: size, parallel: parallel)
    let bytes = Array(text.utf8)
    let t0 = now()
    let compilation = Compilation(path: "Synthetic.fsm", bytes: bytes)
    let t1 = now()
    guard let model = compilation.model else {
        print("error: \(compilation.diagnostics.first.map { "\($0)" } ?? "no model")")
        exit(1)
    }
    let swift = SwiftEmitter.emit(model, sourceName: "Synthetic.fsm", access: .internal)
    let t2 = now()
    let dot = DOTEmitter.emit(model)
    precondition(!dot.isEmpty)
    let t3 = now()
    // Mermaid is timed too, outside the total (the issue's pipeline is parse, check, Swift, DOT).
    let mermaid = MermaidEmitter.emit(model)
    precondition(!mermaid.isEmpty)
    let t4 = now()
    func ms(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }
    let columns: [String] = [
        String(format: "%-9d %-12d", size, bytes.count),
        ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t3 - t0), ms(t4 - t3),
        String(format: "%-13d %.0f MB", swift.utf8.count, peakResidentMB()),
    ]
    print(columns.joined(separator: " "))
}
