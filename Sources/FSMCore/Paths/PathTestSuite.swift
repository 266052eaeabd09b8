/// `fsmc paths --format swift-testing`: a Swift Testing suite for the generated machine, one `@Test`
/// per path.
///
/// A recording actions type answers each step's guards from the path (one answer per evaluation, in
/// order) and records the guards asked and the actions called with their arguments; the machine runs
/// on manual timing and manual activities, so the test moves time and ends activities itself. After
/// each step the test checks the guards asked, the actions called and the active states.
public struct PathTestSuite {
    public let output: PathOutput
    /// The module the suite `@testable import`s: the one that holds the generated machine.
    public let module: String
    public let isolation: Isolation

    public init(output: PathOutput, module: String, isolation: Isolation) {
        self.output = output
        self.module = module
        self.isolation = isolation
    }

    private var model: Model { output.model }
    private var machine: String { model.name }
    private var actionsType: String { machine + "PathActions" }
    private var errorType: String { machine + "PathError" }
    private var valuesType: String { machine + "PathValues" }
    private var valuesProtocol: String { valuesType + "Protocol" }

    /// An event parameter whose values the user gives: of a type without literals that is not
    /// optional (an optional gets `nil`), a type of their own or `[UInt8]`.
    struct SuppliedValue {
        var event: Int
        var parameter: Int
        /// The member of `<Machine>PathValues` that gives it: `placeOrder` for `place(order:)`.
        var member: String
        var type: ParameterType
    }

    /// The parameters whose values the user gives, every event's in the order of the declarations;
    /// empty for most machines, and then the suite has nothing to fill in.
    var suppliedValues: [SuppliedValue] {
        var values: [SuppliedValue] = []
        var taken = Set<String>()
        for (eventIndex, event) in model.events.enumerated() {
            for (index, parameter) in event.parameters.enumerated()
            where InterpreterValue.sample(of: parameter.type) == .opaque {
                let base = event.name + parameter.name.prefix(1).uppercased() + parameter.name.dropFirst()
                var member = base
                var number = 2
                while !taken.insert(member).inserted {
                    member = base + String(number)
                    number += 1
                }
                values.append(SuppliedValue(event: eventIndex, parameter: index, member: member, type: parameter.type))
            }
        }
        return values
    }

    /// Whether an action's parameter of this type is recorded as `_` (or `nil`) rather than by its
    /// value: a type without literals, but for `any Error` while only `catch` transitions pass it
    /// (the error of a `fail` step, named as in the script).
    private func recordsOpaquely(_ type: ParameterType) -> Bool {
        guard !EventLine.canSimulate(type: type) else { return false }
        return type != .error || model.events.contains { $0.parameters.contains { $0.type == .error } }
    }

    /// `SignInPathTests.swift`.
    public var fileName: String { machine + "PathTests.swift" }

    /// The actor the machine is isolated to, as `generate` decides it (`nil`: none).
    private var globalActor: String? { MachinePlan.globalActor(of: model, isolation: isolation) }

    /// Whether the machine's API uses `Duration` (timers, activities or delays): it needs the
    /// `@available` of the generated file on Apple platforms.
    private var usesDuration: Bool {
        model.hasTimedTransitions || model.hasActivities || model.requirements.contains(where: \.isDelay)
    }

    /// The command that writes this suite again: every option that changed it, and `-o` with a
    /// placeholder for the folder it is in (the suite does not know the path it was written to).
    var regenerateCommand: [String] {
        let options = output.options
        let defaults = PathExplorer.Options()
        var command = ["fsmc", "paths", output.fileName, "--format", "swift-testing"]
        if options.goal != defaults.goal { command += ["--cover", options.goal.rawValue] }
        if options.maxLength != defaults.maxLength { command += ["--max-length", String(options.maxLength)] }
        if options.maxConfigurations != defaults.maxConfigurations {
            command += ["--max-configurations", String(options.maxConfigurations)]
        }
        if module != model.name { command += ["--module", module] }
        if let option = isolation.option { command += ["--isolation", option] }
        for (name, nanoseconds) in options.delays.sorted(by: { $0.key < $1.key }) {
            command += ["--delay", "\(name)=" + DurationLiteral.text(nanoseconds: nanoseconds)]
        }
        return command + ["-o", "<folder>"]
    }

