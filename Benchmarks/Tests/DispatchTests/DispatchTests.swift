import PlayerMachines
import Testing

/// The comparison means something only if both machines do the same: same actions, same guard
/// calls, same results, same states, event by event.
@Test func generatedAndHandWrittenPlayersAgree() {
    let events = playerEventStream(count: 200_000)
    let (generated, handWritten) = playerTranscripts(events)
    #expect(generated.count == handWritten.count)
    let firstDifference = zip(generated, handWritten).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(firstDifference == nil, "first difference at line \(firstDifference?.offset ?? -1)")
    // The stream exercises every state and the menu's push and pop.
    for state in ["off", "standby", "idle", "buffering", "playing", "paused", "main", "settings"] {
        #expect(generated.contains { $0.hasSuffix(" in \(state)") }, "never in \(state)")
    }
}
