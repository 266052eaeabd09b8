import FSMCore

extension Commands {
    static let dot = diagramCommand(
        name: "dot", format: "Graphviz DOT", fileExtension: "dot", example: "dot -Tsvg Machine.dot -o Machine.svg",
        emit: { DOTEmitter.emit($0, detail: $1) })

    static let mermaid = diagramCommand(
        name: "mermaid", format: "Mermaid stateDiagram-v2", fileExtension: "mmd",
        example: "a ```mermaid block in GitHub Markdown",
        emit: { MermaidEmitter.emit($0, detail: $1) })

    /// `fsmc dot|mermaid FILE... [-o PATH] [--detail full|overview]`: one diagram of each file. One
    /// file's goes to standard output or to the file PATH; with several files, or when PATH is a
    /// folder (it exists, or ends in `/`), each goes to `PATH/<stem>.<fileExtension>`. Written
    /// atomically, only when changed; nothing for a file with errors.
    private static func diagramCommand(
        name: String, format: String, fileExtension: String, example: String,
        emit: @escaping @Sendable (Model, DiagramDetail) -> String
    ) -> Command {
        Command(
            name: name,
            abstract: "Draw .fsm files as UML state diagrams in \(format).",
            usage: "fsmc \(name) <file>... [-o <path>] [--detail full|overview]",
            options: [
                OptionSpec(
                    names: ["-o", "--output"], valueName: "path",
                    help:
                        "One file: write its diagram to this file (default, or a path of '-': standard output). Several files, or a folder: write <path>/<stem>.\(fileExtension) for each."
                ),
                OptionSpec(
                    names: ["--detail"], valueName: "detail", allowedValues: DiagramDetail.allCases.map(\.rawValue),
                    help:
                        "full (default): guards, effects, entry/exit and internal transitions; overview: states and events only."),
            ],
            discussion: """
                Diagnostics go to standard error. A file with errors gets no diagram (an earlier one is
                left as it was); the others are still drawn. With several files, -o names a folder,
                created when the first diagram is written: 'fsmc \(name) Machines/*.fsm -o diagrams'.
                Exit status: 0 on success (warnings allowed), 1 when a file has errors, 2 for bad usage
                or an I/O failure. An input of '-' reads standard input; '-o -' writes one file's
                diagram to standard output. Render it with, for example, \(example).
                """,
            run: { arguments in
                let files = try requireFiles(arguments, command: name)
                let output = arguments.value("-o")
                let intoFolder = files.count > 1 || output.map(FileIO.namesFolder) == true
                var outputFolder: FileIO.OutputFolder?
                if intoFolder {
                    guard let output, output != FileIO.standardInput else {
                        throw UsageError(
                            message: output == nil
                                ? "\(files.count) files need a folder for their diagrams; pass -o <folder>"
                                : "'-o -' writes one file's diagram to standard output; give one input, not \(files.count)",
                            command: name)
                    }
                    try checkDistinctStems(files, command: name, verb: "write", fileExtension: fileExtension)
                    outputFolder = FileIO.OutputFolder(output)
                }
                let detail = arguments.value("--detail").flatMap(DiagramDetail.init(rawValue:)) ?? .full
                var status = ExitStatus.success
                for path in files {
                    let compilation: Compilation
                    do throws(IOError) {
                        // A diagram has no Swift: the rules of the generated Swift's names are not checked.
                        compilation = Compilation(
                            path: FileIO.displayName(path), bytes: try FileIO.read(path), checkingSwiftNames: false)
                    } catch {
                        // One file: the caller reports it (exit status 2); several: the others go on.
                        guard intoFolder else { throw error }
                        Terminal.writeError("error: \(error.message)\n")
                        status = ExitStatus.usage
                        continue
                    }
                    report([compilation])
                    guard let model = compilation.model else {
                        if status == ExitStatus.success { status = ExitStatus.inputErrors }
                        continue
                    }
                    let text = emit(model, detail)
                    guard let output, output != FileIO.standardInput, !(intoFolder && path == FileIO.standardInput) else {
                        Terminal.writeOut(text)
                        continue
                    }
                    guard outputFolder != nil else {
                        try FileIO.writeIfChanged(text, to: output)
                        continue
                    }
                    do throws(IOError) {
                        try outputFolder?.write(text, named: stem(path) + "." + fileExtension)
                    } catch {
                        Terminal.writeError("error: \(error.message)\n")
                        return ExitStatus.usage
                    }
                }
                return status
            })
    }
}
