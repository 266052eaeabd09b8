/// One line of a `fsmc simulate` event script: `disarm code="1234"`.
///
/// The event's name, then one `parameter=value` per declared parameter, in any order, separated by
/// white space. Values are written as the language writes literals: `"text"` (escapes `\" \\ \n \t \u{...}`,
/// the same as in a `.fsm` file),
/// `42`, `-7`, `1.5`, `true`, `false`. A parameter's declared type decides what it accepts:
/// `String` a string, `Int` an integer, `Double` (or `Float`) a number, `Bool` `true` or `false`,
/// and an optional of one of them (`Int?`) that or `nil`. A parameter of another type (a type of your
/// own, `[UInt8]`, a tuple) takes `_`: a value nothing in the machine looks into (guards are
/// answered, actions only see it passed on), written `_` wherever simulate prints it; an optional of
/// such a type takes `nil` too. Last, optionally, answers for the machine's guards while this event is processed
/// (its completions included), in brackets as a guard is written: `[isValid=false, isArmed=true]`.
/// A guard named more than once is answered per evaluation, in order: `[isValid=false, isValid=true]`
/// answers its first evaluation false, its second true, and any later one true (the last answer).
/// Blank lines and lines starting with `#` are not events.
public enum EventLine {
    /// An event line: the event, and the guards it answers.
    public struct Scripted: Sendable, Hashable {
        public var occurrence: EventOccurrence
        /// The answers in brackets, by guard name, one per evaluation in order (the last one for any
        /// evaluation after): for this event only.
        public var guardAnswers: [String: [Bool]]
    }

    /// The event on `line`, `nil` for a blank or comment line.
    public static func parse(_ line: String, in model: Model) throws(EventLineError) -> EventOccurrence? {
        try parseScripted(line, in: model)?.occurrence
    }

    /// The event on `line` and the guard answers it gives, `nil` for a blank or comment line.
    public static func parseScripted(_ line: String, in model: Model) throws(EventLineError) -> Scripted? {
        var scanner = Scanner(Array(line.unicodeScalars))
        scanner.skipSpace()
        if scanner.atEnd || scanner.peek == "#" { return nil }
        guard let name = scanner.identifier() else {
            throw EventLineError("expected an event name, found '\(scanner.rest)'")
        }
        guard let index = model.events.firstIndex(where: { $0.name == name }) else {
            let names = model.events.map(\.name)
            let detail =
                names.isEmpty ? "; the machine has no events" : Suggestions.hint(for: name, among: names, listedAs: "the events")
            throw EventLineError("unknown event '\(name)'" + detail)
        }
        let event = model.events[index]
        var values: [String: InterpreterValue] = [:]
        var answers: [String: [Bool]] = [:]
        while true {
            scanner.skipSpace()
            if scanner.atEnd || scanner.peek == "#" { break }
            if scanner.take("[") {
                answers = try guardAnswers(&scanner, in: model)
                scanner.skipSpace()
                guard scanner.atEnd || scanner.peek == "#" else {
                    throw EventLineError("expected the end of the line after the guards' ']', found '\(scanner.rest)'")
                }
                break
            }
            guard let label = scanner.identifier() else {
                throw EventLineError("expected 'parameter=value', found '\(scanner.rest)'")
            }
            guard let parameter = event.parameters.first(where: { $0.name == label }) else {
                let known = event.parameters.map(\.name).joined(separator: ", ")
                throw EventLineError(
                    "event '\(name)' has no parameter '\(label)'"
                        + (known.isEmpty ? "; it takes none" : "; its parameters are: \(known)"))
            }
            if values[label] != nil { throw EventLineError("parameter '\(label)' is given twice") }
            guard scanner.take("=") else { throw EventLineError("expected '=' after '\(label)'") }
            let value = try scanner.value()
            values[label] = try typed(value, for: parameter, of: name)
        }
        var arguments: [InterpreterValue] = []
        for parameter in event.parameters {
            guard let value = values[parameter.name] else {
                throw EventLineError("event '\(name)' needs '\(parameter.name)=...' (\(parameter.type))")
            }
            arguments.append(value)
        }
        return Scripted(occurrence: EventOccurrence(event: index, arguments: arguments), guardAnswers: answers)
    }

