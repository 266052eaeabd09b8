/// The check of transitions that leave a parallel state from one of its regions while another
/// region handles the same event.
extension ModelChecks {
    /// A region's transition that leaves its parallel state exits every state of every region, so it
    /// conflicts (section 4c) with any transition with a target that an earlier region selects for
    /// the same event; that one is selected first, and the later, never more specific, is dropped.
    /// Warned at the later one, with a note at the earlier region's:
    /// - always when the earlier one stays inside the parallel state: the machine does not leave it;
    /// - when both leave it, if the dropped one has another target or effects of its own. The same
    ///   target without effects (`failure -> Error` in every region) is the usual way to leave from
    ///   any region.
    static func checkPreemptionByRegions(_ model: Model, diagnostics: inout DiagnosticEngine) {
        for (parallel, state) in model.states.enumerated() where state.isParallel {
            func leaves(_ transition: Model.Transition) -> Bool {
                transition.domain.map { !model.isDescendant($0, of: parallel) } ?? true
            }
            // The event transitions with a target of the regions seen so far, in document order, with
            // the region of each.
            var earlier: [(transition: Model.Transition, region: Int)] = []
            for region in model.children(of: parallel) {
                var own: [(transition: Model.Transition, region: Int)] = []
                for index in model.states.indices where model.isDescendant(index, of: region) {
                    for transition in model.states[index].transitions
                    where transition.event != nil && transition.target.state != nil {
                        own.append((transition, region))
                        guard leaves(transition) else { continue }
                        let winner = earlier.first { other in
                            other.transition.event == transition.event
                                && (!leaves(other.transition) || other.transition.target != transition.target
                                    || !transition.effects.isEmpty)
                        }
                        guard let winner, let event = transition.event else { continue }
                        diagnostics.emit(
                            .preemptedByRegion(
                                model.events[event].name, parallel: state.name, region: model.states[winner.region].name,
                                bothLeave: leaves(winner.transition), at: transition.range, winner: winner.transition.range))
                    }
                }
                earlier += own
            }
        }
    }
}