    public func render() -> String {
        var out = CodeWriter()
        let report = output.report
        out.line("// Generated by fsmc paths from \(output.fileName) (--cover \(output.options.goal.rawValue)): do not edit.")
        // As generated machines are: a project's swift-format leaves the file as fsmc wrote it.
        out.line("// swift-format-ignore-file")
        out.line(
            "// \(report.paths.count) path\(report.paths.count == 1 ? "" : "s"), \(report.totalSteps) steps, covering \(report.goals.count - report.uncovered.count) of \(report.goals.count) goals."
        )
        out.line("// Regenerate it when the machine changes, from the machine's folder:")
        out.line("//     \(regenerateCommand.joined(separator: " "))")
        let supplied = suppliedValues
        if !supplied.isEmpty { emitFillInComment(supplied, into: &out) }
        out.line("import Testing")
        out.line()
        out.line("@testable import \(module)")
        out.line()
        emitActions(into: &out)
        out.line()
        emitHelpers(into: &out)
        out.line()
        if !supplied.isEmpty {
            emitValues(supplied, into: &out)
            out.line()
        }
        // Swift Testing refuses `@available` on a suite: each test carries it.
        out.lines(globalActor.map { ["@\($0)"] } ?? [])
        out.block("@Suite struct \(machine)PathTests") { out in
            for (index, path) in report.paths.enumerated() {
                if index > 0 { out.line() }
                emitTest(index + 1, path, into: &out)
            }
        }
        return out.text
    }

    /// What to fill in, at the top of the file: the file of the user's own, the type it extends, each
    /// member with its type.
    private func emitFillInComment(_ supplied: [SuppliedValue], into out: inout CodeWriter) {
        let file = valuesType + ".swift"
        out.line("//")
        out.line("// To fill in: the paths send events with parameters of types fsmc cannot make a value of, and")
        out.line("// take their values from \(valuesType). Give them in a file of your own in this test target,")
        out.line("// \(file) (fsmc paths writes this file again, never yours):")
        out.line("//")
        out.line("//     extension \(valuesType) {")
        for value in supplied {
            let event = model.events[value.event]
            let signature = event.name + "(" + event.parameters.map { $0.name + ":" }.joined() + ")"
            out.line("//         static var \(SwiftNames.escaped(value.member)): \(value.type) { ... }  // \(signature)")
        }
        out.line("//     }")
        out.line("//")
        out.line("// Any value does: the paths answer the guards, so no step depends on it. The actions record such")
        out.line("// an argument as `_`, and do not compare it. Without \(file), this file does not compile:")
        out.line("// \"type '\(valuesType)' does not conform to protocol '\(valuesProtocol)'\".")
    }

    /// The protocol of the values to fill in, and the type the user's file extends.
    private func emitValues(_ supplied: [SuppliedValue], into out: inout CodeWriter) {
        out.line("/// The values the paths send for parameters of types fsmc cannot make a value of: \(valuesType),")
        out.line("/// extended in \(valuesType).swift, a file of your own, gives them (see the top of this file).")
        out.lines(globalActor.map { ["@\($0)"] } ?? [])
        out.block("protocol \(valuesProtocol)") { out in
            for value in supplied {
                let event = model.events[value.event]
                out.line("/// `\(event.name)`'s `\(event.parameters[value.parameter].name)`.")
                out.line("static var \(SwiftNames.escaped(value.member)): \(value.type) { get }")
            }
        }
        out.line()
        let hint = "an error here? write \(valuesType).swift: see the top of this file"
        out.line("enum \(valuesType): \(valuesProtocol) {}  // " + hint)
    }

    private var attributes: [String] {
        (usesDuration ? ["@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"] : []) + (globalActor.map { ["@\($0)"] } ?? [])
    }

