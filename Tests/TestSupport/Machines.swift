/// Machines that the unit tests read as text and the end-to-end tests compile and run.

/// The machine `Wide`: from `Idle`, events `go1`… `go<transitions>` enter the parallel state `Hall`
/// of `regions` composite regions `R1`…, each of which starts in `A<n>` and goes on `next` to
/// `B<n>`; `go<k>` enters region k at `B<k>`. Each `go` enters 1 + 2 × `regions` states, and each
/// a different set; each `next` enters one. Every leaf, `Idle` and `Hall` log their entry.
public func wideMachine(regions: Int, transitions: Int) -> String {
    var lines = ["machine Wide {", "    initial Idle", "    state Idle {", "        entry / log(s: \"Idle\")"]
    lines += (1...transitions).map { "        go\($0) -> B\($0)" }
    lines += ["    }", "    parallel state Hall {", "        entry / log(s: \"Hall\")", "        back -> Idle"]
    for region in 1...regions {
        lines += [
            "        state R\(region) {",
            "            initial A\(region)",
            "            state A\(region) {",
            "                entry / log(s: \"A\(region)\")",
            "                next -> B\(region)",
            "            }",
            "            state B\(region) { entry / log(s: \"B\(region)\") }",
            "        }",
        ]
    }
    return (lines + ["    }", "}"]).joined(separator: "\n") + "\n"
}
