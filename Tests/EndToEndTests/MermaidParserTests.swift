import FSMCore
import Foundation
import TestSupport
import XCTest

/// Every Mermaid diagram fsmc commits, the golden ones (full and overview) and the examples', is
/// read by Mermaid's own parser: Mermaid 11.11.0, fetched by `scripts/need-mermaid-parser` and run
/// with Node.js by `Tests/Mermaid/check-mermaid.js`. The parser must accept the file and find
/// exactly the states and transitions fsmc drew: an escaping slip that Mermaid reads as an extra
/// statement (an unescaped `;`) still parses, but changes the counts. Without Node.js or the parser
/// the test is skipped, except in CI (`CI` set), where that is a failure (`make test` fetches both).
final class MermaidParserTests: XCTestCase {
    static let root = repositoryRoot

    /// What Mermaid's parser made of a file.
    enum Reading: Equatable {
        /// Accepted, with this many states (no pseudostates or notes) and transitions.
        case parsed(states: Int, transitions: Int)
        case rejected(String)
    }

    func testEveryCommittedMermaidDiagramParsesAsDrawn() throws {
        var expected: [URL: Reading] = [:]
        let golden = Self.root.appendingPathComponent("Tests/Golden/Diagrams")
        for input in try fsmFiles(in: golden) {
            let model = try model(at: input)
            let stem = input.deletingPathExtension().path
            expected[URL(fileURLWithPath: stem + ".mmd")] = Self.reading(of: model, detail: .full)
            expected[URL(fileURLWithPath: stem + ".overview.mmd")] = Self.reading(of: model, detail: .overview)
        }
        let examples = Self.root.appendingPathComponent("examples")
        for folder in try FileManager.default.contentsOfDirectory(atPath: examples.path) {
            for input in try fsmFiles(in: examples.appendingPathComponent(folder)) {
                let model = try model(at: input)
                expected[input.deletingPathExtension().appendingPathExtension("mmd")] = Self.reading(of: model, detail: .full)
            }
        }
        XCTAssertGreaterThanOrEqual(expected.count, 20)
        let readings = try parse(Array(expected.keys))
        for (file, reading) in expected {
            XCTAssertEqual(readings[file.path], reading, file.path)
        }
    }

