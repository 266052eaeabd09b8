import DispatchMachines
import Testing

/// The comparison means something only if both machines of a shape do the same: same actions,
/// same guard calls, same results, same configurations, event by event.
@Test(arguments: dispatchShapes)
func generatedAndHandWrittenMachinesAgree(_ shape: DispatchShape) {
    let (generated, handWritten) = shape.transcripts(200_000)
    #expect(generated.count == handWritten.count)
    let firstDifference = zip(generated, handWritten).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(
        firstDifference == nil,
        "first difference at line \(firstDifference?.offset ?? -1): \(firstDifference.map { "\($0.element)" } ?? "")"
    )
    // The stream reaches every state, so every state's transitions are compared. A line's last
    // word is a configuration (or a guard's result); the distinct ones are few.
    let lastWords = Set(
        generated.map { line in line.utf8.lastIndex(of: UInt8(ascii: " ")).map { line[$0...].dropFirst() } ?? "" })
    let reached = Set(lastWords.flatMap { $0.split(separator: ",").map(String.init) })
    for state in shape.states {
        #expect(reached.contains(state), "\(shape) never in \(state)")
    }
}

/// A scenario measures what it says only if both machines do the same in it too, cycle by cycle.
@Test(arguments: dispatchScenarios)
func generatedAndHandWrittenMachinesAgreeInScenario(_ scenario: DispatchScenario) {
    let (generated, handWritten) = scenario.transcripts(1_000)
    #expect(generated == handWritten)
    #expect(generated.count > 1_000)
}

/// The snapshot benchmark measures what it says only if each operation does what it says: a new
/// player is in its initial state, a snapshot names the three active states, a restored player is
/// in Settings (and its snapshot is the one it was restored from: checked inside), run after run.
// Serialized: the operations keep what they made in the same globals.
@Test(.serialized, arguments: playerSnapshotOperations)
func snapshotOperationsDoWhatTheySay(_ operation: SnapshotOperation) {
    let expected = ["Player/init": 0, "Player/snapshot": 3 * 3, "Player/restore": 3 * 1]
    let run = operation.runs(3)
    #expect(run() == expected[operation.name])
    #expect(run() == expected[operation.name])
}
