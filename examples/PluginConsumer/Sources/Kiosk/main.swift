// Runs the kiosk once and lists the events after which an observer of the screen's state was told
// of a change: an internal transition (`pick`) changes nothing an observer sees.
import Observation

// Observation's onChange may run on any thread: the flag is not main-actor-isolated.
nonisolated final class Flag: @unchecked Sendable {
    var raised = false
}

let model = KioskModel()
let screen = model.screen
var changedOn: [String] = []
for (event, send) in [("touch", screen.touch), ("pick", screen.pick), ("pick", screen.pick), ("checkout", screen.checkout), ("paid", screen.paid)] {
    let changed = Flag()
    withObservationTracking {
        _ = screen.state
    } onChange: {
        changed.raised = true
    }
    _ = send()
    if changed.raised { changedOn.append(event) }
}
for line in model.log { print(line) }
print("screen: \(screen.state), basket: \(model.basket), changes seen after: \(changedOn.joined(separator: ", "))")
