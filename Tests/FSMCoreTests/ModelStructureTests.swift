import FSMCore
import TestSupport
import XCTest

/// The derived facts of the state tree (Model+Structure): domains (sections 4 and 4c), exit and
/// entry sets, and the machine as the root node.
final class ModelStructureTests: XCTestCase {
    /// A(0) { B(1) { C(2), D(3) } }, E(4), with a transition for each case of section 4's domain.
    private let nested = """
        machine M {
            initial A
            go -> C
            state A {
                initial B
                down -> C
                again -> A
                state B {
                    initial C
                    up -> A
                    state C {
                        toB -> B
                        me -> C
                        side -> D
                    }
                    state D { back -> C }
                }
            }
            state E { x -> C }
        }
        """

    private func transition(_ model: Model, _ event: String) throws -> Model.Transition {
        let index = try XCTUnwrap(model.events.firstIndex { $0.name == event })
        return try XCTUnwrap(model.allTransitions.first { $0.event == index })
    }

    func testDomainsOfSection4() throws {
        let model = try XCTUnwrap(model(nested))
        let expected: [(event: String, domain: Int?)] = [
            ("go", nil),  // the machine as source: the machine
            ("down", 0),  // a proper descendant of the source: the source, not left
            ("again", nil),  // a top-level state to itself: left and entered again
            ("up", nil),  // to an ancestor: the ancestor is left too
            ("toB", 0),  // to an ancestor inside A
            ("me", 1),  // a nested state to itself: its parent
            ("side", 1),  // a sibling: the common parent
            ("x", nil),  // across the top level
        ]
        for (event, domain) in expected {
            let transition = try transition(model, event)
            guard case .state(let target) = transition.target else { return XCTFail(event) }
            XCTAssertEqual(model.domain(from: transition.source, to: target), domain, event)
            // Computed once when the model is built, the same.
            XCTAssertEqual(transition.domain, domain, event)
        }
    }

    func testTheMachineIsTheRootNode() throws {
        let model = try XCTUnwrap(model(nested))
        XCTAssertEqual(model.children(of: nil), [0, 4])
        XCTAssertEqual(model.children(of: 1), [2, 3])
        XCTAssertEqual(model.initialChild(of: nil), 0)
        XCTAssertEqual(model.initialChild(of: 1), 2)
        XCTAssertEqual(model.transitions(declaredIn: nil).map(\.source), [nil])
        XCTAssertEqual(model.transitions(declaredIn: 2).count, 3)
        XCTAssertTrue(model.isDescendant(4, of: nil))
        XCTAssertTrue(model.isProperDescendant(2, of: 0))
        XCTAssertFalse(model.isProperDescendant(2, of: 2))
        XCTAssertFalse(model.isDescendant(4, of: 0))
        // The root's default entry is the initial configuration.
        XCTAssertEqual(model.defaultEntry(of: nil), [0, 1, 2])
    }

    func testExitAndEntrySetsFollowTheDomain() throws {
        let model = try XCTUnwrap(model(nested))
        let configuration = model.configuration(ofLeaf: 2)
        XCTAssertEqual(configuration, [0, 1, 2])
        XCTAssertEqual(model.exitSet(of: configuration, below: nil), [2, 1, 0])
        XCTAssertEqual(model.exitSet(of: configuration, below: 0), [2, 1])
        XCTAssertEqual(model.exitSet(of: configuration, below: 1), [2])
        XCTAssertEqual(model.entrySet(to: 0, below: nil), [0, 1, 2])
        XCTAssertEqual(model.entrySet(to: 2, below: 0), [1, 2])
        XCTAssertEqual(model.entrySet(to: 3, below: 1), [3])
        XCTAssertEqual(model.entrySet(to: 1, below: 0), [1, 2])
    }

