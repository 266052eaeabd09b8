import XCTest

@testable import FSMRuntime

/// `StepQueue`, the order of run to completion (sections 4a and 4e): the one place generated
/// machines take it from. Each test drives the queue as a generated machine's `finishSteps` does,
/// with a script of what each item causes, and checks the order the items come in.
final class StepQueueTests: XCTestCase {
    /// What a machine does with an item: a name, and what handling it causes.
    private struct Effects {
        var raising: [String: [String]] = [:]
        var completing: [String: [String]] = [:]
        var sending: [String: [String]] = [:]
    }

    /// Drains `queue` as `finishSteps` does, applying `effects`, and returns what came out, in order.
    private func drain(
        _ queue: inout StepQueue<String, String>, _ effects: Effects, takingSent: Bool = true
    ) -> [String] {
        var order: [String] = []
        while let work = queue.next(takingSent: takingSent) {
            let name: String
            switch work {
            case .raised(let event): name = "raised " + event
            case .completion(let state): name = "completion " + state
            case .endOfStep: name = "end"
            case .sent(let event): name = "sent " + event
            }
            order.append(name)
            let key = String(name.split(separator: " ").last ?? "")
            for event in effects.raising[key] ?? [] { queue.raise(event) }
            for state in effects.completing[key] ?? [] { queue.complete(state) }
            for event in effects.sending[key] ?? [] { queue.send(event) }
        }
        return order
    }

    func testAnEmptyQueueEndsTheStepAndIsDone() {
        var queue = StepQueue<String, String>()
        XCTAssertTrue(queue.isEmpty)
        XCTAssertEqual(drain(&queue, Effects()), ["end"], "the step ends even when nothing waits")
        XCTAssertEqual(drain(&queue, Effects()), ["end"], "and again for the next step")
    }

    func testTheInternalQueueComesFirstInFirstOutThenTheEventsSent() {
        var queue = StepQueue<String, String>()
        queue.send("s1")
        queue.complete("A")
        queue.raise("r1")
        queue.send("s2")
        XCTAssertFalse(queue.isEmpty)
        var effects = Effects()
        effects.raising["A"] = ["r2"]  // A's completion raises r2: it joins the end of the internal queue
        effects.completing["s1"] = ["B"]  // the step of s1 completes B, before s2
        effects.sending["r1"] = ["s3"]  // sent during the internal queue: after s2
        XCTAssertEqual(
            drain(&queue, effects),
            [
                "completion A", "raised r1", "raised r2", "end",
                "sent s1", "completion B", "end",
                "sent s2", "end",
                "sent s3", "end",
            ])
        XCTAssertTrue(queue.isEmpty)
        XCTAssertEqual(drain(&queue, Effects()), ["end"], "nothing left over for the next step")
    }

    func testTheStartsStepLeavesTheEventsSentForTheStepAfterIt() {
        var queue = StepQueue<String, String>()
        queue.complete("Initial")
        queue.send("early")
        XCTAssertEqual(drain(&queue, Effects(), takingSent: false), ["completion Initial", "end"])
        XCTAssertFalse(queue.isEmpty, "the event sent while starting waits")
        // The event that started the machine is processed, then what waits.
        XCTAssertEqual(drain(&queue, Effects()), ["end", "sent early", "end"])
        XCTAssertTrue(queue.isEmpty)
    }

    func testACountOfWhatWaitsIsKeptAcrossRefills() {
        var queue = StepQueue<Int, Int>()
        for round in 0..<3 {
            for number in 0..<5 { queue.send(round * 10 + number) }
            queue.complete(round)
            var seen = 0
            while let work = queue.next() {
                if case .endOfStep = work { continue }
                seen += 1
            }
            XCTAssertEqual(seen, 6, "round \(round)")
            XCTAssertTrue(queue.isEmpty, "round \(round)")
        }
    }

    /// `nextSent()`, for a machine whose steps cause nothing but events sent: the events that
    /// `next()` hands such a machine, in the same order (those sent while handling one included), and
    /// the queue left as `next()` leaves it, round after round.
    func testTheEventsSentAloneComeAsNextHandsThem() {
        var byNext = StepQueue<String, String>()
        var bySent = StepQueue<String, String>()
        let sending = ["a": ["c", "d"], "d": ["e"]]  // what handling each event sends
        var keptBuffer: UInt?
        for round in 0..<3 {
            for event in ["a", "b"] {
                byNext.send(event)
                bySent.send(event)
            }
            var fromNext: [String] = []
            var ends = 0
            while let work = byNext.next() {
                switch work {
                case .sent(let event):
                    fromNext.append(event)
                    for sent in sending[event] ?? [] { byNext.send(sent) }
                case .endOfStep: ends += 1
                case .raised, .completion: XCTFail("nothing was raised or completed")
                }
            }
            var fromSent: [String] = []
            while let event = bySent.nextSent() {
                fromSent.append(event)
                for sent in sending[event] ?? [] { bySent.send(sent) }
            }
            XCTAssertEqual(fromNext, ["a", "b", "c", "d", "e"], "round \(round)")
            XCTAssertEqual(fromSent, fromNext, "round \(round)")
            XCTAssertEqual(ends, fromNext.count + 1, "round \(round): next() ends each step, the first one's too")
            XCTAssertTrue(bySent.isEmpty, "round \(round)")
            XCTAssertEqual(bySent.sentEvents, byNext.sentEvents, "round \(round): the storage kept, emptied")
            // The storage is kept, not released: room for at least the five events of a round, and
            // the same buffer round after round. (Its exact size is the allocator's: on Linux an
            // array's capacity is what `malloc_usable_size` gives, which differs between queues.)
            XCTAssertGreaterThanOrEqual(bySent.sentEvents.capacity, 5, "round \(round)")
            XCTAssertGreaterThanOrEqual(byNext.sentEvents.capacity, 5, "round \(round)")
            let buffer = bySent.sentEvents.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            if let kept = keptBuffer {
                XCTAssertEqual(buffer, kept, "round \(round): the same storage")
            }
            keptBuffer = buffer
            XCTAssertEqual(bySent.firstUnsent, byNext.firstUnsent, "round \(round)")
            XCTAssertEqual(bySent.stepEnded, byNext.stepEnded, "round \(round)")
            XCTAssertEqual(bySent.waiting, 0, "round \(round)")
        }
        XCTAssertNil(bySent.nextSent(), "nothing waits")
    }
}
