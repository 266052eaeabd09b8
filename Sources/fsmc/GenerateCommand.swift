import FSMCore
import Foundation

extension Commands {
    static let generate = Command(
        name: "generate",
        abstract: "Generate a Swift State-pattern machine from each .fsm file.",
        usage:
            "fsmc generate <file>... [-o <folder>] [--access internal|public|package] [--observable] [--actions-reference unowned|strong] [--isolation MainActor|nonisolated|<GlobalActor>] [--warnings-as-errors] [--config <file>]",
        options: [
            OptionSpec(
                names: ["-o", "--output"], valueName: "folder",
                help: "Folder for the generated files (default: the current folder); '-' writes to standard output."
            ),
            OptionSpec(
                names: ["--access"], valueName: "level", allowedValues: AccessLevel.allCases.map(\.rawValue),
                help: "Access level of the generated API: internal (default), public or package."),
            OptionSpec(
                names: ["--observable"],
                help: "Make the machine @Observable (import Observation), for SwiftUI and withObservationTracking."),
            OptionSpec(
                names: ["--actions-reference"], valueName: "kind", allowedValues: ActionsReference.allCases.map(\.rawValue),
                help:
                    "How the machine holds its actions object: unowned (default; no cycle when the owner of the machine is its actions) or strong (keeps it alive; no reference counting per event)."
            ),
            OptionSpec(
                names: ["--isolation"], valueName: "actor",
                help:
                    "The global actor the machine and its actions are isolated to: MainActor, nonisolated or the name of a global actor of yours. Default: MainActor for a machine with timers (after, every) or activities (do /), none for the others; nonisolated: timers are advanced by hand only, and activities are an error."
            ),
            OptionSpec(
                names: ["--warnings-as-errors"],
                help: "Treat warnings as errors: a file with warnings is not generated, and the run fails (exit status 1)."
            ),
            OptionSpec(
                names: ["--config"], valueName: "file",
                help:
                    "A JSON file of options, { \"access\": \"public\", \"observable\": true, \"actionsReference\": \"strong\", \"isolation\": \"MainActor\", \"warningsAsErrors\": true } (the SwiftPM plugin's fsmc.json); the command line wins."
            ),
        ],
        discussion: """
            Writes <folder>/<file stem>.swift for each input. A file with errors gets its diagnostics
            and no output (an earlier output is left as it was); the others are still generated. With
            --warnings-as-errors, a file with warnings is treated the same way. The inputs are
            generated for one module: when two of their files would declare a type of the same name
            (machines 'Door' and 'DoorRuntime'), that is an error and nothing is written. Files are
            written atomically and only when their content changes, so unchanged machines do not
            trigger rebuilds. The folder is created when the first file is written. An input of '-'
            reads standard input and writes its Swift to standard output, and so does any one input
            with '-o -'. Exit status: 0 success, 1 an input has errors, 2 bad usage or an I/O failure.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "generate")
            let configPath = arguments.value("--config")
            let configured = try configPath.map(GenerateConfig.load)
            let access =
                arguments.value("--access").flatMap(AccessLevel.init(rawValue:)) ?? configured?.access ?? .internal
            let observable = arguments.flag("--observable") || configured?.observable == true
            let actionsReference =
                arguments.value("--actions-reference").flatMap(ActionsReference.init(rawValue:))
                ?? configured?.actionsReference ?? .unowned
            var isolation = configured?.isolation ?? .automatic
            if let option = arguments.value("--isolation") {
                guard let chosen = Isolation(option: option) else {
                    let hint = option.lowercased() == "mainactor" ? "; did you mean 'MainActor'?" : ""
                    throw UsageError(
                        message:
                            "'--isolation \(option)': expected MainActor, nonisolated or the name of a global actor\(hint)",
                        command: "generate")
                }
                isolation = chosen
            }
            // Where warnings-as-errors comes from, for the line that says why a file was not generated.
            var warningsAreErrors: String?
            if arguments.flag("--warnings-as-errors") {
                warningsAreErrors = "--warnings-as-errors"
            } else if let configPath, configured?.warningsAsErrors == true {
                warningsAreErrors = "\"warningsAsErrors\" in \(configPath)"
            }
            let folder = arguments.value("-o") ?? "."
            let toStandardOutput = folder == FileIO.standardInput
            if toStandardOutput, files.count > 1 {
                throw UsageError(
                    message: "'-o -' writes one file's Swift to standard output; give one input, not \(files.count)",
                    command: "generate")
            }
            try checkDistinctStems(files, command: "generate", verb: "generate", fileExtension: "swift")
            var status = ExitStatus.success
            var inputs: [(path: String, compilation: Compilation)] = []
            for path in files {
                do throws(IOError) {
                    var compilation = Compilation(path: FileIO.displayName(path), bytes: try FileIO.read(path))
                    // An activity needs the machine's actor: an error at each without one.
                    compilation.refuseActivities(isolation: isolation)
                    inputs.append((path, compilation))
                } catch {
                    Terminal.writeError("error: \(error.message)\n")
                    status = ExitStatus.usage
                }
            }
            // The files written into the folder share one module: types two of them would both
            // declare fail the whole run, before anything is written. Standard input's Swift goes
            // to standard output instead.
            let intoFolder = inputs.indices.filter { inputs[$0].path != FileIO.standardInput }
            var together = intoFolder.map { inputs[$0].compilation }
            let clashed = Compilation.checkGeneratedTogether(&together)
            for (index, compilation) in zip(intoFolder, together) { inputs[index].compilation = compilation }
            report(inputs.map(\.compilation))
            if clashed { return status == ExitStatus.success ? ExitStatus.inputErrors : status }
            var outputFolder = FileIO.OutputFolder(folder)
            for (path, compilation) in inputs {
                guard let model = compilation.model else {
                    if status == ExitStatus.success { status = ExitStatus.inputErrors }
                    continue
                }
                if let option = warningsAreErrors, compilation.hasWarnings {
                    let count = compilation.diagnostics.filter { $0.severity == .warning }.count
                    Terminal.writeError(
                        "error: \(FileIO.displayName(path)): not generated: "
                            + "\(count == 1 ? "1 warning" : "\(count) warnings") treated as errors (\(option))\n")
                    if status == ExitStatus.success { status = ExitStatus.inputErrors }
                    continue
                }
                let source = SwiftEmitter.emit(
                    model, sourceName: fileName(FileIO.displayName(path)), access: access, observable: observable,
                    actionsReference: actionsReference, isolation: isolation)
                if path == FileIO.standardInput || toStandardOutput {
                    Terminal.writeOut(source)
                    continue
                }
                do throws(IOError) {
                    try outputFolder.write(source, named: stem(path) + ".swift")
                } catch {
                    Terminal.writeError("error: \(error.message)\n")
                    status = ExitStatus.usage
                }
            }
            return status
        })

    /// `a/b/Door.fsm` → `Door.fsm`
    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// `a/b/Door.fsm` → `Door`
    static func stem(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Two inputs with the same stem would write the same output file, `<stem>.<fileExtension>`; the
    /// message says they would both `verb` it.
    static func checkDistinctStems(_ files: [String], command: String, verb: String, fileExtension: String)
        throws(UsageError)
    {
        if let collision = firstStemCollision(files, stem: stem) {
            if collision.earlier == collision.later {
                throw UsageError(message: "'\(collision.earlier)' is given twice", command: command)
            }
            throw UsageError(
                message:
                    "'\(collision.earlier)' and '\(collision.later)' would both \(verb) "
                    + "'\(collision.stem).\(fileExtension)'; rename one of them",
                command: command)
        }
    }
}

/// The options file of `fsmc generate --config`, which the build-tool plugin passes for a target's
/// fsmc.json: a JSON object whose keys are all optional. It is read when the command runs, not when
/// the plugin plans the build, so an edited file always takes effect.
struct GenerateConfig {
    var access: AccessLevel?
    var observable: Bool?
    var actionsReference: ActionsReference?
    var isolation: Isolation?
    var warningsAsErrors: Bool?

    /// The keys of the file, as the message about an unknown one lists them.
    static let keys = ["access", "actionsReference", "isolation", "observable", "warningsAsErrors"]

    static func load(_ path: String) throws(IOError) -> GenerateConfig {
        func problem(_ message: String) -> IOError { IOError(message: "\(path): \(message)") }
        let bytes = try FileIO.read(path)
        guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            throw problem("not valid JSON; expected an object such as { \"access\": \"public\" }")
        }
        guard let object = json as? [String: Any] else {
            throw problem("expected a JSON object such as { \"access\": \"public\" }")
        }
        // JSONSerialization reads `1` as a Bool too: only a JSON true or false is accepted.
        func flag(_ value: Any, _ key: String) throws(IOError) -> Bool {
            guard let flag = value as? Bool, "\(type(of: value))".contains("Bool") else {
                throw problem("\"\(key)\" must be true or false")
            }
            return flag
        }
        var config = GenerateConfig()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "access":
                guard let level = (value as? String).flatMap(AccessLevel.init(rawValue:)) else {
                    let levels = AccessLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw problem("\"access\" must be one of \(levels)")
                }
                config.access = level
            case "observable":
                config.observable = try flag(value, key)
            case "warningsAsErrors":
                config.warningsAsErrors = try flag(value, key)
            case "actionsReference":
                guard let reference = (value as? String).flatMap(ActionsReference.init(rawValue:)) else {
                    let kinds = ActionsReference.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw problem("\"actionsReference\" must be one of \(kinds)")
                }
                config.actionsReference = reference
            case "isolation":
                guard let isolation = (value as? String).flatMap(Isolation.init(option:)) else {
                    throw problem("\"isolation\" must be \"MainActor\", \"nonisolated\" or the name of a global actor")
                }
                config.isolation = isolation
            default:
                let quoted = keys.map { "\"\($0)\"" }
                let list = "the keys are \(quoted.dropLast().joined(separator: ", ")) and \(quoted.last ?? "")"
                guard let close = Suggestions.closest(to: key, among: keys) else {
                    throw problem("unknown key \"\(key)\"; " + list)
                }
                throw problem(
                    "unknown key \"\(key)\"; did you mean \"\(close)\"? " + list.prefix(1).uppercased() + list.dropFirst())
            }
        }
        return config
    }
}
