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
    ///
    /// One pass over the transitions in document order, in which each parallel state's regions come
    /// one after the other: for each parallel state and event, what the regions before the current
    /// one hold, kept small (``EarlierRegions``), so that a machine of any size is checked in time
    /// proportional to its transitions times its depth.
    static func checkPreemptionByRegions(_ model: Model, diagnostics: inout DiagnosticEngine) {
        guard model.hasParallelStates else { return }
        var regions: [ParallelEvent: EarlierRegions] = [:]
        for (source, state) in model.states.enumerated() {
            for transition in state.transitions {
                guard let event = transition.event, transition.target.state != nil else { continue }
                forEachParallelState(around: source, in: model) { parallel, region in
                    let leaves = leavesParallelState(transition, parallel, in: model)
                    let key = ParallelEvent(parallel: parallel, event: event)
                    var earlier = regions[key] ?? EarlierRegions()
                    earlier.move(to: region)
                    if leaves, let winner = earlier.winner(against: transition) {
                        diagnostics.emit(
                            .preemptedByRegion(
                                model.events[event].name, parallel: model.states[parallel].name,
                                region: model.states[winner.region].name, bothLeave: winner.leaves,
                                at: transition.range, winner: winner.transition.range))
                    }
                    earlier.note(transition, leaves: leaves)
                    regions[key] = earlier
                }
            }
        }
    }

    /// Calls `body` with each parallel state around `state`, innermost first, and the region of it
    /// (its child) that `state` is in.
    static func forEachParallelState(around state: Int, in model: Model, _ body: (_ parallel: Int, _ region: Int) -> Void) {
        var region = state
        while let parallel = model.states[region].parent {
            if model.states[parallel].isParallel { body(parallel, region) }
            region = parallel
        }
    }

    /// Whether `transition`, declared inside `parallel`, leaves it: its domain is around it (a
    /// parallel state is never a domain), so it exits every region.
    static func leavesParallelState(_ transition: Model.Transition, _ parallel: Int, in model: Model) -> Bool {
        transition.target.state != nil && (transition.domain.map { !model.isDescendant($0, of: parallel) } ?? true)
    }

    /// For each parallel state, the regions holding a state of `states` with a transition that leaves
    /// it: a state in any other region can be left by that transition.
    static func regionsLeaving(from states: Set<Int>, in model: Model) -> [Int: Set<Int>] {
        var regions: [Int: Set<Int>] = [:]
        for source in states {
            for transition in model.states[source].transitions {
                forEachParallelState(around: source, in: model) { parallel, region in
                    if leavesParallelState(transition, parallel, in: model) { regions[parallel, default: []].insert(region) }
                }
            }
        }
        return regions
    }

    private struct ParallelEvent: Hashable {
        var parallel: Int
        var event: Int
    }

    /// A transition of a region, and whether it leaves the parallel state.
    private struct RegionTransition {
        var transition: Model.Transition
        var region: Int
        var leaves: Bool
    }

    /// For one parallel state and event: the transitions (with a target) of the regions before the
    /// current one that can win against a later region's, and the current region's so far, which
    /// join them when the next region starts. Of each kind only the first in document order is kept
    /// (that is the one a warning names): the first that stays inside, the first that leaves, and
    /// the first that leaves for another target than that one.
    private struct EarlierRegions {
        var current: Int?
        var committed = Firsts()
        var pending = Firsts()

        struct Firsts {
            var staying: RegionTransition?
            var leaving: RegionTransition?
            var leavingElsewhere: RegionTransition?

            mutating func note(_ candidate: RegionTransition) {
                if !candidate.leaves {
                    if staying == nil { staying = candidate }
                } else if let first = leaving {
                    if leavingElsewhere == nil && candidate.transition.target != first.transition.target {
                        leavingElsewhere = candidate
                    }
                } else {
                    leaving = candidate
                }
            }
        }

        mutating func move(to region: Int) {
            guard region != current else { return }
            for candidate in [pending.staying, pending.leaving, pending.leavingElsewhere].compactMap(\.self) {
                committed.note(candidate)
            }
            pending = Firsts()
            current = region
        }

        mutating func note(_ transition: Model.Transition, leaves: Bool) {
            pending.note(RegionTransition(transition: transition, region: current ?? -1, leaves: leaves))
        }

        /// The earliest transition of an earlier region that drops `transition` (one that leaves)
        /// and makes a difference: any that stays inside; one that leaves, if `transition` has effects
        /// or another target.
        func winner(against transition: Model.Transition) -> RegionTransition? {
            var leaving = committed.leaving
            if transition.effects.isEmpty, leaving?.transition.target == transition.target {
                leaving = committed.leavingElsewhere
            }
            return [committed.staying, leaving].compactMap(\.self).min {
                $0.transition.range.start < $1.transition.range.start
            }
        }
    }
}
