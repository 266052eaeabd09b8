import FSMCore

extension Commands {
    static let dot = diagramCommand(
        name: "dot", format: "Graphviz DOT", example: "dot -Tsvg Machine.dot -o Machine.svg",
        emit: { DOTEmitter.emit($0, detail: $1) })

    static let mermaid = diagramCommand(
        name: "mermaid", format: "Mermaid stateDiagram-v2", example: "a ```mermaid block in GitHub Markdown",
        emit: { MermaidEmitter.emit($0, detail: $1) })

    /// `fsmc dot|mermaid FILE [-o PATH] [--detail full|overview]`: one diagram of one file, to
    /// standard output or written (atomically, only when changed) to PATH.
    private static func diagramCommand(
        name: String, format: String, example: String, emit: @escaping @Sendable (Model, DiagramDetail) -> String
    ) -> Command {
        Command(
            name: name,
            abstract: "Draw a .fsm file as a UML state diagram in \(format).",
            usage: "fsmc \(name) <file> [-o <path>] [--detail full|overview]",
            options: [
                OptionSpec(
                    names: ["-o", "--output"], valueName: "path",
                    help: "Write the diagram to this file (default, or a path of '-': standard output)."),
                OptionSpec(
                    names: ["--detail"], valueName: "detail", allowedValues: DiagramDetail.allCases.map(\.rawValue),
                    help:
                        "full (default): guards, effects, entry/exit and internal transitions; overview: states and events only."),
            ],
            discussion: """
                Diagnostics of the file go to standard error. Exit status: 0 on success (warnings
                allowed), 1 when the file has errors (nothing is written), 2 for bad usage or an I/O
                failure. An input of '-' reads standard input; '-o -' writes to standard output. Render it with, for example, \(example).
                """,
            run: { arguments in
                let path = try requireFiles(arguments, command: name, single: true)[0]
                let compilation = Compilation(path: FileIO.displayName(path), bytes: try FileIO.read(path))
                report([compilation])
                guard let model = compilation.model else { return ExitStatus.inputErrors }
                let detail = arguments.value("--detail").flatMap(DiagramDetail.init(rawValue:)) ?? .full
                let text = emit(model, detail)
                if let output = arguments.value("-o"), output != FileIO.standardInput {
                    try FileIO.writeIfChanged(text, to: output)
                } else {
                    Terminal.writeOut(text)
                }
                return ExitStatus.success
            })
    }
}
