import FSMCore
import Foundation

extension Commands {
    static let generate = Command(
        name: "generate",
        abstract: "Generate a Swift State-pattern machine from each .fsm file.",
        usage: "fsmc generate <file>... [-o <dir>] [--access internal|public|package]",
        options: [
            OptionSpec(
                names: ["-o", "--output"], valueName: "dir", help: "Folder for the generated files (default: the current folder)."
            ),
            OptionSpec(
                names: ["--access"], valueName: "level", allowedValues: AccessLevel.allCases.map(\.rawValue),
                help: "Access level of the generated API: internal (default), public or package."),
        ],
        discussion: """
            Writes <dir>/<file stem>.swift for each input. A file with errors gets its diagnostics and
            no output (an earlier output is left as it was); the others are still generated. Files are
            written atomically and only when their content changes, so unchanged machines do not
            trigger rebuilds. Exit status: 0 success, 1 an input has errors, 2 bad usage or an I/O failure.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "generate")
            let access = AccessLevel(rawValue: arguments.value("--access") ?? "internal") ?? .internal
            let folder = arguments.value("-o") ?? "."
            try checkDistinctStems(files)
            try FileIO.createFolder(folder)
            var status = ExitStatus.success
            for path in files {
                let compilation: Compilation
                do throws(IOError) {
                    compilation = Compilation(path: path, bytes: try FileIO.read(path))
                } catch {
                    Terminal.writeError("error: \(error.message)\n")
                    status = ExitStatus.usage
                    continue
                }
                report([compilation])
                guard let model = compilation.model else {
                    if status == ExitStatus.success { status = ExitStatus.inputErrors }
                    continue
                }
                let source = SwiftEmitter.emit(model, sourceName: fileName(path), access: access)
                do throws(IOError) {
                    try FileIO.writeIfChanged(source, to: folder + "/" + stem(path) + ".swift")
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

    /// Two inputs with the same stem would write the same output file.
    static func checkDistinctStems(_ files: [String]) throws(UsageError) {
        var seen: [String: String] = [:]
        for path in files {
            if let other = seen[stem(path)] {
                throw UsageError(
                    message: "'\(other)' and '\(path)' would both generate '\(stem(path)).swift'; rename one of them",
                    command: "generate")
            }
            seen[stem(path)] = path
        }
    }
}
