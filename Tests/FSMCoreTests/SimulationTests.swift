import FSMCore
import TestSupport
import XCTest

/// The session `fsmc simulate` runs (and `fsmc preview` and `fsmc paths --coverage`): one script
/// line at a time, the transcript's lines handed over without line ends.
final class SimulationTests: XCTestCase {
    private let source = """
        machine Door {
            event lock(code: String)
            initial Closed
            state Closed {
                open -> Opened
                lock [isValid(code)] -> Locked
            }
            state Opened { close -> Closed }
            state Locked {}
        }
        """

    private final class Asker: SimulationAsker {
        var guards: [Bool?]
        var asked: [String] = []
        init(_ guards: [Bool?]) { self.guards = guards }
        func answer(guard call: Invocation) -> Bool? {
            asked.append(call.description)
            return guards.isEmpty ? nil : guards.removeFirst()
        }
        func answer(delay name: String) -> Int? { nil }
    }

    private func run(_ lines: [String], answers: [String: Bool] = [:], asker: Asker? = nil) throws -> (
        [String], Simulation
    ) {
        let model = try XCTUnwrap(model(source))
        var output: [String] = []
        let simulation = Simulation(model: model, answers: answers, asker: asker) { output.append($0) }
        guard simulation.start() else { return (output, simulation) }
        for line in lines {
            guard let parsed = try EventLine.parseLine(line, in: model) else { continue }
            guard simulation.run(parsed, echo: line) else { break }
        }
        return (output, simulation)
    }

    func testTheTranscriptIsWhatSimulatePrintsLineByLine() throws {
        let (output, simulation) = try run(["open", "", "# a comment", "  close  ", #"lock code="1" [isValid=true]"#])
        XCTAssertEqual(
            output,
            [
                "start", "    enter Closed", "  state: Closed",
                "> open", "  Closed -> Opened", "    exit Closed", "    enter Opened", "  state: Opened",
                "> close", "  Opened -> Closed", "    exit Opened", "    enter Closed", "  state: Closed",
                #"> lock code="1" [isValid=true]"#, #"  guard isValid(code: "1") = true"#, "  Closed -> Locked",
                "    exit Closed", "    enter Locked", "  state: Locked",
            ])
        XCTAssertNil(simulation.failure)
        XCTAssertEqual(simulation.configurationText, "Locked")
    }

    func testAGuardIsAnsweredByItsLineThenTheOptionsThenTheAsker() throws {
        let asker = Asker([false])
        let (output, _) = try run(
            [#"lock code="a" [isValid=false]"#, #"lock code="b""#], answers: [:], asker: asker)
        XCTAssertEqual(asker.asked, [#"isValid(code: "b")"#])
        XCTAssertEqual(
            output.filter { $0.contains("guard") },
            [#"  guard isValid(code: "a") = false"#, #"  guard isValid(code: "b") = false"#])
        let (withOption, _) = try run([#"lock code="c""#], answers: ["isValid": true], asker: asker)
        XCTAssertTrue(withOption.contains("  state: Locked"))
        XCTAssertEqual(asker.asked.count, 1, "the option answers before the asker is asked")
    }

    func testAGuardNamedTwiceInBracketsIsAnsweredPerEvaluationTheLastAnswerKept() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine Pick {
                    initial A
                    state A {
                        go [ok] -> B
                    }
                    state B {}
                    state C {}
                    go [ok] -> C
                }
                """))
        for (line, expected) in [
            ("go [ok=false, ok=true]", "C"), ("go [ok=true, ok=false]", "B"), ("go [ok=false]", "A"),
        ] {
            var output: [String] = []
            let simulation = Simulation(model: model) { output.append($0) }
            simulation.start()
            simulation.run(try XCTUnwrap(try EventLine.parseLine(line, in: model)), echo: line)
            XCTAssertEqual(output.last, "  state: " + expected, line)
            XCTAssertEqual(output.filter { $0.hasPrefix("  guard") }.count, expected == "B" ? 1 : 2, line)
        }
    }

    func testAGuardNobodyAnswersStopsTheSessionWithTheReason() throws {
        let (output, simulation) = try run([#"lock code="x""#, "open"])
        XCTAssertEqual(
            simulation.failure?.message,
            "guard 'isValid' has no answer; pass --guard isValid=true or --guard isValid=false, or answer it on the event's line: [isValid=true]"
        )
        XCTAssertEqual(output.last, #"> lock code="x""#, "nothing is written after the failure, and the next line is not run")
        let (ended, endedSimulation) = try run([#"lock code="x""#], asker: Asker([nil]))
        XCTAssertEqual(endedSimulation.failure?.message, "no answer for guard 'isValid' (end of input)")
        XCTAssertFalse(ended.contains { $0.contains("state: Locked") })
    }

    func testASaveLineHandsTheSnapshotOverAndWhatTheWriterThrowsComesBack() throws {
        struct Refused: Error {}
        let model = try XCTUnwrap(model(source))
        var output: [String] = []
        let simulation = Simulation(model: model) { output.append($0) }
        simulation.start()
        let save = try XCTUnwrap(try EventLine.parseLine("save s.json", in: model))
        var saved: [String] = []
        XCTAssertTrue(
            try simulation.run(save, echo: "save s.json") { (snapshot, path) throws(Refused) in
                saved.append(path + ": " + snapshot.activeStates.joined(separator: ","))
            })
        XCTAssertEqual(saved, ["s.json: Closed"])
        XCTAssertEqual(output.suffix(2), ["> save s.json", "  saved to s.json"])
        XCTAssertThrowsError(try simulation.run(save) { (_, _) throws(Refused) in throw Refused() })
        XCTAssertEqual(output.last, "  saved to s.json", "no line says a refused save was saved")
        XCTAssertTrue(simulation.run(save, echo: "save s.json"), "without a writer a save is echoed only")
        XCTAssertEqual(output.last, "> save s.json")
    }

    func testLinesParseToWhatTheyDo() throws {
        let model = try XCTUnwrap(model(source))
        XCTAssertNil(try EventLine.parseLine("  # nothing", in: model))
        XCTAssertEqual(try EventLine.parseLine("wait 1.5s", in: model), .wait(1_500_000_000, guardAnswers: [:]))
        XCTAssertEqual(
            try EventLine.parseLine("wait 2s [isValid=true] # a comment", in: model),
            .wait(2_000_000_000, guardAnswers: ["isValid": [true]]))
        XCTAssertEqual(try EventLine.parseLine("save \"a b.json\"", in: model), .save("a b.json"))
        guard case .event(let scripted) = try EventLine.parseLine("open", in: model) else {
            return XCTFail("'open' is an event")
        }
        XCTAssertEqual(scripted.occurrence.event, model.events.firstIndex { $0.name == "open" })
        XCTAssertThrowsError(try EventLine.parseLine("opn", in: model))
    }
}
