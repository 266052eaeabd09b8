import FSMCore

extension Commands {
    /// `fsmc format FILE... [--check]`: rewrites files in the canonical layout, or with `--check`
    /// only reports those that would change; `-` formats standard input to standard output.
    static let format = Command(
        name: "format",
        abstract: "Rewrite .fsm files in the canonical layout.",
        usage: "fsmc format <file>... [--check]",
        options: [
            OptionSpec(
                names: ["--check"],
                help: "Change nothing; report each file that is not formatted and exit with status 1 if there are any.")
        ],
        discussion: """
            The layout: 4-space indentation, one member per line, '{' on the line of its state, one
            space around '->', '/', '&&' and '||'. A state whose body is on one line and holds one
            member, no comment and no state stays on one line: 'state A { go -> B }'; members
            separated by ';' go on lines of their own. Comments stay where they are. A file with
            syntax errors is left untouched and its errors are reported. A path of '-' formats
            standard input to standard output. With --check, no file is rewritten; each file that
            would change gets a line on standard output:
              Door.fsm: not formatted (run 'fsmc format Door.fsm')
            Exit status: 0 on success, 1 when a file has syntax errors (or, with --check, would
            change), 2 for bad usage or an I/O failure.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "format")
            let checkOnly = arguments.flag("--check")
            var status = ExitStatus.success
            func worsen(_ new: Int32) { status = max(status, new) }
            for path in files {
                let name = path == "-" ? "<stdin>" : path
                let bytes: [UInt8]
                do throws(IOError) {
                    bytes = try FileIO.read(path)
                } catch {
                    Terminal.writeError("error: \(error.message)\n")
                    worsen(ExitStatus.usage)
                    continue
                }
                let file = SourceFile(path: name, bytes: bytes)
                let result = Formatter.format(file)
                guard let text = result.text else {
                    let renderer = TextDiagnosticRenderer(colors: Terminal.standardErrorWantsColor)
                    Terminal.writeError(renderer.render(result.diagnostics, in: file))
                    worsen(ExitStatus.inputErrors)
                    if path == "-", !checkOnly { Terminal.writeOut(String(decoding: bytes, as: UTF8.self)) }
                    continue
                }
                let changed = Array(text.utf8) != bytes
                if checkOnly {
                    if changed {
                        Terminal.writeOut("\(name): not formatted (run 'fsmc format \(path)')\n")
                        worsen(ExitStatus.inputErrors)
                    }
                } else if path == "-" {
                    Terminal.writeOut(text)
                } else if changed {
                    do throws(IOError) {
                        _ = try FileIO.writeIfChanged(text, to: path)
                    } catch {
                        Terminal.writeError("error: \(error.message)\n")
                        worsen(ExitStatus.usage)
                    }
                }
            }
            return status
        })
}
