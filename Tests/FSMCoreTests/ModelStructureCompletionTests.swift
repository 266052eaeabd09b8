import FSMCore
import TestSupport
import XCTest

/// Which states complete when states are entered (section 4a): ``Model/completingStates(onEntering:in:)``.
final class ModelStructureCompletionTests: XCTestCase {
    /// P(0) { A(1), final F(2) }, final End(3), Q(4) { R1(5) { final F1(6) }, R2(7) { final F2(8), G(9) } }.
    private let source = """
        machine M {
            initial P
            state P { initial A; state A { go -> F }; final state F; -> End }
            final state End
            state Q {
                initial R1
                state R1 { initial F1; final state F1 }
                state R2 { initial F2; final state F2; state G }
            }
        }
        """

    func testSimpleStatesAndTheParentsOfFinalStatesComplete() throws {
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.completingStates(onEntering: [0, 1], in: [0, 1]), [1])
        XCTAssertEqual(model.completingStates(onEntering: [2], in: [0, 2]), [0])
        // A top-level final state finishes the machine: nothing completes.
        XCTAssertEqual(model.completingStates(onEntering: [3], in: [3]), [])
        // Entering Q, R1, F1 completes R1 only: Q is not parallel.
        XCTAssertEqual(model.completingStates(onEntering: [4, 5, 6], in: [4, 5, 6]), [5])
    }

    func testAParallelStateCompletesAfterItsLastRegion() throws {
        var model = try XCTUnwrap(model(source))
        model.states[4].isParallel = true
        XCTAssertEqual(model.completingStates(onEntering: [4, 5, 6, 7, 8], in: [4, 5, 6, 7, 8]), [5, 7, 4])
        // R1 had completed before: R2's completion completes Q.
        XCTAssertEqual(model.completingStates(onEntering: [8], in: [4, 5, 6, 7, 8]), [7, 4])
        // R2 is not complete (G is active): Q does not complete.
        XCTAssertEqual(model.completingStates(onEntering: [4, 5, 6, 7, 9], in: [4, 5, 6, 7, 9]), [5, 9])
    }

    /// A state with an activity (section 4f) completes only once its activity is done: never on
    /// entry when simple; a composite or parallel one in its final configuration only when
    /// `activityDone` says so; a region counts as complete for its parallel state only then.
    func testActivitiesGateCompletion() throws {
        // A(0) with an activity; C(1) { X(2), final F(3) } with one; P(4) parallel { R1(5) { final
        // F1(6) }, R2(7) { final F2(8) } } with R2's activity.
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial A
                    state A { do / a; go -> C }
                    state C { do / c; initial X; state X { go -> F }; final state F; -> P }
                    parallel state P {
                        state R1 { initial F1; final state F1 }
                        state R2 { do / r; initial F2; final state F2 }
                    }
                }
                """))
        XCTAssertEqual(model.completingStates(onEntering: [0], in: [0]), [])
        XCTAssertEqual(model.completingStates(onEntering: [3], in: [1, 3]), [])
        XCTAssertEqual(model.completingStates(onEntering: [3], in: [1, 3], activityDone: { $0 == 1 }), [1])
        XCTAssertEqual(model.completingStates(onEntering: [4, 5, 6, 7, 8], in: [4, 5, 6, 7, 8]), [5])
        XCTAssertFalse(model.isComplete(4, in: [4, 5, 6, 7, 8]))
        XCTAssertTrue(model.isComplete(4, in: [4, 5, 6, 7, 8], activityDone: { $0 == 7 }))
        // At the activity's return: a simple state always; a composite one in its final configuration;
        // a region, then the parallel state it completes.
        XCTAssertEqual(model.completingStates(onActivityDoneOf: 0, in: [0], activityDone: { $0 == 0 }), [0])
        XCTAssertEqual(model.completingStates(onActivityDoneOf: 1, in: [1, 2], activityDone: { $0 == 1 }), [])
        XCTAssertEqual(model.completingStates(onActivityDoneOf: 1, in: [1, 3], activityDone: { $0 == 1 }), [1])
        XCTAssertEqual(
            model.completingStates(onActivityDoneOf: 7, in: [4, 5, 6, 7, 8], activityDone: { $0 == 7 }), [7, 4])
    }
}
