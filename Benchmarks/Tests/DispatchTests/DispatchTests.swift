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
    // The stream reaches every state, so every state's transitions are compared.
    var reached: Set<String> = []
    for line in generated {
        guard let configuration = line.split(separator: " in ").last, line.contains(" -> ") else { continue }
        reached.formUnion(configuration.split(separator: ",").map(String.init))
    }
    for state in shape.states {
        #expect(reached.contains(state), "\(shape) never in \(state)")
    }
}
