import FSMCore
import Foundation
import TestSupport
import XCTest

/// Machines generated into one module (`fsmc generate A.fsm B.fsm`): the types their files declare
/// at file scope, and the `generated-type-collision` error when two files would declare one name.
final class GeneratedTogetherTests: XCTestCase {
    /// The compilations of `sources` (file name, text), checked as generated together.
    private func generatedTogether(_ sources: [(String, String)]) -> (clashed: Bool, compilations: [Compilation]) {
        var compilations = sources.map { Compilation(path: $0.0, text: $0.1) }
        for compilation in compilations {
            XCTAssertFalse(compilation.hasErrors, TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file))
        }
        let clashed = Compilation.checkGeneratedTogether(&compilations)
        return (clashed, compilations)
    }

    /// What the check reports for `sources`, as `fsmc generate` prints it.
    private func report(_ sources: [(String, String)]) -> String {
        generatedTogether(sources).compilations.map { TextDiagnosticRenderer().render($0.diagnostics, in: $0.file) }
            .joined()
    }

    private static let door = """
        machine Door {
            event lock(code: String)
            initial Closed
            state Closed { open -> Opened; lock -> Closed }
            state Opened { close -> Closed }
        }

        """

    private static func machine(_ name: String) -> String {
        "machine \(name) {\n    initial Idle\n    state Idle { go -> Idle }\n}\n"
    }

    func testAMachineNamedLikeAnotherOnesRuntimeIsReportedInTheLaterFile() throws {
        let (clashed, compilations) = generatedTogether([
            ("Door.fsm", Self.door), ("DoorRuntime.fsm", Self.machine("DoorRuntime")),
        ])
        XCTAssertTrue(clashed)
        XCTAssertEqual(compilations[0].diagnostics, [])
        XCTAssertNotNil(compilations[0].model)
        XCTAssertNil(compilations[1].model, "the file with the error is not generated")
        let diagnostic = try XCTUnwrap(compilations[1].diagnostics.first)
        XCTAssertEqual(compilations[1].diagnostics.count, 1)
        XCTAssertEqual(diagnostic.id, .generatedTypeCollision)
        XCTAssertEqual(
            diagnostic.message,
            "the class of machine 'DoorRuntime' and the run-time struct of machine 'Door' would both be named 'DoorRuntime' "
                + "in the generated Swift; rename one of them")
        XCTAssertEqual(compilations[1].file.text(in: diagnostic.range), "DoorRuntime")
        let note = try XCTUnwrap(diagnostic.notes.first)
        XCTAssertEqual(note.message, "machine 'Door' declared here")
        XCTAssertEqual(note.file?.path, "Door.fsm")
        XCTAssertEqual(note.file?.text(in: note.range), "Door")
        // The other order reports it in the other file.
        XCTAssertTrue(
            report([("DoorRuntime.fsm", Self.machine("DoorRuntime")), ("Door.fsm", Self.door)]).hasPrefix(
                "Door.fsm:1:9: error: the run-time struct of machine 'Door' and the class of machine 'DoorRuntime' would both"))
    }

    func testAStateClassIsReportedAtItsState() {
        XCTAssertEqual(
            report([("Door.fsm", Self.door), ("Opened.fsm", Self.machine("Door_Opened"))]),
            """
            Opened.fsm:1:9: error: the class of machine 'Door_Opened' and the class of state 'Opened' of machine 'Door' would both be named 'Door_Opened' in the generated Swift; rename one of them
            machine Door_Opened {
                    ^~~~~~~~~~~
            Door.fsm:5:11: note: state 'Opened' of machine 'Door' declared here
                state Opened { close -> Closed }
                      ^~~~~~

            """)
    }

    func testTwoMachinesOfOneNameGetOneError() {
        let lines = report([("a/Door.fsm", Self.door), ("b/Gate.fsm", Self.door)]).split(separator: "\n")
        XCTAssertEqual(
            lines.filter { $0.contains(": error: ") || $0.contains(": note: ") },
            [
                "b/Gate.fsm:1:9: error: two machines named 'Door' would both declare the class 'Door' and the protocol "
                    + "'DoorActions' in the generated Swift; rename one of them",
                "a/Door.fsm:1:9: note: machine 'Door' declared here",
            ])
    }

    func testFilePrivateTypesOfOneNameAndTypesNotGeneratedDoNotClash() {
        // `Door_A_B` is a file-private state class in both files; swiftc accepts that.
        let nested = "machine Door {\n    initial A_B\n    state A_B { go -> A_B }\n}\n"
        let other = "machine Door_A {\n    initial B\n    state B { go -> B }\n}\n"
        XCTAssertFalse(generatedTogether([("Door.fsm", nested), ("DoorA.fsm", other)]).clashed)
        // `Door` has no history, no parallel state: it declares no `DoorHistory`, no `DoorTransition`.
        for name in ["DoorHistory", "DoorTransition", "Door_Ajar", "Doors"] {
            XCTAssertFalse(generatedTogether([("Door.fsm", Self.door), ("Other.fsm", Self.machine(name))]).clashed, name)
        }
        for name in ["DoorActions", "DoorRuntime", "Door_Closed"] {
            XCTAssertTrue(generatedTogether([("Door.fsm", Self.door), ("Other.fsm", Self.machine(name))]).clashed, name)
        }
        // A machine without events declares no queued-event enum.
        XCTAssertFalse(
            generatedTogether([
                ("Idle.fsm", "machine Still {\n    initial Idle\n    state Idle\n}\n"),
                ("Queue.fsm", Self.machine("StillQueuedEvent")),
            ]).clashed)
        XCTAssertTrue(
            generatedTogether([("Door.fsm", Self.door), ("Queue.fsm", Self.machine("DoorQueuedEvent"))]).clashed)
    }

    func testACompilationWithErrorsTakesNoPart() {
        var compilations = [
            Compilation(path: "Door.fsm", text: Self.door.replacingOccurrences(of: "-> Opened", with: "-> Nowhere")),
            Compilation(path: "DoorRuntime.fsm", text: Self.machine("DoorRuntime")),
        ]
        XCTAssertFalse(Compilation.checkGeneratedTogether(&compilations))
        XCTAssertEqual(compilations[1].diagnostics, [])
    }

    func testTheNoteNamesTheOtherFileInJSONAndSARIF() throws {
        let (_, compilations) = generatedTogether([
            ("Door.fsm", Self.door), ("DoorRuntime.fsm", Self.machine("DoorRuntime")),
        ])
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(StructuredDiagnostics.json(compilations).utf8)) as? [[String: Any]])
        XCTAssertEqual(json.count, 1)
        XCTAssertEqual(json[0]["file"] as? String, "DoorRuntime.fsm")
        let note = try XCTUnwrap((json[0]["notes"] as? [[String: Any]])?.first)
        XCTAssertEqual(note["file"] as? String, "Door.fsm")
        XCTAssertEqual(note["line"] as? Int, 1)
        XCTAssertEqual(note["column"] as? Int, 9)
        let sarif = StructuredDiagnostics.sarif(compilations, toolVersion: "test")
        XCTAssertTrue(sarif.contains("\"uri\": \"Door.fsm\""), sarif)
    }

    /// The list the check works from is what the Swift emitter really declares at file scope, for
    /// every shape of machine: with and without events, history and parallel states.
    func testFileScopeTypesAreThoseOfTheGeneratedFile() throws {
        var sources: [String] = [Self.door, "machine Still {\n    initial Idle\n    state Idle\n}\n"]
        for file in fsmFiles(under: ["examples", "Tests/Golden/Swift"]) {
            sources.append(String(decoding: try Data(contentsOf: file), as: UTF8.self))
        }
        XCTAssertGreaterThan(sources.count, 10)
        let declaration = try NSRegularExpression(
            pattern: "^(fileprivate |private |public |package )?(final )?(class|struct|enum|protocol|typealias) ([A-Za-z0-9_]+)",
            options: .anchorsMatchLines)
        var shapes = Set<[Bool]>()
        for source in sources {
            let model = try XCTUnwrap(Compilation(path: "test.fsm", text: source).model)
            shapes.insert([model.events.isEmpty, model.usesHistory, model.hasParallelStates])
            for access in AccessLevel.allCases {
                let swift = SwiftEmitter.emit(model, sourceName: "test.fsm", access: access, observable: access == .public)
                let declared = declaration.matches(in: swift, range: NSRange(swift.startIndex..., in: swift)).map {
                    match -> String in
                    let name = String(swift[Range(match.range(at: 4), in: swift)!])
                    let isFilePrivate =
                        match.range(at: 1).location != NSNotFound
                        && ["fileprivate ", "private "].contains(swift[Range(match.range(at: 1), in: swift)!])
                    return (isFilePrivate ? "fileprivate " : "") + name
                }
                let listed = SwiftNames.fileScopeTypes(of: model).map { ($0.isVisibleToModule ? "" : "fileprivate ") + $0.name }
                XCTAssertEqual(declared.sorted(), listed.sorted(), "machine \(model.name), --access \(access)")
            }
        }
        XCTAssertGreaterThanOrEqual(shapes.count, 4, "shapes covered: \(shapes)")
    }
}
