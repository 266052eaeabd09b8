import FSMCore
import TestSupport
import XCTest

import struct FSMRuntime.Snapshot

/// A snapshot saved by one version of a machine and restored into an edited one (section 4g):
/// snapshots hold names, not places, so adding and moving states changes nothing; a state that is
/// gone is an error while it is active, and whatever else of it the snapshot holds is dropped.
final class InterpreterSnapshotCompatibilityTests: XCTestCase {
    final class Silent: InterpreterHost {
        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool { true }
        func perform(_ action: Invocation, interpreter: Interpreter) {}
    }

    static let version1 = """
        machine Shop {
            initial Browsing
            state Browsing { open -> Checkout }
            state Checkout {
                initial Address
                state Address {
                    next -> Payment
                    after 30s / remind
                }
                state Payment { pay -> Browsing }
                help -> Help
            }
            state Help { back -> history Checkout }
        }
        """

    /// Version 1 run by `events`, 10 seconds after each, and its snapshot.
    private func saved(after events: [String]) throws -> Snapshot {
        let machine = Interpreter(model: try XCTUnwrap(model(Self.version1)), host: Silent())
        machine.start()
        for event in events {
            machine.send(try XCTUnwrap(try EventLine.parse(event, in: machine.model)))
            machine.advance(by: 10_000_000_000)
        }
        return machine.snapshot
    }

    /// `snapshot` restored into `source`: the snapshot of the restored interpreter, or why it cannot be.
    private func restored(_ snapshot: Snapshot, into source: String) throws -> Result<Snapshot, Interpreter.RestoreError> {
        let model = try XCTUnwrap(model(source))
        return Result { () throws(Interpreter.RestoreError) in
            try Interpreter(model: model, host: Silent(), restoring: snapshot).snapshot
        }
    }

    func testTheSnapshotsOfVersion1() throws {
        XCTAssertEqual(
            try saved(after: ["open"]),
            Snapshot(
                machine: "Shop", started: true, finished: false, activeStates: ["Checkout", "Address"],
                timers: [Snapshot.ArmedTimer(state: "Address", index: 0, remainingNanoseconds: 20_000_000_000)]))
        XCTAssertEqual(
            try saved(after: ["open", "next", "help"]),
            Snapshot(
                machine: "Shop", started: true, finished: false, activeStates: ["Help"], history: ["Checkout": ["Payment"]]))
    }

    /// States added anywhere, states in another order, a composite state with one more child: the
    /// snapshot restores as it was saved, and runs on.
    func testAddingAndReorderingStatesKeepsEveryThing() throws {
        let edited = """
            machine Shop {
                initial Browsing
                state Help { back -> history Checkout }
                state Cart { open -> Checkout }
                state Checkout {
                    initial Address
                    state Review { confirm -> Payment }
                    state Payment { pay -> Browsing }
                    state Address {
                        next -> Review
                        after 30s / remind
                        every 1min / autosave
                    }
                    help -> Help
                }
                state Browsing { open -> Checkout; cart -> Cart }
            }
            """
        for events in [["open"], ["open", "next", "help"]] {
            let snapshot = try saved(after: events)
            XCTAssertEqual(try restored(snapshot, into: edited).get(), snapshot, "\(events)")
        }
        let model = try XCTUnwrap(model(edited))
        let machine = try Interpreter(model: model, host: Silent(), restoring: try saved(after: ["open", "next", "help"]))
        machine.send(try XCTUnwrap(try EventLine.parse("back", in: model)))
        XCTAssertEqual(machine.configuration.map { model.states[$0].name }, ["Checkout", "Payment"], "history by name")
    }

    /// A state gone or renamed while active: the restore fails, naming it.
    func testAnActiveStateRemovedOrRenamedIsAnError() throws {
        let snapshot = try saved(after: ["open", "next"])
        let removed = Self.version1.replacingOccurrences(of: "state Payment { pay -> Browsing }", with: "")
            .replacingOccurrences(of: "next -> Payment", with: "next -> Browsing")
        XCTAssertEqual(
            try restored(snapshot, into: removed).failure?.message,
            "the snapshot names the state 'Payment', which the machine does not have")
        let renamed = Self.version1.replacingOccurrences(of: "Payment", with: "Billing")
        XCTAssertEqual(
            try restored(snapshot, into: renamed).failure?.message,
            "the snapshot names the state 'Payment', which the machine does not have")
        // An active leaf that became composite is no configuration any more.
        let deeper = Self.version1.replacingOccurrences(
            of: "state Payment { pay -> Browsing }", with: "state Payment { initial Card; state Card {}; pay -> Browsing }")
        XCTAssertEqual(
            try restored(snapshot, into: deeper).failure?.message,
            "the snapshot's active states are not a configuration of the machine: 'Payment' is active without an active child")
    }

    /// What the snapshot holds of a state gone, or of a history no longer used, or of a timed
    /// transition removed, is dropped; the rest restores.
    func testRecordsAndTimersOfWhatIsGoneAreDropped() throws {
        let withHistory = try saved(after: ["open", "next", "help"])
        let paymentGone = Self.version1.replacingOccurrences(of: "state Payment { pay -> Browsing }", with: "")
            .replacingOccurrences(of: "next -> Payment", with: "next -> Browsing")
        var expected = withHistory
        expected.history = [:]
        XCTAssertEqual(try restored(withHistory, into: paymentGone).get(), expected, "a record naming a state gone")
        let noHistory = Self.version1.replacingOccurrences(of: "back -> history Checkout", with: "back -> Checkout")
        XCTAssertEqual(try restored(withHistory, into: noHistory).get(), expected, "Checkout records no history any more")
        let checkoutRenamed = Self.version1.replacingOccurrences(of: "Checkout", with: "Basket")
        XCTAssertEqual(try restored(withHistory, into: checkoutRenamed).get(), expected, "a record of a state gone")

        let withTimer = try saved(after: ["open"])
        let noTimer = Self.version1.replacingOccurrences(of: "after 30s / remind", with: "")
        var untimed = withTimer
        untimed.timers = []
        XCTAssertEqual(try restored(withTimer, into: noTimer).get(), untimed, "the timed transition is gone")
    }
}

extension Result {
    /// The error, `nil` for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
