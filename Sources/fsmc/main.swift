import FSMCore
import Foundation

/// The `fsmc` command: argument handling, file I/O and exit codes only. The compiler is FSMCore.
enum FSMC {
    static let overview = """
        OVERVIEW: fsmc \(FSMCVersion.current) — compile .fsm state charts to Swift State-pattern machines and diagrams.

        USAGE: fsmc <subcommand> [options] [<file>...]

        SUBCOMMANDS:
        \(Commands.all.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

          See 'fsmc help <subcommand>' for detailed help.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Terminal.writeError(overview + "\n")
            return ExitStatus.usage
        }
        switch first {
        case "--version", "-version":
            Terminal.writeOut("fsmc \(FSMCVersion.current)\n")
            return ExitStatus.success
        case "--help", "-h":
            Terminal.writeOut(overview + "\n")
            return ExitStatus.success
        case "help":
            guard let name = arguments.dropFirst().first else {
                Terminal.writeOut(overview + "\n")
                return ExitStatus.success
            }
            guard let command = Commands.all.first(where: { $0.name == name }) else {
                return usageError(UsageError(message: "unknown subcommand '\(name)'" + suggestion(for: name)))
            }
            Terminal.writeOut(command.help)
            return ExitStatus.success
        default:
            break
        }
        guard let command = Commands.all.first(where: { $0.name == first }) else {
            let message =
                first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'" + suggestion(for: first)
            return usageError(UsageError(message: message))
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains(where: { $0 == "--help" || $0 == "-h" }),
            !rest.prefix(while: { $0 != "--" }).allSatisfy({ $0 != "--help" && $0 != "-h" })
        {
            Terminal.writeOut(command.help)
            return ExitStatus.success
        }
        do {
            let parsed = try ArgumentParser.parse(rest, options: command.options, command: command.name)
            return try command.run(parsed)
        } catch let error as UsageError {
            return usageError(error)
        } catch let error as IOError {
            Terminal.writeError("error: \(error.message)\n")
            return ExitStatus.usage
        } catch {
            Terminal.writeError("error: \(error)\n")
            return ExitStatus.usage
        }
    }

    /// "; did you mean 'check'?" for a misspelt subcommand (within two edits) or a shortened one
    /// (`gen`, the start of exactly one subcommand's name); nothing when neither fits.
    static func suggestion(for name: String) -> String {
        let names = Commands.all.map(\.name)
        let starting = name.isEmpty ? [] : names.filter { $0.hasPrefix(name.lowercased()) }
        let match = ArgumentParser.closest(name, among: names) ?? (starting.count == 1 ? starting[0] : nil)
        return match.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func usageError(_ error: UsageError) -> Int32 {
        var text = "error: \(error.message)\n"
        if let name = error.command, let command = Commands.all.first(where: { $0.name == name }) {
            text += "Usage: \(command.usage)\n  See 'fsmc help \(name)'.\n"
        } else {
            text += "Usage: fsmc <subcommand> [options] [<file>...]\n  See 'fsmc --help'.\n"
        }
        Terminal.writeError(text)
        return ExitStatus.usage
    }
}

exit(FSMC.run(Array(CommandLine.arguments.dropFirst())))
