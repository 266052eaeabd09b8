/// The direct step of a machine with regions: the step (section 4c) for selected transitions whose
/// exits and entries are known in advance, which the generated code carries out without building,
/// looking up or allocating anything.
///
/// States are numbered in document order, so the states inside a state are the ones numbered
/// from just after it to its last descendant: a range. What a transition exits (the active states
/// inside its domain) is the active states in its domain's range, and two transitions' exits meet
/// exactly when those ranges overlap (domains are nested or apart, and every domain holds an active
/// state: the source). Conflicts (SCXML's removeConflictingTransitions) are then a comparison of
/// ranges. What a transition enters is fixed when it enters no history and enters no final state
/// (whose completions depend on the other regions): the activities are called directly, and the
/// entered states take the place of the exited ones in the configuration and the leaves, both kept
/// in document order. Transitions that kept do not conflict have domains apart, so their entries,
/// taken by domain in document order, are in document order.
///
/// Transitions that exit a state recording history, or enter by history, go through the general
/// step; so does every step of an observable machine, which compares configurations to tell its
/// observers only of a change.
public struct DirectStep: Sendable, Hashable {
    /// The states it exits when active (empty for an internal transition).
    public let exits: Range<Int>
    /// Its source (-1: the machine) and the states inside its source.
    public let source: Int
    public let insideSource: Range<Int>
    /// The states it enters, in document order (none for an internal transition).
    public let entered: [Int]

    /// The most states one direct step enters: a transition that enters more takes the general step,
    /// so that the generated file grows with the transitions written, not with them times the states.
    public static let entryLimit = 64

    /// The states inside each state, as a range of numbers: each state's children's ranges, each with
    /// the child, follow one another from just after it. `nil` when they do not (never for a parsed
    /// file, whose states nest in document order). One pass, from the last state to the first.
    static func insideRanges(_ model: Model) -> [Range<Int>]? {
        var ranges = model.states.indices.map { $0 + 1..<$0 + 1 }
        for index in model.states.indices.reversed() {
            var end = index + 1
            for child in model.states[index].children {
                guard child == end else { return nil }
                end = ranges[child].upperBound
            }
            ranges[index] = index + 1..<end
        }
        return ranges
    }

    /// The direct step of each transition of `model` that has one, by number.
    static func steps(_ model: Model) -> [Int: DirectStep] {
        guard let inside = insideRanges(model) else { return [:] }
        // How many of the states before each number record history: a range holds one when the
        // counts at its ends differ.
        var recordingBefore = [0]
        for state in model.states { recordingBefore.append(recordingBefore.last! + (state.recordsHistory ? 1 : 0)) }
        var steps: [Int: DirectStep] = [:]
        for (number, transition) in model.allTransitions.enumerated() {
            let source = transition.source ?? -1
            let insideSource = transition.source.map { inside[$0] } ?? model.states.indices
            switch transition.target {
            case .internal:
                steps[number] = DirectStep(exits: 0..<0, source: source, insideSource: insideSource, entered: [])
            case .state(let target):
                let exits = transition.domain.map { inside[$0] } ?? model.states.indices
                guard recordingBefore[exits.upperBound] == recordingBefore[exits.lowerBound] else { continue }
                let entered = model.entrySet(to: target, below: transition.domain)
                guard entered.count <= entryLimit,
                    !entered.contains(where: { model.states[$0].initialHistory != nil || model.states[$0].isFinal })
                else { continue }
                steps[number] = DirectStep(exits: exits, source: source, insideSource: insideSource, entered: entered)
            case .history, .push, .pop:
                continue
            }
        }
        return steps
    }
}
