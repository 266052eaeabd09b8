import FSMCore
import Foundation

extension Commands {
    /// `fsmc paths FILE [--cover ...] [--max-length N] [--format json|script|swift-testing] [-o DIR]`,
    /// and `fsmc paths FILE --coverage SCRIPT...` (docs/Testing.md).
    static let paths = Command(
        name: "paths",
        abstract: "Compute test paths from a .fsm machine, or measure what scripts cover.",
        usage:
            "fsmc paths <file> [--cover states|transitions|guards] [--max-length <n>] [--max-configurations <n>] [--format script|json|swift-testing] [--module <name>] [--isolation <isolation>] [--delay <name=duration>]... [-o <folder>]\n       fsmc paths <file> --coverage <script>... [--cover states|transitions|guards] [--guard <name=value>]... [--delay <name=duration>]... [--format text|json]",
        options: [
            OptionSpec(
                names: ["--cover"], valueName: "goal", allowedValues: PathExplorer.Goal.allCases.map(\.rawValue),
                help:
                    "transitions (default): fire every transition; states: enter every state; guards: every transition, and every guard both true and false."
            ),
            OptionSpec(
                names: ["--max-length"], valueName: "n", help: "The most steps a path may have (default 20)."),
            OptionSpec(
                names: ["--max-configurations"], valueName: "n",
                help: "The most configurations the search reaches (default 20000)."),
            OptionSpec(
                names: ["--format"], valueName: "format", allowedValues: ["script", "json", "swift-testing", "text"],
                help:
                    "script (default): one fsmc simulate script per path; json; swift-testing: a test suite for the generated machine. With --coverage: text (default) or json."
            ),
            OptionSpec(
                names: ["--module"], valueName: "name",
                help: "swift-testing: the module the suite @testable imports (default: the machine's name)."),
            OptionSpec(
                names: ["--isolation"], valueName: "isolation",
                help: "swift-testing: the machine's isolation, as given to fsmc generate (default: as generate decides)."),
            OptionSpec(
                names: ["--guard"], valueName: "name=value",
                help: "--coverage: answer every call of this guard the scripts leave unanswered (repeatable).",
                repeatable: true),
            OptionSpec(
                names: ["--delay"], valueName: "name=duration",
                help: "Answer this named delay with a duration (repeatable; default 1s).", repeatable: true),
            OptionSpec(
                names: ["-o", "--output"], valueName: "folder",
                help:
                    "Write the output into this folder: <Machine>-path-NN.script, <Machine>-paths.json or <Machine>PathTests.swift (default: standard output)."
            ),
            OptionSpec(
                names: ["--coverage"],
                help: "Read the scripts named after the machine and report what they cover and miss."),
        ],
        discussion: """
            The paths are found by the reference interpreter, so they follow the machine's semantics
            exactly: a breadth-first search over its configurations (active states, history, push
            stack, timers with their time left, activities) tries every event the active states
            handle, a wait to the next timeout (and to half of it, after a step that armed a
            timer, where two timers can race), and every running activity finished or failed;
            guards are free inputs, each evaluation answered true or false. Event parameters get
            "", 0, 0.0, false or nil (a parameter of another type, such as a type of your own,
            gets an opaque value, written '_'). Of the paths found, the fewest that cover the goal
            are written, shortest first. What no path covers is listed on standard error with the
            reason, with the paths' total steps against the lowest number possible.
            A script replays with 'fsmc simulate <file> --events <script>' (its first lines say
            the command, with any --guard the start needs and the --delay answers); guard answers
            are in brackets, one per evaluation. docs/Testing.md shows the Swift Testing suite in
            an app's test target.
            With --coverage, each script is run as 'fsmc simulate' runs it (a 'save' line writes
            nothing; a named delay no --delay answers is 1s) and fsmc prints which states,
            transitions and guard outcomes they reach and which they miss. Exit status: 0 on
            success, 1 when the file has errors or a script does not run, 2 for bad usage or a
            file that cannot be read or written.
            """,
        run: { arguments in
            guard let machinePath = arguments.positionals.first else {
                throw UsageError(message: "missing input file; pass one .fsm file", command: "paths")
            }
            let scripts = Array(arguments.positionals.dropFirst())
            let coverage = arguments.flags.contains("--coverage")
            if !coverage, !scripts.isEmpty {
                throw UsageError(
                    message:
                        "'fsmc paths' takes one file, not \(arguments.positionals.count); pass --coverage to measure scripts",
                    command: "paths")
            }
            if coverage, scripts.isEmpty {
                throw UsageError(message: "--coverage needs at least one script after the machine", command: "paths")
            }
            var options = PathExplorer.Options()
            if let goal = arguments.value("--cover") { options.goal = PathExplorer.Goal(rawValue: goal) ?? .transitions }
            options.maxLength = try positive(arguments, "--max-length") ?? options.maxLength
            options.maxConfigurations = try positive(arguments, "--max-configurations") ?? options.maxConfigurations
            options.delays = try delayAnswers(arguments.values("--delay"), command: "paths")
            let format = arguments.value("--format") ?? (coverage ? "text" : "script")
            if coverage, !["text", "json"].contains(format) {
                throw UsageError(message: "--coverage writes text or json, not \(format)", command: "paths")
            }
            if !coverage, format == "text" {
                throw UsageError(
                    message: "'--format text' is for --coverage; paths are script, json or swift-testing", command: "paths")
            }
            var isolation = Isolation.automatic
            if let option = arguments.value("--isolation") {
                guard let chosen = Isolation(option: option) else {
                    throw UsageError(
                        message: "invalid '--isolation \(option)'; expected MainActor, nonisolated or a global actor's name",
                        command: "paths")
                }
                isolation = chosen
            }
            let compilation = Compilation(
                path: FileIO.displayName(machinePath), bytes: try FileIO.read(machinePath), checkingSwiftNames: false)
            report([compilation])
            guard let model = compilation.model else { return ExitStatus.inputErrors }
            let delayNames = model.requirements.filter(\.isDelay).map(\.name)
            for name in options.delays.keys.sorted() where !delayNames.contains(name) {
                throw UsageError(
                    message: "'--delay \(name)=...': the machine has no delay '\(name)'"
                        + (delayNames.isEmpty
                            ? "; it has none" : Suggestions.hint(for: name, among: delayNames, listedAs: "its delays")),
                    command: "paths")
            }
            let catalog = PathCatalog(model: model, source: compilation.file.bytes)
            if coverage {
                return try measure(
                    scripts, of: model, in: compilation.file, catalog: catalog, options: options, format: format, arguments)
            }
            let explored = PathExplorer(model: model, catalog: catalog, options: options).explore()
            let fileName = (machinePath as NSString).lastPathComponent
            let output = PathOutput(report: explored, model: model, catalog: catalog, options: options, fileName: fileName)
            Terminal.writeError(output.summary(file: compilation.file))
            if explored.reachedConfigurationBound {
                Terminal.writeError(
                    "warning: the search stopped at \(options.maxConfigurations) configurations; pass --max-configurations to explore more\n"
                )
            }
            var files: [(name: String, text: String)]
            switch format {
            case "json": files = [("\(model.name)-paths.json", output.json())]
            case "swift-testing":
                let module = arguments.value("--module") ?? model.name
                let suite = PathTestSuite(output: output, module: module, isolation: isolation)
                files = [(suite.fileName, suite.render())]
            default:
                files = explored.paths.indices.map { (output.scriptName($0 + 1), output.script($0 + 1)) }
            }
            guard let folder = arguments.value("-o"), folder != FileIO.standardInput else {
                Terminal.writeOut(files.map(\.text).joined(separator: "\n"))
                return ExitStatus.success
            }
            var outputFolder = FileIO.OutputFolder(folder)
            for file in files { try outputFolder.write(file.text, named: file.name) }
            if format == "script" { removeStaleScripts(of: model.name, keeping: Set(files.map(\.name)), in: folder) }
            return ExitStatus.success
        })

