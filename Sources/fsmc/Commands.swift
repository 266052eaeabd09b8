import FSMCore

/// One subcommand of fsmc: its help text, its options and what it does.
struct Command: Sendable {
    var name: String
    var abstract: String
    var usage: String
    var options: [OptionSpec]
    var discussion: String
    /// Runs the command; returns the exit status.
    var run: @Sendable (ParsedArguments) throws -> Int32

    var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            for option in options {
                var left = option.names.joined(separator: ", ")
                if let value = option.valueName { left += " <\(value)>" }
                let padded =
                    left.count < 28
                    ? left + String(repeating: " ", count: 28 - left.count) : left + "\n" + String(repeating: " ", count: 30)
                text += "  \(padded)\(option.help)\n"
            }
        }
        text += "  -h, --help                  Show help information.\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }
}

/// Exit statuses, as README.md and every command's help give them.
enum ExitStatus {
    static let success: Int32 = 0
    static let inputErrors: Int32 = 1
    static let usage: Int32 = 2
}

enum Commands {
    static let all: [Command] = [generate, check, dot, mermaid, simulate, preview, paths, format, lsp, runtime]

    static let check = Command(
        name: "check",
        abstract: "Check .fsm files and report their errors and warnings.",
        usage: "fsmc check <file>... [--format text|json|sarif] [--warnings-as-errors]",
        options: [
            OptionSpec(
                names: ["--format"], valueName: "format", allowedValues: ["text", "json", "sarif"],
                help: "Output format: text (default, to standard error), json or sarif (to standard output)."),
            OptionSpec(names: ["--warnings-as-errors"], help: "Fail (exit status 1) when there are warnings."),
        ],
        discussion: """
            Exit status: 0 when no file has errors, 1 when one has (or has warnings, with
            --warnings-as-errors), 2 for bad usage or an unreadable file. A path of '-' reads
            standard input.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "check")
            var compilations: [Compilation] = []
            var status = ExitStatus.success
            for path in files {
                do throws(IOError) {
                    compilations.append(Compilation(path: FileIO.displayName(path), bytes: try FileIO.read(path)))
                } catch {
                    Terminal.writeError("error: \(error.message)\n")
                    status = ExitStatus.usage
                }
            }
            switch arguments.value("--format") ?? "text" {
            case "json": Terminal.writeOut(StructuredDiagnostics.json(compilations))
            case "sarif": Terminal.writeOut(StructuredDiagnostics.sarif(compilations, toolVersion: FSMCVersion.current))
            default: report(compilations)
            }
            if status != ExitStatus.success { return status }
            let failed = compilations.contains { $0.hasErrors || (arguments.flag("--warnings-as-errors") && $0.hasWarnings) }
            return failed ? ExitStatus.inputErrors : ExitStatus.success
        })

    /// The input files: at least one (exactly one with `single`), and standard input (`-`) at most
    /// once, since a second read would find it empty.
    static func requireFiles(_ arguments: ParsedArguments, command: String, single: Bool = false) throws(UsageError)
        -> [String]
    {
        let files = arguments.positionals
        guard !files.isEmpty else {
            let wanted = single ? "pass one .fsm file" : "pass one or more .fsm files"
            throw UsageError(message: "missing input file; \(wanted)", command: command)
        }
        if single, files.count > 1 {
            throw UsageError(message: "'fsmc \(command)' takes one file, not \(files.count)", command: command)
        }
        if files.filter({ $0 == FileIO.standardInput }).count > 1 {
            throw UsageError(message: "standard input ('-') can be read only once", command: command)
        }
        return files
    }

    /// Writes text diagnostics to standard error, swiftc style.
    static func report(_ compilations: [Compilation]) {
        let renderer = TextDiagnosticRenderer(colors: Terminal.standardErrorWantsColor)
        for compilation in compilations where !compilation.diagnostics.isEmpty {
            Terminal.writeError(renderer.render(compilation.diagnostics, in: compilation.file))
        }
    }
}
