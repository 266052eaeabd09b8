/// Synthetic `.fsm` sources for the throughput benchmarks: machines of any multiple of 100 states
/// shaped like a large hand-written chart, not like a worst case.
///
/// The machine is made of blocks of 100 states. Block `b` is a composite `R<b>` holding nine
/// composites `G<b>_<j>`, each holding ten leaves `S<b>_<j>_<k>`. Every leaf declares five
/// transitions: a guarded one with an effect to a sibling, an internal one, one to a cousin
/// composite, a guarded one with two effects to the next block, and a `push` into that block's
/// second group; composites have entry and exit activities and transitions of their own. Each block
/// has its own ten actions, so the actions protocol grows with the machine; guards and events are
/// shared (ten guards, thirty-one events).
///
/// With `parallel`, each block is a parallel state whose nine groups are its regions (no `initial`),
/// and `push`/`pop`, which a machine with parallel states cannot use, become plain transitions: the
/// same sizes for the checks and the generated code of regions. Transitions between groups then
/// leave the block, so regions preempt each other and the checker warns about it, many times.
public enum SyntheticMachine {
    /// The number of states in one block.
    public static let blockSize = 100

    /// The source of a machine of `states` states (rounded up to a multiple of 100).
    public static func source(states: Int, parallel: Bool = false) -> String {
        let blocks = max(1, (states + blockSize - 1) / blockSize)
        var out = ""
        out.reserveCapacity(blocks * 12_000)
        out += "/// A synthetic machine of \(blocks * blockSize) states.\n"
        out += "machine Synthetic\(blocks * blockSize) {\n"
        for k in 0..<10 {
            out += "    event e\(k)(x: Int)\n"
            out += "    event h\(k)(x: Int, y: Int)\n"
        }
        out += "\n    initial R0\n"
        out += parallel ? "    back -> R0\n\n" : "    back -> pop\n\n"
        for b in 0..<blocks {
            let next = (b + 1) % blocks
            out += "    /// Block \(b).\n"
            out += parallel ? "    parallel state R\(b) {\n" : "    state R\(b) {\n        initial G\(b)_0\n"
            out += "        entry / enter\(b)(block: \(b))\n"
            out += "        reset\(b % 10) -> R\(b)\n\n"
            for j in 0..<9 {
                let cousin = (j + 1) % 9
                out += "        state G\(b)_\(j) {\n"
                out += "            initial S\(b)_\(j)_0\n"
                out += "            entry / act\(b)_\(j)(x: \(j))\n"
                out += "            exit / act\(b)_9(x: \(j)), log(message: \"leaving G\(b)_\(j)\")\n"
                out += "            f\(j) [ok\(j)(x: \(j))] -> G\(b)_\(cousin)\n"
                out += "            tick / count\n\n"
                for k in 0..<10 {
                    let sibling = (k + 1) % 10
                    out += "            state S\(b)_\(j)_\(k) {\n"
                    if k % 3 == 0 { out += "                entry / act\(b)_\(k)(x: \(k))\n" }
                    out += "                e\(k) [ok\(k)(x) && !ok\(sibling)(x)] / act\(b)_\(k)(x) -> S\(b)_\(j)_\(sibling)\n"
                    out += "                e\(sibling) / act\(b)_\(sibling)(x)\n"
                    out += "                g\(k) -> G\(b)_\(cousin)\n"
                    out +=
                        "                h\(k) [ok\(k)(x: y) || ok\(sibling)(x)] / act\(b)_\(k)(x), log(message: \"jump\") -> R\(next)\n"
                    out += parallel ? "                help -> G\(next)_1\n" : "                help -> push G\(next)_1\n"
                    out += "            }\n"
                }
                out += "        }\n"
            }
            out += "    }\n\n"
        }
        out += "}\n"
        return out
    }
}