    /// Realistic mistakes of the emitter, made by hand in a committed diagram, are each caught;
    /// the diagram as committed is not.
    func testTheCheckCatchesBrokenOutput() throws {
        let original = Self.root.appendingPathComponent("Tests/Golden/Diagrams/odd-names.mmd")
        let text = try String(contentsOf: original, encoding: .utf8)
        let breakages: [(String, (String) -> String)] = [
            ("keyword state without alias", { $0.replacingOccurrences(of: "s_note", with: "note") }),
            ("composite not closed", { Self.removingFirstLine("    }", of: $0) }),
            ("note not closed", { Self.removingFirstLine("    end note", of: $0) }),
            ("colon not escaped", { $0.replacingOccurrences(of: "#58;", with: ":") }),
            ("semicolon not escaped", { $0.replacingOccurrences(of: "#59;", with: ";") }),
        ]
        let folder = try temporaryFolder(self)
        var files: [URL] = []
        for (index, (_, breaking)) in breakages.enumerated() {
            let broken = breaking(text)
            XCTAssertNotEqual(broken, text, breakages[index].0)
            let file = folder.appendingPathComponent("broken-\(index).mmd")
            try broken.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let readings = try parse(files + [original])
        let source = original.deletingPathExtension().appendingPathExtension("fsm")
        let model = try model(at: source)
        let drawn = Self.reading(of: model, detail: .full)
        XCTAssertEqual(readings[original.path], drawn)
        for (file, (name, _)) in zip(files, breakages) {
            XCTAssertNotNil(readings[file.path], name)
            XCTAssertNotEqual(readings[file.path], drawn, "\(name) is not caught")
        }
    }

    /// What Mermaid should find in `model`'s diagram, derived from the model by the rules of
    /// docs/Diagrams.md, not by the emitters' DiagramLayout (the code under test). States: every
    /// state; the machine's `H*` when some transition pops; the "any state" box when a machine-level
    /// transition is shown (an internal one is a line of the box, which an overview leaves out); one
    /// `H` or `H*` in a state for each kind of history that targets it or is its `initial history`;
    /// and the blocks Mermaid makes of a parallel state, one per region and one for its history
    /// pseudostates when it has some. Transitions: every transition not listed as a line (an
    /// internal one, or one between a composite state and its own contents), those that look the
    /// same drawn once (in an overview, the same event between the same ends); the initial transition
    /// of the machine, of each composite that is not parallel and of each simple region; the default
    /// history transition of each `initial history`; each final state's `F --> [*]`. A timed
    /// transition (`after`, `every`) counts as a transition on its time event, a `catch` transition
    /// as one on `catch`, and a `raise` as an effect. ``testTheDerivedCountsAreTheHandCountedOnes`` checks the rules on diagrams counted by hand.
    static func reading(of model: Model, detail: DiagramDetail) -> Reading {
        let states = model.states
        /// A transition or a timed transition; `trigger` is its event, or its kind and delay.
        struct Drawn {
            var trigger: String
            var guardExpression: Model.Guard?
            var actions: [Model.Action]
            var target: Model.Target
            var source: Int?
        }
        let transitions =
            model.allTransitions.map {
                Drawn(
                    trigger: $0.event.map(String.init) ?? "", guardExpression: $0.guardExpression, actions: $0.actions,
                    target: $0.target, source: $0.source)
            }
            + model.allTimedTransitions.map {
                Drawn(
                    trigger: "\($0.kind) \($0.delay)", guardExpression: $0.guardExpression, actions: $0.actions,
                    target: $0.target, source: $0.source)
            }
            + model.allCatchTransitions.map {
                Drawn(
                    trigger: "catch", guardExpression: $0.guardExpression, actions: $0.actions, target: $0.target,
                    source: $0.source)
            }
        let isShown = { (transition: Drawn) in detail == .full || transition.target != .internal }
        let showsAnyState = transitions.contains { $0.source == nil && isShown($0) }
        var historyKinds = states.map { Set([$0.initialHistory].compactMap { $0 }) }
        for transition in transitions {
            if case .history(let state, let kind) = transition.target { historyKinds[state].insert(kind) }
        }
        let pops = transitions.contains { $0.target == .pop }
        let blocks = states.indices.filter { states[$0].isParallel }.map {
            states[$0].children.count + (historyKinds[$0].isEmpty ? 0 : 1)
        }
        let stateCount =
            states.count + (pops ? 1 : 0) + (showsAnyState ? 1 : 0) + historyKinds.map(\.count).reduce(0, +)
            + blocks.reduce(0, +)

        /// Whether `state` is `container` or lies inside it.
        func isWithin(_ state: Int, _ container: Int) -> Bool { model.ancestry(of: state).contains(container) }
        func isListed(_ transition: Drawn) -> Bool {
            guard let source = transition.source else { return transition.target == .internal }
            switch transition.target {
            case .internal: return true
            case .pop: return false
            case .history(let target, _): return isWithin(target, source)
            case .state(let target), .push(let target):
                return (states[source].isComposite && isWithin(target, source))
                    || (source != target && isWithin(source, target))
            }
        }
        func text(_ call: Model.Call) -> String { "\(call.name)\(call.arguments)" }
        func text(_ action: Model.Action) -> String {
            switch action {
            case .call(let call): text(call)
            case .raise(let raise): "raise \(model.events[raise.event].name)\(raise.arguments)"
            }
        }
        func text(_ guardExpression: Model.Guard?) -> String {
            switch guardExpression {
            case nil: ""
            case .call(let call): text(call)
            case .not(let operand): "!(\(text(operand)))"
            case .and(let left, let right): "(\(text(left)) && \(text(right)))"
            case .or(let left, let right): "(\(text(left)) || \(text(right)))"
            }
        }
        let edges = Set(
            transitions.filter { !isListed($0) }.map { transition in
                let label =
                    detail == .full
                    ? "\(transition.trigger) [\(text(transition.guardExpression))] / "
                        + transition.actions.map(text).joined(separator: ", ")
                    : transition.trigger
                return "\(transition.source.map(String.init) ?? "any") -> \(transition.target): \(label)"
            })
        let isRegion = { (state: Model.State) in state.parent.map { states[$0].isParallel } ?? false }
        let initials =
            1 + states.filter { $0.isComposite && !$0.isParallel }.count
            + states.filter { isRegion($0) && !$0.isComposite }.count
        let defaults = states.filter { $0.initialHistory != nil }.count
        let finals = states.filter(\.isFinal).count
        return .parsed(states: stateCount, transitions: edges.count + initials + defaults + finals)
    }

    /// Counted by hand from the .fsm files: the derivation of ``reading(of:detail:)`` gives these.
    /// Turnstile: 2 states; 2 edges (its internal transitions are lines) and the initial one. Game:
    /// 7 states, the `H*` of pop and the "any state" box of `help -> push Help`; 9 edges (three
    /// pops from three states), the initials of the machine and of Level, GameOver's final.
    /// Shop: 11 states and 3 history pseudostates (Wizard's H, Settings' H and H*); 15 edges, the
    /// initials of the machine, Wizard, Settings and General, 2 default history transitions and
    /// Done's final. Loader (timed): 5 states and the "any state" box of the machine's `after`
    /// (its `every` a line of the box); 9 edges (3 timed), the initial and Ready's final. None has
    /// an edge that an overview would merge.
    func testTheDerivedCountsAreTheHandCountedOnes() throws {
        let counted: [String: Reading] = [
            "flat": .parsed(states: 2, transitions: 3),
            "push-pop": .parsed(states: 9, transitions: 12),
            "initial-history": .parsed(states: 14, transitions: 22),
            "timed": .parsed(states: 6, transitions: 11),
        ]
        for (name, reading) in counted {
            let model = try model(at: Self.root.appendingPathComponent("Tests/Golden/Diagrams/\(name).fsm"))
            for detail in DiagramDetail.allCases {
                XCTAssertEqual(Self.reading(of: model, detail: detail), reading, "\(name), \(detail)")
            }
        }
    }

    private static func removingFirstLine(_ line: String, of text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        if let index = lines.firstIndex(of: line) { lines.remove(at: index) }
        return lines.joined(separator: "\n")
    }

    private func model(at file: URL) throws -> Model {
        try XCTUnwrap(Compilation(path: file.path, bytes: [UInt8](Data(contentsOf: file))).model, file.path)
    }

    private func fsmFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsm") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// Mermaid puts every state of every golden diagram and example where the model has it: in its
    /// parent's block, and a region in one of the blocks Mermaid makes of its parallel state. (A
    /// state that an edge mentions in another block would be moved there: an edge from a deeply
    /// nested state written in an outer composite's block once moved it out of its parent.)
    func testMermaidKeepsEveryStateInItsParent() throws {
        let golden = Self.root.appendingPathComponent("Tests/Golden/Diagrams")
        var models: [URL: Model] = [:]
        for input in try fsmFiles(in: golden) {
            let model = try model(at: input)
            let stem = input.deletingPathExtension().path
            for name in [stem + ".mmd", stem + ".overview.mmd"] { models[URL(fileURLWithPath: name)] = model }
        }
        let examples = Self.root.appendingPathComponent("examples")
        for folder in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() {
            let input = examples.appendingPathComponent(folder).appendingPathComponent(folder + ".fsm")
            guard FileManager.default.fileExists(atPath: input.path) else { continue }
            models[input.deletingPathExtension().appendingPathExtension("mmd")] = try model(at: input)
        }
        XCTAssertGreaterThanOrEqual(models.count, 35)
        // Prints FILE, then ID<TAB>PARENT<TAB>SHAPE for each node of the parsed diagram.
        let script = """
            require(process.argv[1]);
            (async () => {
              for (const file of process.argv.slice(2)) {
                const result = JSON.parse(await globalThis.parse_mermaid(require("fs").readFileSync(file, "utf8")));
                console.log(`file\t${file}`);
                for (const node of result.graph_data.nodes) console.log([node.id, node.parentId ?? "", node.shape].join("\t"));
              }
            })();
            """
        let output = try runWithParser(["-e", script], Array(models.keys))
        var nodes: [String: [String: (parent: String, shape: String)]] = [:]
        var file = ""
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                if fields.count == 2, fields[0] == "file" { file = fields[1] }
                continue
            }
            nodes[file, default: [:]][fields[0]] = (fields[1], fields[2])
        }
        for (url, model) in models {
            let parsed = try XCTUnwrap(nodes[url.path], url.path)
            // A state named like a Mermaid keyword (`default`, `end`) has the id `s_NAME`.
            func id(_ state: Model.State) -> String { parsed[state.name] == nil ? "s_" + state.name : state.name }
            for state in model.states {
                let parent = try XCTUnwrap(parsed[id(state)]?.parent, "\(url.path): \(state.name)")
                guard let index = state.parent else {
                    XCTAssertEqual(parent, "", "\(url.path): \(state.name)")
                    continue
                }
                let owner = model.states[index]
                guard owner.isParallel else {
                    XCTAssertEqual(parent, id(owner), "\(url.path): \(state.name)")
                    continue
                }
                XCTAssertEqual(parsed[parent]?.shape, "divider", "\(url.path): \(state.name) is not in a region")
                XCTAssertEqual(parsed[parent]?.parent, id(owner), "\(url.path): \(state.name)")
            }
            let regions = model.states.filter(\.isParallel).map(\.children.count).reduce(0, +)
            XCTAssertEqual(
                Set(model.states.compactMap { parsed[id($0)]?.parent }.filter { parsed[$0]?.shape == "divider" }).count, regions,
                url.path)
        }
    }

    /// Runs Mermaid's parser on `files`: the reading of each, by path.
    private func parse(_ files: [URL]) throws -> [String: Reading] {
        let script = Self.root.appendingPathComponent("Tests/Mermaid/check-mermaid.js")
        let output = try runWithParser([script.path], files)
        var readings: [String: Reading] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "ok" where fields.count == 4:
                readings[fields[1]] = .parsed(states: Int(fields[2]) ?? -1, transitions: Int(fields[3]) ?? -1)
            case "error" where fields.count >= 3:
                readings[fields[1]] = .rejected(fields[2...].joined(separator: "\t"))
            default:
                continue  // anything else Mermaid logs
            }
        }
        return readings
    }

    /// Runs Node.js with `script` (a script's path, or `-e` and its text), the path of Mermaid's
    /// parser and `files`: its standard output.
    private func runWithParser(_ script: [String], _ files: [URL]) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let bundle =
            environment["FSMC_MERMAID_PARSER"].map { URL(fileURLWithPath: $0) }
            ?? Self.root.appendingPathComponent(".build/mermaid-parser/mermaid_parser/js/parser.bundle.js")
        guard let node = findExecutable("node"), FileManager.default.fileExists(atPath: bundle.path) else {
            let message = "Node.js or Mermaid's parser is missing: run scripts/need-mermaid-parser"
            if environment["CI"] != nil { XCTFail(message) }
            throw XCTSkip(message)
        }
        let result = try runProcess(node, script + [bundle.path] + files.map(\.path))
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }
}