    func testTransitionsThatMayFireStopAtTheFirstThatAlwaysFires() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial A
                    go -> B
                    state A {
                        go [g] -> B
                        go -> pop
                        go -> A
                        save -> push B
                    }
                    state B { back -> pop }
                }
                """))
        XCTAssertEqual(
            model.transitionsThatMayFire(in: 0).map(\.target), [.state(1), .pop, .state(0), .push(1)])
        // The machine's `go` comes after A's `go -> A`, which always fires.
        XCTAssertEqual(model.candidateTransitions(in: 0).count, 5)
    }

    /// P(0) { R1(1) { X(2), Y(3) }, R2(4) { U(5), V(6) } } with P made parallel: the rules of 4c.
    func testParallelStatesDomainsAndEntries() throws {
        var model = try XCTUnwrap(
            model(
                """
                machine Q {
                    initial P
                    state P {
                        initial R1
                        state R1 {
                            initial X
                            state X { toY -> Y; toV -> V; toU -> U }
                            state Y { b -> X }
                        }
                        state R2 {
                            initial U
                            state U { c -> V }
                            state V { d -> U }
                        }
                    }
                }
                """))
        // Not parallel yet: the common composite P is the domain.
        XCTAssertEqual(model.domain(from: 2, to: 6), 0)
        model.states[0].isParallel = true
        model.states[0].initial = nil
        // Inside one region nothing changes.
        XCTAssertEqual(model.domain(from: 2, to: 3), 1)
        // A domain never stops at a parallel state: from one region into another leaves P.
        XCTAssertEqual(model.domain(from: 2, to: 6), nil)
        // Nor does a parallel source keep its descendant target local.
        XCTAssertEqual(model.domain(from: 0, to: 5), nil)
        // Entering P enters every region by its default entry, in document order.
        XCTAssertEqual(model.defaultEntry(of: 0), [1, 2, 4, 5])
        XCTAssertEqual(model.defaultEntry(of: nil), [0, 1, 2, 4, 5])
        // Entering V from outside P enters P, R1 by default, and R2 down to V.
        XCTAssertEqual(model.entrySet(to: 6, below: nil), [0, 1, 2, 4, 6])
        // Exits are in reverse document order: the later region first.
        XCTAssertEqual(model.exitSet(of: [0, 1, 2, 4, 5], below: nil), [5, 4, 2, 1, 0])
        XCTAssertEqual(model.exitSet(of: [0, 1, 2, 4, 5], below: 1), [2])
    }

    /// P(0) { R1(1) { X(2), Y(3) }, R2(4) { U(5), V(6) } }, Out(7): selection, conflicts and the
    /// entry by history of section 4c.
    func testParallelSelectionConflictsAndHistoryEntry() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine Q {
                    initial P
                    parallel state P {
                        go -> Out
                        state R1 { initial X; state X { go -> Y }; state Y }
                        state R2 { initial U; state U { go -> V }; state V { go -> X } }
                    }
                    state Out { back -> deep history P }
                }
                """))
        let go = try XCTUnwrap(model.events.firstIndex { $0.name == "go" })
        let sources = { (transitions: [Model.Transition]) in transitions.map(\.source) }
        XCTAssertEqual(model.activeLeaves(of: [0, 1, 2, 4, 5]), [2, 5])
        XCTAssertEqual(model.innermostContaining([0, 1, 2, 4, 5]), 0)
        XCTAssertEqual(model.innermostContaining([7]), 7)
        XCTAssertEqual(sources(model.selectTransitions(for: go, in: [0, 1, 2, 4, 5]) { _ in true }), [2, 5])
        // With every guard false, P is examined once (by X's walk), then the machine; U's walk stops at P.
        var asked: [Int?] = []
        let none = model.selectTransitions(for: go, in: [0, 1, 2, 4, 5]) {
            asked.append($0.source)
            return false
        }
        XCTAssertEqual(none, [])
        XCTAssertEqual(asked, [2, 0, 5])
        // Y selects P's transition; V's, selected next, lies inside P and replaces it.
        let selected = model.selectTransitions(for: go, in: [0, 1, 3, 4, 6]) { _ in true }
        XCTAssertEqual(sources(selected), [0, 6])
        XCTAssertTrue(model.conflicts(selected[0], selected[1], in: [0, 1, 3, 4, 6]))
        XCTAssertEqual(sources(model.removingConflicts(from: selected, in: [0, 1, 3, 4, 6])), [6])
        XCTAssertEqual(sources(model.removingConflicts(from: selected.reversed(), in: [0, 1, 3, 4, 6])), [6])
        // A deep history entry of P restores every region as recorded, and nothing else.
        var history = HistoryRecords()
        history.record(exiting: [0], from: [0, 1, 3, 4, 6], in: model)
        XCTAssertEqual(model.entrySet(to: 0, below: nil, by: .history(.deep), history: history), [0, 1, 3, 4, 6])
    }

    /// The whole-machine facts are kept with the model (the emitters ask them per state) and follow
    /// every change of its states and transitions.
    func testWholeMachineFactsFollowChangesOfTheModel() throws {
        var model = try XCTUnwrap(model(nested))
        XCTAssertFalse(model.usesPush || model.usesPop || model.usesCompletion || model.usesHistory || model.hasParallelStates)
        model.states[2].transitions[0].target = .push(3)
        XCTAssertTrue(model.usesPush)
        XCTAssertFalse(model.usesPop)
        model.machineTransitions[0].target = .pop
        XCTAssertTrue(model.usesPop)
        model.machineTransitions[0].event = nil
        XCTAssertTrue(model.usesCompletion)
        model.states[1].recordsHistory = true
        XCTAssertTrue(model.usesHistory)
        model.states[0].isParallel = true
        XCTAssertTrue(model.hasParallelStates)
        model.states[2].transitions[0].target = .internal
        XCTAssertFalse(model.usesPush)
        model.machineTransitions = []
        XCTAssertFalse(model.usesPop || model.usesCompletion)
        model.states = model.states.map {
            var state = $0
            state.isParallel = false
            return state
        }
        XCTAssertFalse(model.hasParallelStates)
        XCTAssertTrue(model.usesHistory)
    }
}
