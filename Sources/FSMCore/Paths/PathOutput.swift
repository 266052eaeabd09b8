/// The outputs of `fsmc paths`: JSON, one `fsmc simulate` script per path, a Swift Testing suite.
public struct PathOutput {
    public let report: PathReport
    public let model: Model
    public let catalog: PathCatalog
    public let options: PathExplorer.Options
    /// The machine's file as the command line names it (`SignIn.fsm`), for the replay commands.
    public let fileName: String

    public init(
        report: PathReport, model: Model, catalog: PathCatalog, options: PathExplorer.Options, fileName: String
    ) {
        self.report = report
        self.model = model
        self.catalog = catalog
        self.options = options
        self.fileName = fileName
        let goals = Set(report.goals)
        var seen = Set<PathItem>()
        firstCovers = report.paths.map { path in
            path.map { step in
                let new = step.covered.filter { goals.contains($0) && !seen.contains($0) }
                seen.formUnion(new)
                return catalog.sorted(new)
            }
        }
    }

    /// For each path, for each of its steps, the goals it covers first (``newlyCovered(inPath:)``).
    private let firstCovers: [[[PathItem]]]

    // MARK: Scripts

    /// The script line of a step (`nil` for the start): what `fsmc simulate` reads.
    public func scriptLine(_ step: PathStep) -> String? {
        var line: String
        switch step.input {
        case .start: return nil
        case .event(let occurrence):
            let event = model.events[occurrence.event]
            line = ([event.name] + zip(event.parameters, occurrence.arguments).map { "\($0.name)=\($1)" })
                .joined(separator: " ")
        case .wait(let nanoseconds): line = "wait " + DurationLiteral.text(nanoseconds: nanoseconds)
        case .finish(let state): line = "done " + model.states[state].name
        case .fail(let state, let error): line = "fail \(model.states[state].name) \(error)"
        }
        let answers = step.answersByGuard.flatMap { guardAnswers in
            guardAnswers.answers.map { "\(guardAnswers.name)=\($0)" }
        }
        if !answers.isEmpty { line += " [" + answers.joined(separator: ", ") + "]" }
        return line
    }

    /// The options `fsmc simulate` needs to replay the path: the start's guard answers and the delays.
    public func replayOptions(_ path: [PathStep]) -> [String] {
        var options: [String] = []
        for (name, answers) in path.first?.answersByGuard ?? [] {
            options += ["--guard", "\(name)=\(answers.first ?? false)"]
        }
        for name in model.requirements.filter(\.isDelay).map(\.name) {
            let nanoseconds = self.options.delays[name] ?? PathExplorer.Options.defaultDelay
            options += ["--delay", "\(name)=" + DurationLiteral.text(nanoseconds: nanoseconds)]
        }
        return options
    }

    /// The file name of path `number` (from 1) in `-o DIR`: `SignIn-path-01.script`.
    public func scriptName(_ number: Int) -> String {
        let digits = String(report.paths.count).count
        let text = String(number)
        return "\(model.name)-path-" + String(repeating: "0", count: max(0, max(2, digits) - text.count)) + text
            + ".script"
    }

    /// The script of path `number` (from 1): a header saying what it covers and how to replay it,
    /// then one line per step.
    public func script(_ number: Int) -> String {
        let path = report.paths[number - 1]
        let command = (["fsmc", "simulate", fileName, "--events", scriptName(number)] + replayOptions(path))
            .joined(separator: " ")
        var lines = [
            "# Path \(number) of \(report.paths.count), \(path.count - 1) steps: written by fsmc paths (--cover \(options.goal.rawValue)).",
            "# Replay: " + command,
        ]
        let covers = newlyCovered(inPath: number)
        for (index, step) in path.enumerated() {
            if let line = scriptLine(step) {
                lines.append(line)
            } else if !covers[index].isEmpty {
                lines.append("# start")
            }
            for item in covers[index] { lines.append("#   covers " + (catalog.entry(item)?.label ?? "?")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// For each step of path `number` (from 1), the goals it covers first — that no earlier path,
    /// and no earlier step of this one, covers — in catalog order.
    public func newlyCovered(inPath number: Int) -> [[PathItem]] { firstCovers[number - 1] }

    // MARK: JSON

    /// The JSON document (docs/Testing.md documents its fields).
    public func json() -> String {
        let covered = report.goals.count - report.uncovered.count
        let paths: [JSONValue] = report.paths.enumerated().map { number, path in
            let covers = newlyCovered(inPath: number + 1)
            return .object([
                ("name", .string(scriptName(number + 1))),
                ("replayOptions", .array(replayOptions(path).map(JSONValue.string))),
                ("steps", .array(path.enumerated().map { index, step in stepJSON(step, covers: covers[index]) })),
            ])
        }
        let document: JSONValue = .object([
            ("machine", .string(model.name)),
            ("cover", .string(options.goal.rawValue)),
            ("goals", .int(report.goals.count)),
            ("covered", .int(covered)),
            ("totalSteps", .int(report.totalSteps)),
            ("lowerBound", .int(report.lowerBound)),
            ("configurations", .int(report.configurations)),
            ("paths", .array(paths)),
            (
                "uncovered",
                .array(
                    report.uncovered.map { item, reason in
                        .object([("item", .string(catalog.entry(item)?.label ?? "?")), ("reason", .string(reason))])
                    })
            ),
        ])
        return document.rendered() + "\n"
    }

    private func stepJSON(_ step: PathStep, covers: [PathItem]) -> JSONValue {
        let kind: String
        switch step.input {
        case .start: kind = "start"
        case .event: kind = "event"
        case .wait: kind = "wait"
        case .finish: kind = "done"
        case .fail: kind = "fail"
        }
        var members: [(String, JSONValue)] = [("kind", .string(kind))]
        if let line = scriptLine(step) { members.append(("line", .string(line))) }
        members += [
            (
                "guards",
                .array(step.guards.map { .object([("call", .string($0.call.description)), ("value", .bool($0.value))]) })
            ),
            ("actions", .array(step.actions.map { .string($0.description) })),
            ("activeStates", .array(step.activeStates.map { .string(model.states[$0].name) })),
            ("state", .string(Simulation.configurationText(step.activeStates, isFinished: step.isFinished, in: model))),
            ("finished", .bool(step.isFinished)),
            ("covers", .array(covers.map { .string(catalog.entry($0)?.label ?? "?") })),
        ]
        return .object(members)
    }

    // MARK: Text

    /// The summary `fsmc paths` prints on standard error: what is covered, the steps against the
    /// lower bound, what no path covers and why.
    public func summary(file: SourceFile? = nil) -> String {
        let covered = report.goals.count - report.uncovered.count
        var lines = [
            "\(model.name): \(report.paths.count) path\(report.paths.count == 1 ? "" : "s"), \(report.totalSteps) steps"
                + " (at least \(report.lowerBound) needed), cover \(covered) of \(report.goals.count)"
                + " \(options.goal.rawValue == "guards" ? "transitions and guard outcomes" : options.goal.rawValue)"
                + "; \(report.configurations) configurations explored"
        ]
        for (item, reason) in report.uncovered {
            let place = file.flatMap { file in catalog.entry(item).map { file.place(of: $0.range) + " " } } ?? ""
            lines.append("  not covered: \(place)\(catalog.entry(item)?.label ?? "?"): \(reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