    private func emitActions(into out: inout CodeWriter) {
        out.line("/// Answers the guards from the path being tested and records what the machine asks and does.")
        out.lines(attributes)
        out.block("final class \(actionsType): \(SwiftNames.actionsProtocol(of: machine))") { out in
            out.line("/// The answers for the step being run, by guard, one per evaluation in order.")
            out.line("var answers: [String: [Bool]] = [:]")
            out.line("/// The guards asked and the actions called since the last check, in order.")
            out.line("var guards: [String] = []")
            out.line("var actions: [String] = []")
            out.line()
            for requirement in model.requirements {
                let parameters = requirement.parameters.map { "\(SwiftNames.escaped($0.label)): \($0.type)" }
                let name = SwiftNames.escaped(requirement.name)
                let signature = "func \(name)(\(parameters.joined(separator: ", ")))"
                if requirement.isGuard {
                    out.line("\(signature) -> Bool { answer(\(SwiftLiteral.string(requirement.name))) }")
                } else if requirement.isDelay {
                    let nanoseconds = output.options.delays[requirement.name] ?? PathExplorer.Options.defaultDelay
                    out.line("\(signature) -> Duration { \(durationExpression(nanoseconds)) }")
                } else if requirement.isActivity {
                    let effects = requirement.isThrowingActivity ? "async throws" : "async"
                    out.line("\(signature) \(effects) {}  // never called: the tests end activities themselves")
                } else {
                    let arguments = requirement.parameters.map {
                        "\($0.label): \\(\(recordsOpaquely($0.type) ? "opaque" : "describe")(\(SwiftNames.escaped($0.label))))"
                    }
                    let text = arguments.isEmpty ? requirement.name : "\(requirement.name)(\(arguments.joined(separator: ", ")))"
                    out.line("\(signature) { actions.append(\"\(text)\") }")
                }
            }
            out.line()
            out.block("private func answer(_ name: String) -> Bool") { out in
                out.line("guards.append(name)")
                out.block("guard let next = answers[name]?.first else") { out in
                    out.line("Issue.record(\"guard \\(name) was asked, but the path answers it no more\")")
                    out.line("return false")
                }
                out.line("answers[name]?.removeFirst()")
                out.line("return next")
            }
            out.line()
            out.line("/// Ends a step: the answers it did not ask for are reported, and the records start again.")
            out.block("func next()") { out in
                out.line("let unused = answers.filter { !$0.value.isEmpty }.keys.sorted()")
                out.line("if !unused.isEmpty { Issue.record(\"answers not asked for: \\(unused)\") }")
                out.line("(guards, actions, answers) = ([], [], [:])")
            }
        }
    }

    private func emitHelpers(into out: inout CodeWriter) {
        if model.hasActivities {
            out.line("/// The error a path's `fail` step throws, named as in its script.")
            out.block("struct \(errorType): Error, CustomStringConvertible") { out in
                out.line("var description: String")
                out.line("init(_ description: String) { self.description = description }")
            }
            out.line()
        }
        // Generic rather than `Any`: an optional argument (`Int?`) passed to `Any` makes swiftc warn
        // that it is implicitly coerced, an error in a test target with warnings as errors.
        out.line("/// A value as the path's actions are written: strings in quotes, an optional's value or nil.")
        out.block("private func describe<Value>(_ value: Value) -> String") { out in
            out.line("if let text = value as? String { return String(reflecting: text) }")
            out.line("let mirror = Mirror(reflecting: value)")
            out.block("if mirror.displayStyle == .optional") { out in
                out.line("return mirror.children.first.map { describe($0.value) } ?? \"nil\"")
            }
            out.line("return String(describing: value)")
        }
        guard model.requirements.contains(where: { $0.parameters.contains { recordsOpaquely($0.type) } }) else { return }
        out.line()
        out.line("/// A value of a type without literals, as the paths' actions are written: `_`, whatever it is (it is")
        let rest = model.hasActivities ? "`nil`, or the error of a `fail` step." : "or `nil`."
        out.line("/// not compared), " + rest)
        out.block("private func opaque<Value>(_ value: Value) -> String") { out in
            if model.hasActivities { out.line("if value is \(errorType) { return describe(value) }") }
            out.line("let mirror = Mirror(reflecting: value)")
            out.line("return mirror.displayStyle == .optional && mirror.children.isEmpty ? \"nil\" : \"_\"")
        }
    }