    /// The value of a positive integer option, `nil` when it is not given.
    private static func positive(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "invalid '\(name) \(text)'; expected a positive whole number", command: "paths")
        }
        return value
    }

    /// The scripts of an earlier run with more paths (`SignIn-path-07.script` when there are six now):
    /// removed, so that a folder of scripts is always the current set.
    private static func removeStaleScripts(of machine: String, keeping kept: Set<String>, in folder: String) {
        let prefix = machine + "-path-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".script") && !kept.contains(name) {
            let digits = name.dropFirst(prefix.count).dropLast(".script".count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// `--coverage`: runs each script and reports what they cover together.
    private static func measure(
        _ scripts: [String], of model: Model, in file: SourceFile, catalog: PathCatalog, options: PathExplorer.Options,
        format: String,
        _ arguments: ParsedArguments
    ) throws -> Int32 {
        var measurement = ScriptCoverage(model: model, catalog: catalog, goal: options.goal)
        let answers = try guardAnswers(arguments.values("--guard"), command: "paths")
        // A named delay no --delay answers is one second, as in the search (its scripts say so).
        var delays = options.delays
        for name in model.requirements.filter(\.isDelay).map(\.name) where delays[name] == nil {
            delays[name] = PathExplorer.Options.defaultDelay
        }
        for path in scripts {
            let bytes = try FileIO.read(path)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw IOError(message: "\(path): is not UTF-8 text")
            }
            do throws(ScriptCoverage.Failure) {
                try measurement.run(
                    script: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                    answers: answers, delays: delays)
            } catch {
                let place = error.line.map { "\(FileIO.displayName(path)):\($0): " } ?? "\(FileIO.displayName(path)): "
                Terminal.writeError(place + "error: \(error.message)\n")
                return ExitStatus.inputErrors
            }
        }
        let text = format == "json" ? measurement.json(file: file) : measurement.text(file: file)
        guard let folder = arguments.value("-o"), folder != FileIO.standardInput else {
            Terminal.writeOut(text)
            return ExitStatus.success
        }
        var outputFolder = FileIO.OutputFolder(folder)
        try outputFolder.write(text, named: "\(model.name)-coverage." + (format == "json" ? "json" : "txt"))
        return ExitStatus.success
    }
}
