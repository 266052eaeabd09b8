import FSMCore
import Foundation
import TestSupport
import XCTest

/// Keeps the documentation honest: examples in the docs compile (the README's runs as shown),
/// every diagnostic is documented with the output fsmc really prints, and every rule of the formal
/// grammar has a sample input.
final class DocumentationTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's first machine and its Swift snippet compile together and print what the
    /// snippet's comments say.
    func testReadmeSnippetRunsAsShown() throws {
        let readme = try read("README.md")
        func block(_ language: String) throws -> String {
            let start = try XCTUnwrap(readme.range(of: "```\(language)\n"))
            let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
            return String(readme[start.upperBound..<end.lowerBound])
        }
        let folder = try temporaryFolder(self)
        let example = folder.appendingPathComponent("SecuritySystem")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try block("fsm").write(to: example.appendingPathComponent("SecuritySystem.fsm"), atomically: true, encoding: .utf8)
        let swift = try block("swift")
        try swift.write(to: example.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let script = repositoryRoot.appendingPathComponent("scripts/run-example")
        let result = try runProcess(script, [fsmcExecutable().path, example.path, folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every `// comment` after a statement lists what that statement prints, comma separated.
        let promised = swift.split(separator: "\n").compactMap { line -> [String]? in
            guard let comment = line.range(of: "// "), !line.hasPrefix("//") else { return nil }
            let text = line[comment.upperBound...]
            return text.contains(":") ? nil : text.components(separatedBy: ", ")
        }.flatMap { $0 }
        XCTAssertEqual(result.stdout, promised.map { $0 + "\n" }.joined())
    }

    func testEveryFSMExampleInTheDocsHasNoErrors() throws {
        for path in ["README.md", "docs/Language.md", "docs/Diagrams.md"] {
            let blocks = fencedBlocks("fsm", in: try read(path))
            XCTAssertFalse(blocks.isEmpty, "\(path) has no fsm examples")
            for block in blocks {
                let compilation = Compilation(path: "example.fsm", text: block)
                XCTAssertFalse(
                    compilation.hasErrors,
                    "\(path): example does not compile:\n\(block)\n"
                        + TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file))
            }
        }
    }

    /// docs/Diagrams.md shows a machine with timed transitions and `raise` and its Mermaid diagram:
    /// the diagram shown is what fsmc draws.
    func testTheTimedTransitionsDiagramIsWhatFSMCDraws() throws {
        let sections = try read("docs/Diagrams.md").components(separatedBy: "\n## ")
        let section = try XCTUnwrap(sections.first { $0.hasPrefix("Timed transitions and raise\n") })
        let input = try XCTUnwrap(fencedBlocks("fsm", in: section).first)
        let shown = try XCTUnwrap(fencedBlocks("mermaid", in: section).first)
        let model = try XCTUnwrap(Compilation(path: "Call.fsm", text: input).model)
        XCTAssertEqual(MermaidEmitter.emit(model), shown, "docs/Diagrams.md: the diagram shown is not what fsmc draws")
    }

    /// docs/Diagrams.md shows a machine with an activity and `catch` transitions and its Mermaid
    /// diagram: the diagram shown is what fsmc draws.
    func testTheActivitiesDiagramIsWhatFSMCDraws() throws {
        let sections = try read("docs/Diagrams.md").components(separatedBy: "\n## ")
        let section = try XCTUnwrap(sections.first { $0.hasPrefix("Activities and catch\n") })
        let input = try XCTUnwrap(fencedBlocks("fsm", in: section).first)
        let shown = try XCTUnwrap(fencedBlocks("mermaid", in: section).first)
        let model = try XCTUnwrap(Compilation(path: "Loader.fsm", text: input).model)
        XCTAssertEqual(MermaidEmitter.emit(model), shown, "docs/Diagrams.md: the diagram shown is not what fsmc draws")
    }

    /// docs/Language.md, "Activities": the example's requirements are the ones the text names, its
    /// activity state waits for its activity (no choice), and generate refuses it.
    func testTheActivitiesSectionsPromisesHold() throws {
        let sections = try read("docs/Language.md").components(separatedBy: "\n## ")
        let section = try XCTUnwrap(sections.first { $0.hasPrefix("Activities: `do /` and `catch`\n") })
        let input = try XCTUnwrap(fencedBlocks("fsm", in: section).first)
        var compilation = Compilation(path: "Player.fsm", text: input)
        let model = try XCTUnwrap(compilation.model)
        XCTAssertTrue(compilation.diagnostics.isEmpty)
        func requirement(_ name: String) throws -> Model.Requirement {
            try XCTUnwrap(model.requirements.first { $0.name == name })
        }
        let fetch = try requirement("fetchVideo")
        XCTAssertTrue(fetch.isActivity && fetch.isThrowingActivity)
        XCTAssertEqual(fetch.parameters.map { "\($0.label): \($0.type)" }, ["quality: Int"])
        XCTAssertTrue(section.contains("`func fetchVideo(quality: Int) async`"))
        for name in ["report", "isOffline"] {
            XCTAssertEqual(try requirement(name).parameters.map { "\($0.label): \($0.type)" }, ["error: any Error"], name)
        }
        XCTAssertTrue(section.contains("`func report(error: any Error)`"))
        let loading = try XCTUnwrap(model.states.firstIndex { $0.name == "Loading" })
        XCTAssertFalse(model.isLeftOnCompletion(loading))
        XCTAssertEqual(model.states[loading].catchTransitions.count, 2)
        XCTAssertFalse(compilation.refuseActivities(isolation: .automatic), "generated for the main actor")
    }

    func testEveryDiagnosticIsDocumentedWithItsRealOutput() throws {
        let text = try read("docs/Diagnostics.md")
        let sections = text.components(separatedBy: "\n## ").dropFirst()
        var documented: [String: String] = [:]
        for section in sections {
            let heading = String(section.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
            documented[heading] = section
        }
        for id in DiagnosticID.allCases {
            guard let section = documented[id.rawValue] else {
                XCTFail("docs/Diagnostics.md has no '## \(id.rawValue)' section")
                continue
            }
            // Where the section shows an input and its output, the output must be what fsmc prints.
            // Several inputs with one output are files generated together, each named after its
            // machine; several inputs each with its own output are separate examples, each checked.
            let inputs = fencedBlocks("fsm", in: section)
            let outputs = fencedBlocks("text", in: section)
            if inputs.count > 1, inputs.count == outputs.count {
                for (input, output) in zip(inputs, outputs) {
                    let compilation = Compilation(path: "example.fsm", text: input)
                    XCTAssertTrue(
                        compilation.diagnostics.contains { $0.id == id }, "an example of \(id.rawValue) does not report it")
                    XCTAssertEqual(
                        TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file), output,
                        "docs/Diagnostics.md, \(id.rawValue): the output shown is not what fsmc prints")
                }
                continue
            }
            guard let input = inputs.first, let output = outputs.first else { continue }
            var compilations = [Compilation(path: "example.fsm", text: input)]
            if inputs.count > 1 {
                compilations = inputs.map { Compilation(path: Self.machineName(in: $0) + ".fsm", text: $0) }
                Compilation.checkGeneratedTogether(&compilations)
            }
            // A section showing what `fsmc generate` prints: the generator's refusals too.
            if section.contains("`fsmc generate example.fsm --isolation nonisolated` prints") {
                for index in compilations.indices { compilations[index].refuseActivities(isolation: .nonisolated) }
            }
            XCTAssertTrue(
                compilations.contains { $0.diagnostics.contains { $0.id == id } },
                "the example of \(id.rawValue) does not report it")
            XCTAssertEqual(
                compilations.map { TextDiagnosticRenderer().render($0.diagnostics, in: $0.file) }.joined(), output,
                "docs/Diagnostics.md, \(id.rawValue): the output shown is not what fsmc prints")
        }
    }

    /// Generated-API.md and SwiftPM-Plugin.md ask a package with an observable machine for the Apple
    /// platforms that have Observation (macOS 14, iOS 17); the example that has one does as they say.
    /// (The requirement itself shows only on Apple platforms.)
    func testThePluginExampleWithAnObservableMachineDeclaresThePlatformsTheDocsAskFor() throws {
        let manifest = try read("examples/PluginConsumer/Package.swift")
        let kioskOptions = try read("examples/PluginConsumer/Sources/Kiosk/fsmc.json")
        XCTAssertTrue(kioskOptions.contains("\"observable\": true"))
        XCTAssertTrue(manifest.contains("platforms: [.macOS(.v14), .iOS(.v17)]"), "the example's Package.swift")
        for page in ["docs/Generated-API.md", "docs/SwiftPM-Plugin.md"] {
            XCTAssertTrue(try read(page).contains(".macOS(.v14), .iOS(.v17)"), page)
        }
    }

    /// `Door` for a block that starts `machine Door {`.
    static func machineName(in source: String) -> String {
        String(source.drop { $0 != " " }.dropFirst().prefix { $0 != " " && $0 != "{" })
    }

    func testTheDiagnosticsIndexListsEveryDiagnostic() throws {
        let text = try read("docs/Diagnostics.md")
        let start = try XCTUnwrap(text.range(of: "**Index.**\n"))
        // The index is the list after the heading, up to the first blank line.
        let index = text[start.upperBound...].drop { $0 == "\n" }.components(separatedBy: "\n\n")[0]
        for id in DiagnosticID.allCases {
            XCTAssertTrue(
                index.contains("[`\(id.rawValue)`](#\(id.rawValue))"), "docs/Diagnostics.md's index does not list \(id.rawValue)")
        }
    }

    func testEveryGrammarRuleHasASampleThatParses() throws {
        let grammar = try read("grammars/fsm.ebnf")
        let rulePattern = try NSRegularExpression(pattern: "^([a-zA-Z][a-zA-Z0-9]*)\\s*=", options: .anchorsMatchLines)
        let rules = Set(
            rulePattern.matches(in: grammar, range: NSRange(grammar.startIndex..., in: grammar)).map {
                String(grammar[Range($0.range(at: 1), in: grammar)!])
            })
        XCTAssertGreaterThan(rules.count, 10)
        let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Grammar")
        let samples = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsm") }.map {
                String($0.dropLast(4))
            })
        XCTAssertEqual(rules.subtracting(samples).sorted(), [], "grammar rules without a sample in Tests/Golden/Grammar")
        XCTAssertEqual(samples.subtracting(rules).sorted(), [], "samples for rules the grammar does not have")
        for sample in samples.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(sample + ".fsm"), encoding: .utf8)
            let compilation = Compilation(path: sample + ".fsm", text: text)
            XCTAssertFalse(
                compilation.diagnostics.contains { $0.severity == .error && $0.id.isSyntactic },
                "sample for '\(sample)' has syntax errors:\n"
                    + TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file))
        }
    }
}

extension DiagnosticID {
    /// Whether the diagnostic comes from reading the text (lexer and parser) rather than its meaning.
    var isSyntactic: Bool {
        switch self {
        case .invalidUTF8, .fileTooLarge, .invalidCharacter, .unterminatedString, .unterminatedComment, .invalidEscape,
            .invalidNumber, .expectedMachine, .unexpectedToken, .unclosedDelimiter, .consecutiveMembers, .unlabeledLiteral,
            .missingBrace, .nestingTooDeep, .misplacedMember,
            .trailingContent, .keywordAsName, .tooManyErrors:
            true
        default: false
        }
    }
}