    private func emitTest(_ number: Int, _ path: [PathStep], into out: inout CodeWriter) {
        let covers = output.newlyCovered(inPath: number)
        let labels = covers.joined().compactMap { output.catalog.entry($0)?.label }
        let steps = "\(path.count - 1) step\(path.count == 2 ? "" : "s")"
        let summary =
            labels.isEmpty
            ? steps
            : labels.count == 1 ? "\(steps), covers \(labels[0])" : "\(steps), covers \(labels[0]) and \(labels.count - 1) more"
        if usesDuration { out.line("@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)") }
        out.block("@Test(\(SwiftLiteral.string("Path \(number): " + summary))) func path\(number)()") { out in
            out.line("let actions = \(actionsType)()")
            var arguments = ["actions: actions"]
            if model.hasTimedTransitions { arguments.append("timing: .manual") }
            if model.hasActivities { arguments.append("activities: .manual") }
            out.line("let machine = \(machine)(\(arguments.joined(separator: ", ")))")
            for (index, step) in path.enumerated() {
                out.line()
                if let line = output.scriptLine(step) { out.line("// " + line) }
                for item in covers[index] { out.line("// covers " + (output.catalog.entry(item)?.label ?? "?")) }
                let answers = step.answersByGuard
                if !answers.isEmpty {
                    let entries = answers.map {
                        "\(SwiftLiteral.string($0.name)): [\($0.answers.map(String.init).joined(separator: ", "))]"
                    }
                    out.line("actions.answers = [\(entries.joined(separator: ", "))]")
                }
                out.line(call(step.input))
                let guards = step.guards.map { SwiftLiteral.string($0.call.name) }
                let called = step.actions.map(expectedAction)
                out.line("#expect(actions.guards == [\(guards.joined(separator: ", "))])")
                out.line("#expect(actions.actions == [\(called.joined(separator: ", "))])")
                let states = step.activeStates.map { "." + SwiftNames.escaped(SwiftNames.lowerCamelCase(model.states[$0].name)) }
                out.line("#expect(machine.activeStates == [\(states.joined(separator: ", "))])")
                if step.isFinished { out.line("#expect(machine.isFinished)") }
                out.line("actions.next()")
            }
        }
    }

    private func call(_ input: PathStep.Input) -> String {
        switch input {
        case .start: return "machine.start()"
        case .event(let occurrence):
            let event = model.events[occurrence.event]
            let supplied = suppliedValues.filter { $0.event == occurrence.event }
            let arguments = zip(event.parameters, occurrence.arguments).enumerated().map { index, argument in
                let value =
                    argument.1 == .opaque
                    ? valuesType + "." + SwiftNames.escaped(supplied.first { $0.parameter == index }?.member ?? "?")
                    : swiftLiteral(argument.1)
                return "\(SwiftNames.escaped(argument.0.name)): \(value)"
            }
            return "machine.\(SwiftNames.escaped(event.name))(\(arguments.joined(separator: ", ")))"
        case .wait(let nanoseconds): return "machine.advanceTime(by: \(durationExpression(nanoseconds)))"
        case .finish(let state): return "machine.finishActivity(of: \(stateCase(state)))"
        case .fail(let state, let error):
            return "machine.failActivity(of: \(stateCase(state)), with: \(errorType)(\(SwiftLiteral.string(error))))"
        }
    }

    private func stateCase(_ state: Int) -> String {
        "." + SwiftNames.escaped(SwiftNames.lowerCamelCase(model.states[state].name))
    }

    /// `"remember(email: \(describe("" as String)), password: ...)"`: the action's text made by the
    /// same `describe` the recording uses, so that both sides spell values alike.
    private func expectedAction(_ action: Invocation) -> String {
        guard !action.arguments.isEmpty else { return SwiftLiteral.string(action.name) }
        let requirement = model.requirements.first { $0.name == action.name }
        let arguments = action.arguments.map { argument -> String in
            let type = requirement?.parameters.first { $0.label == argument.label }?.type
            switch argument.value {
            case .none: return "\(argument.label): nil"
            case .opaque: return "\(argument.label): _"
            case .error(let name): return "\(argument.label): \(escapedInString(name))"
            case .integer, .boolean: return "\(argument.label): \(argument.value)"
            case .string(let text)
            where text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F && !"\"\\'".unicodeScalars.contains($0) }):
                return "\(argument.label): \\\"\(text)\\\""
            default:
                let literal = swiftLiteral(argument.value)
                let typed = type.map { "\(literal) as \($0)" } ?? literal
                return "\(argument.label): \\(describe(\(typed)))"
            }
        }
        return "\"\(escapedInString(action.name))(\(arguments.joined(separator: ", ")))\""
    }

    /// Text for inside a Swift string literal.
    private func escapedInString(_ text: String) -> String {
        String(SwiftLiteral.string(text).dropFirst().dropLast())
    }

    private func swiftLiteral(_ value: InterpreterValue) -> String {
        switch value {
        case .string(let text): SwiftLiteral.string(text)
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): String(flag)
        case .none: "nil"
        case .error(let name): "\(errorType)(\(SwiftLiteral.string(name)))"
        case .opaque: "_"  // never: an event's call takes it from the values filled in
        }
    }

    /// `.seconds(10)`, `.milliseconds(500)`, `.nanoseconds(7)`.
    private func durationExpression(_ nanoseconds: Int) -> String {
        if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }
}