    /// `isValid=false, isArmed=true]`, after the `[`: each a guard of the machine; one named again
    /// answers its next evaluation.
    static func guardAnswers(_ scanner: inout Scanner, in model: Model) throws(EventLineError) -> [String: [Bool]] {
        let guards = model.guardNames
        var answers: [String: [Bool]] = [:]
        while true {
            scanner.skipSpace()
            if scanner.take("]") { return answers }
            guard let name = scanner.identifier() else {
                throw EventLineError(
                    scanner.atEnd
                        ? "expected ']' to close the guards' answers"
                        : "expected 'guard=true' or 'guard=false', found '\(scanner.rest)'")
            }
            guard guards.contains(name) else {
                let detail =
                    guards.isEmpty ? "; it has none" : Suggestions.hint(for: name, among: guards, listedAs: "its guards")
                throw EventLineError("the machine has no guard '\(name)'" + detail)
            }
            scanner.skipSpace()
            let equals = scanner.take("=")
            scanner.skipSpace()
            let answer = equals ? scanner.identifier() : nil
            guard answer == "true" || answer == "false" else {
                throw EventLineError("expected '\(name)=true' or '\(name)=false'")
            }
            answers[name, default: []].append(answer == "true")
            scanner.skipSpace()
            _ = scanner.take(",")
        }
    }

    /// Whether `fsmc simulate` can give a value to a parameter of this type.
    public static func canSimulate(type: ParameterType) -> Bool {
        type.literalKind != nil || type.wrapped.map(canSimulate(type:)) ?? false
    }

    private static func typed(
        _ value: InterpreterValue, for parameter: Model.EventParameter, of event: String
    ) throws(EventLineError) -> InterpreterValue {
        if let typed = value.converted(to: parameter.type) { return typed }
        guard canSimulate(type: parameter.type) else {
            throw EventLineError(
                "parameter '\(parameter.name)' of '\(event)' has type \(parameter.type), which simulate cannot write a value of: write \(parameter.name)=_ for one"
                    + (parameter.type.wrapped == nil ? "" : ", or \(parameter.name)=nil"))
        }
        if value == .opaque {
            throw EventLineError(
                "parameter '\(parameter.name)' is \(parameter.type): write its value ('_' stands for a value of a type simulate cannot write)"
            )
        }
        throw EventLineError("parameter '\(parameter.name)' is \(parameter.type), but \(value) is not")
    }
}

/// Why a line of an event script is not an event; the message names the problem, the caller adds
/// where it is.
public struct EventLineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

struct Scanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { position >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }
    var rest: String { String(String.UnicodeScalarView(scalars[position...])) }

    mutating func skipSpace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\r" { position += 1 }
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    mutating func identifier() -> String? {
        guard let first = peek, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return nil
        }
        var text = ""
        while let scalar = peek,
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        {
            text.unicodeScalars.append(scalar)
            position += 1
        }
        return text
    }

    /// The characters up to the next white space or the end of the line.
    mutating func word() -> String {
        var word = ""
        while let scalar = peek, scalar != " " && scalar != "\t" && scalar != "\r" {
            word.unicodeScalars.append(scalar)
            position += 1
        }
        return word
    }

    mutating func value() throws(EventLineError) -> InterpreterValue {
        guard let first = peek else { throw EventLineError("expected a value at the end of the line") }
        if first == "\"" { return .string(try string()) }
        let word = self.word()
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "nil": return .none
        case "_": return .opaque
        default: break
        }
        let digits = word.hasPrefix("-") ? word.dropFirst() : Substring(word)
        let isNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "_") }
        if isNumber, let number = Int(word.filter { $0 != "_" }) { return .integer(number) }
        if isNumber, digits.first != ".", digits.last != ".", let number = Double(word.filter { $0 != "_" }) {
            return .decimal(number)
        }
        throw EventLineError("'\(word)' is not a value; write a string in quotes, a number, true, false or nil")
    }

    private mutating func string() throws(EventLineError) -> String {
        position += 1
        var text = ""
        while let scalar = peek {
            position += 1
            switch scalar {
            case "\"": return text
            case "\\":
                let escape = position
                switch StringEscape.decode(scalars.lazy.map(\.value), from: &position) {
                case .scalar(let decoded): text.unicodeScalars.append(decoded)
                case .unknown:
                    throw EventLineError(
                        "unknown escape '\\\(scalars[escape])' in a string; use \\\", \\\\, \\n, \\t or \\u{...}")
                case .invalidUnicode:
                    throw EventLineError("invalid '\\u{...}' escape: it needs 1 to 8 hex digits naming a Unicode scalar")
                case nil: throw EventLineError("unterminated string")
                }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        throw EventLineError("unterminated string")
    }
}
