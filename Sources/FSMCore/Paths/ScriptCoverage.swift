/// `fsmc paths --coverage`: what a team's own scripts cover — the states, transitions and guard
/// outcomes they reach, and those they miss — each script run exactly as `fsmc simulate` runs it.
public struct ScriptCoverage {
    /// Why a script could not be run: its message and the line to blame (from 1), when there is one.
    public struct Failure: Error, Sendable {
        public var message: String
        public var line: Int?
    }

    public let model: Model
    public let catalog: PathCatalog
    public let goal: PathExplorer.Goal
    /// What the scripts run so far cover.
    public private(set) var covered = Set<PathItem>()
    /// How many scripts were run.
    public private(set) var scripts = 0

    public init(model: Model, catalog: PathCatalog, goal: PathExplorer.Goal) {
        self.model = model
        self.catalog = catalog
        self.goal = goal
    }

    /// Runs one script from the machine's start, its guards answered by its lines and `answers`,
    /// its named delays by `delays`; a `save` line writes nothing.
    public mutating func run(
        script: [String], answers: [String: Bool] = [:], delays: [String: Int] = [:]
    ) throws(Failure) {
        let recorder = CoverageRecorder(catalog: catalog)
        let simulation = Simulation(model: model, answers: answers, delays: delays) { _ in }
        simulation.observer = recorder.observe
        simulation.interpreter.guardDecided = recorder.guardDecided
        var lineNumber = 0
        if !simulation.start() {
            throw Failure(message: simulation.failure?.message ?? "the machine did not start", line: nil)
        }
        for line in script {
            lineNumber += 1
            let parsed: ScriptLine?
            do throws(EventLineError) {
                parsed = try EventLine.parseLine(line, in: model)
            } catch {
                throw Failure(message: error.message, line: lineNumber)
            }
            guard let parsed else { continue }
            let goesOn = simulation.run(parsed)
            recorder.flush()
            if !goesOn {
                throw Failure(message: simulation.failure?.message ?? "the simulation stopped", line: lineNumber)
            }
        }
        covered.formUnion(recorder.covered)
        scripts += 1
    }

    /// The goals, in catalog order, each with whether the scripts cover it.
    public var goals: [(entry: PathCatalog.Entry, isCovered: Bool)] {
        let wanted = Set(catalog.goals(goal))
        return catalog.entries.filter { wanted.contains($0.item) }.map { ($0, covered.contains($0.item)) }
    }

    /// `SignIn: 1 script covers 7 of 15 transitions (46%)`, then the missed ones, one a line, each
    /// at its place in `file` (`SignIn.fsm:24:9:`) when it is given.
    public func text(file: SourceFile? = nil) -> String {
        let goals = self.goals
        let hit = goals.filter(\.isCovered).count
        let percent = goals.isEmpty ? 100 : hit * 100 / goals.count
        var lines = [
            "\(model.name): \(scripts) script\(scripts == 1 ? " covers" : "s cover") \(hit) of \(goals.count) \(goalNoun) (\(percent)%)"
        ]
        for (entry, isCovered) in goals where !isCovered {
            lines.append("  missed: " + (file.map { $0.place(of: entry.range) + " " } ?? "") + entry.label)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as JSON: `{"machine", "file", "cover", "scripts", "goals", "covered", "items": [{"item",
    /// "covered", "line", "column"}]}`, each item at the start of its declaration in `file` (the
    /// place the text report gives a missed one).
    public func json(file: SourceFile) -> String {
        let goals = self.goals
        let document: JSONValue = .object([
            ("machine", .string(model.name)),
            ("file", .string(file.path)),
            ("cover", .string(goal.rawValue)),
            ("scripts", .int(scripts)),
            ("goals", .int(goals.count)),
            ("covered", .int(goals.filter(\.isCovered).count)),
            (
                "items",
                .array(
                    goals.map { entry, isCovered in
                        let location = file.location(of: entry.range.start)
                        return .object([
                            ("item", .string(entry.label)), ("covered", .bool(isCovered)), ("line", .int(location.line)),
                            ("column", .int(location.column)),
                        ])
                    })
            ),
        ])
        return document.rendered() + "\n"
    }

    private var goalNoun: String {
        switch goal {
        case .states: "states"
        case .transitions: "transitions"
        case .guards: "transitions and guard outcomes"
        }
    }
}

extension SourceFile {
    /// `SignIn.fsm:24:9:`, where `range` starts.
    func place(of range: SourceRange) -> String {
        let location = location(of: range.start)
        return "\(path):\(location.line):\(location.column):"
    }
}
