// Machines that both the unit tests and the end-to-end tests use.

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

/// The two rules of completion that only parallel states can show: several completions are
/// pending at once only when several regions complete in one step. Each machine, with the answers
/// its guards give, in turn (then `false`).
///
/// `Left`: A's completion leaves P before B's turn, so B (no longer active) is skipped and its
/// guard never asked. `Incomplete`: R2 completed on entry (F2), then A's completion re-enters P
/// with R2 at Q: R2 is active but no longer complete when its turn comes, and is skipped. `Twice`:
/// A's completion re-enters B while B's first completion is pending, so B completes twice and
/// both are handled in turn (the first dropped, the second firing).
public let completionRuleMachines: [(source: String, answers: [String: [Bool]])] = [
    (
        """
        machine Left {
            initial P
            parallel state P {
                state R1 {
                    initial A
                    state A { [ga] / leave -> Out }
                }
                state R2 {
                    initial B
                    state B { [gb] / stay -> Out }
                }
            }
            state Out
        }
        """, ["ga": [true], "gb": [true]]
    ),
    (
        """
        machine Incomplete {
            initial P
            parallel state P {
                state R1 {
                    initial A
                    state A { [ga] -> Q }
                }
                state R2 {
                    initial F2
                    final state F2
                    state Q
                    [r2] / r2Done -> Out
                }
            }
            state Out
        }
        """, ["ga": [true, false], "r2": [true]]
    ),
    (
        """
        machine Twice {
            initial P
            parallel state P {
                state R1 {
                    initial A
                    state A { [ga] -> B }
                }
                state R2 {
                    initial B
                    state B {
                        entry / enterB
                        [gb] / hit -> C
                    }
                    state C
                }
            }
        }
        """, ["ga": [true, false], "gb": [false, true]]
    ),
]

/// What starting each of ``completionRuleMachines`` does, one after the other: the guards asked and
/// the actions run, then the machine's name and its active states.
public let completionRulesTranscript = """
    guard ga = true
    leave
    Left: Out
    guard ga = true
    guard ga = false
    Incomplete: P R1 A R2 Q
    enterB
    guard ga = true
    enterB
    guard gb = false
    guard ga = false
    guard gb = true
    hit
    Twice: P R1 A R2 C
    """
