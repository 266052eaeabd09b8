import FSMCore

/// A small command-line parser that behaves like swift-argument-parser for the shapes fsmc needs:
/// `--flag value`, `--flag=value`, `-o value`, boolean flags, `--` ending options, and errors that
/// name the offending flag (with a suggestion for a misspelt one).
struct OptionSpec: Sendable {
    var names: [String]
    var valueName: String?
    var allowedValues: [String]?
    var help: String
    /// Whether the option may be given more than once (its values are collected in order).
    var repeatable = false

    var takesValue: Bool { valueName != nil }
    var primaryName: String { names.first! }
}

struct ParsedArguments {
    var values: [String: String] = [:]
    /// Every value of a repeatable option, in order.
    var repeatedValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name] }
    func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A mistake in how fsmc was invoked; exit status 2.
struct UsageError: Error {
    var message: String
    var command: String?
}

enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names)
                var message = "unknown option '\(name)'"
                if let suggestion = closest(name, among: known) { message += "; did you mean '\(suggestion)'?" }
                throw UsageError(message: message, command: command)
            }
            if spec.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "missing value for '\(name) <\(spec.valueName!)>'", command: command)
                }
                if let allowed = spec.allowedValues, !allowed.contains(value) {
                    throw UsageError(
                        message: "invalid value '\(value)' for '\(name)'; expected one of: \(allowed.joined(separator: ", "))",
                        command: command)
                }
                if spec.repeatable {
                    result.repeatedValues[spec.primaryName, default: []].append(value)
                    continue
                }
                if result.values[spec.primaryName] != nil {
                    throw UsageError(message: "'\(name)' given more than once", command: command)
                }
                result.values[spec.primaryName] = value
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "'\(name)' takes no value", command: command)
                }
                result.flags.insert(spec.primaryName)
            }
        }
        return result
    }

    /// The known name closest to a misspelt one, if it is within two edits: a fixed limit, unlike
    /// the analyzer's, because option names share their `--` and subcommands are short.
    static func closest(_ name: String, among candidates: [String]) -> String? {
        Suggestions.closest(to: name, among: candidates, limit: 2)
    }
}
