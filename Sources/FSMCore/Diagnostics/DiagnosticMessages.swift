/// Every message fsmc can report, written once, each tied to its stable ``DiagnosticID``: the
/// syntax ones here, the semantic ones in `DiagnosticMessages+Semantics.swift`. Call sites pass
/// names and places, never text, so every message is found by its factory's name.
extension Diagnostic {
    // MARK: Reading the file

    static func invalidUTF8(byte: UInt8, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidUTF8, "file is not valid UTF-8: unexpected byte 0x\(String(byte, radix: 16, uppercase: true))", at: range)
    }

    static func fileTooLarge(limit: Int) -> Diagnostic {
        Diagnostic(
            .fileTooLarge, "file is too large; fsmc reads files of up to \(limit / (1024 * 1024)) MiB",
            at: SourceRange(start: 0, end: 0))
    }

    static func tooManyErrors(limit: Int, at range: SourceRange) -> Diagnostic {
        Diagnostic(.tooManyErrors, "too many errors emitted (\(limit)); stopping now", at: range)
    }

    // MARK: Lexical structure

    static func invalidCharacter(_ scalar: Unicode.Scalar, at range: SourceRange) -> Diagnostic {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let shown =
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? code : "'\(Character(scalar))' (\(code))"
        if scalar == "-" { return misspeltArrow("-", at: range, fixIt: false) }
        if scalar == "&" || scalar == "|" {
            return Diagnostic(
                .invalidCharacter, "unexpected '\(scalar)'; did you mean '\(scalar)\(scalar)'?", at: range,
                fixIts: [FixIt(replace: range, with: "\(scalar)\(scalar)")])
        }
        if scalar.value >= 0x80, scalar.properties.isAlphabetic {
            return Diagnostic(
                .invalidCharacter, "invalid character \(shown); names use only ASCII letters, digits and '_'", at: range)
        }
        return Diagnostic(.invalidCharacter, "invalid character \(shown) in source file", at: range)
    }

    /// `spelling` where a transition's arrow belongs: a lone `-` (which may be something else, so
    /// without fix-it), `=>` or `<-` (with `->` as fix-it).
    static func misspeltArrow(_ spelling: String, at range: SourceRange, fixIt: Bool) -> Diagnostic {
        Diagnostic(
            .invalidCharacter, "unexpected '\(spelling)'; a transition's arrow is '->'", at: range,
            fixIts: fixIt ? [FixIt(replace: range, with: "->")] : [])
    }

    /// A lone `-` where an argument or its value belongs (in a guard it is ``operatorInGuard(expected:at:)``;
    /// elsewhere, ``invalidCharacter(_:at:)`` takes it for a misspelt arrow). `negative` is the negative
    /// number it was meant to be, with the range to replace by it, when a number follows after a space.
    static func loneMinus(
        expected expectation: Expectation, at range: SourceRange, negative: (text: String, range: SourceRange)?
    ) -> Diagnostic {
        let message = "expected \(expectation.text); a lone '-' is not a value"
        guard let negative else { return Diagnostic(.invalidCharacter, message, at: range) }
        return Diagnostic(
            .invalidCharacter, message + "; write a negative number without a space: '\(negative.text)'", at: range,
            fixIts: [FixIt(replace: negative.range, with: negative.text)])
    }

    /// A comparison or arithmetic operator (`>`, `==`, `+`, a lone `-`, ...) or a literal in a guard,
    /// where `expectation` (an operand, or what continues a guard) belongs.
    static func operatorInGuard(expected expectation: Expectation, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken,
            "expected \(expectation.text); guards cannot compare or compute values: a guard is a call such as 'isPositive(count)', combined with '!', '&&' and '||'",
            at: range)
    }

    /// A comparison or arithmetic operator after an argument of a guard or action call.
    static func operatorInArguments(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken,
            "expected ',' or ')' after an argument; arguments cannot compare or compute values: an argument is an event parameter or a literal, such as 'count', 'n: count' or 'n: 1'",
            at: range)
    }

    /// `and`, `or` or `not` at `range` in a guard, read as `&&`, `||` or `!` (`replacement`); the
    /// fix-it replaces `replaced` (the word, and for `not` the blanks after it).
    static func wordOperatorInGuard(_ word: String, replacement: String, at range: SourceRange, replacing replaced: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            .unexpectedToken, "unexpected '\(word)' in a guard; did you mean '\(replacement)'?", at: range,
            fixIts: [FixIt(replace: replaced, with: replacement)])
    }

    static func unterminatedString(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unterminatedString, "unterminated string literal", at: range)
    }

    static func unterminatedComment(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unterminatedComment, "unterminated '/*' comment", at: range)
    }

    static func invalidEscape(at range: SourceRange) -> Diagnostic {
        Diagnostic(.invalidEscape, "invalid escape sequence in string literal; use \\\", \\\\, \\n, \\t or \\u{...}", at: range)
    }

    static func invalidUnicodeEscape(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidEscape, "invalid \\u{...} escape: expected 1 to 8 hexadecimal digits naming a Unicode scalar", at: range)
    }

    static func invalidNumber(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.invalidNumber, "'\(text)' is not a valid number", at: range)
    }

    static func integerOverflow(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.invalidNumber, "integer literal '\(text)' does not fit in Int", at: range)
    }

    // MARK: Syntax

    static func expectedMachine(at range: SourceRange) -> Diagnostic {
        Diagnostic(.expectedMachine, "expected 'machine Name { ... }' at the start of the file", at: range)
    }

    /// `expected ...`: the parser found something else where `expectation` belongs.
    static func expected(_ expectation: Expectation, at range: SourceRange, fixIt: FixIt? = nil) -> Diagnostic {
        Diagnostic(.unexpectedToken, "expected \(expectation.text)", at: range, fixIts: fixIt.map { [$0] } ?? [])
    }

    /// `history initial C`: `history` (or `deep history`) written before `initial`; `name` is the state's, when given.
    static func initialAfterHistory(history: String, name: String?, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken, "'\(history)' goes after 'initial': write 'initial \(history)\(name.map { " " + $0 } ?? "")'",
            at: range, fixIts: [FixIt(replace: range, with: "initial \(history)")])
    }

    /// What the parser expected at a place, as the `expected ...` message says it.
    enum Expectation: Sendable {
        case machineBody
        case member
        case name(NameRole)
        case guardOperand
        /// After a guard's operand, inside `[ ]` or `( )` (`closing`).
        case guardContinuation(closing: String)
        case argumentValue(label: String)
        case parameterType(parameter: String)
        case typeAfterDot
        case endOfGenericArguments
        case endOfCollectionType
        case endOfTupleType
        case type
        case stateAfter(keyword: String)
        case historyAfterDeep
        case activityAction(keyword: String)
        /// The `/` and name of a `do` activity.
        case doActivity
        case transitionTargetOrState
        /// A transition's arrow, left out before its target's name.
        case arrowBefore(name: String)
        /// After `after` or `every` (`keyword`).
        case delay(keyword: String)
        /// The `/` of an `every` transition, which has actions and nothing else to do.
        case everyActions

        var text: String {
            switch self {
            case .machineBody: "'{' to begin the machine's body"
            case .member: "a state, transition, 'initial', 'entry', 'exit' or 'event' declaration"
            case .name(let role): "a name for the \(role.text)"
            case .guardOperand: "a guard name, '!' or '('"
            case .guardContinuation(let closing): "'&&', '||' or '\(closing)' after a guard"
            case .argumentValue(let label): "an event parameter or a literal after '\(label):'"
            case .parameterType(let parameter): "':' and a type after parameter '\(parameter)'"
            case .typeAfterDot: "a type name after '.'"
            case .endOfGenericArguments: "'>' to end the generic arguments"
            case .endOfCollectionType: "']' to end the type"
            case .endOfTupleType: "')' to end the tuple type"
            case .type: "a type"
            case .stateAfter(let keyword): "'state' after '\(keyword)'"
            case .historyAfterDeep: "'history' after 'deep'"
            case .activityAction(let keyword): "'/' and an action after '\(keyword)'"
            case .doActivity: "'/' and the activity's name after 'do'"
            case .transitionTargetOrState: "'->' and a target state, or 'state' to declare a state"
            case .arrowBefore(let name): "'->' before '\(name)'"
            case .delay(let keyword): "a duration ('500ms', '2s', '10min') or the name of a delay after '\(keyword)'"
            case .everyActions: "'/' and the actions an 'every' transition repeats"
            }
        }
    }

    /// What a name names, as messages say it ("a name for the target state").
    enum NameRole: Sendable {
        case machine, state, initialState, targetState, stateToPush, stateWithHistory, event, parameter, `guard`, action
        case argumentLabelOrParameter, raisedEvent, delay, activity

        var text: String {
            switch self {
            case .machine: "machine"
            case .state: "state"
            case .initialState: "initial state"
            case .targetState: "target state"
            case .stateToPush: "state to push"
            case .stateWithHistory: "state whose history is entered"
            case .event: "event"
            case .parameter: "parameter"
            case .guard: "guard"
            case .action: "action"
            case .argumentLabelOrParameter: "argument label or event parameter"
            case .raisedEvent: "raised event"
            case .delay: "delay"
            case .activity: "activity"
            }
        }
    }

    /// The `(`/`[` lists whose closing delimiter can be missing.
    enum Delimited: Sendable {
        case parenthesizedGuard, guardBrackets, argumentList, parameterList

        var opening: String { self == .guardBrackets ? "[" : "(" }
        var closing: String { self == .guardBrackets ? "]" : ")" }
        var text: String {
            switch self {
            case .parenthesizedGuard: "the parenthesized guard"
            case .guardBrackets: "the guard"
            case .argumentList: "the argument list"
            case .parameterList: "the parameter list"
            }
        }
    }

    static func unclosedDelimiter(_ list: Delimited, at range: SourceRange, opening: SourceRange) -> Diagnostic {
        Diagnostic(
            .unclosedDelimiter, "expected '\(list.closing)' to end \(list.text)", at: range,
            notes: [DiagnosticNote("to match this opening '\(list.opening)'", at: opening)])
    }

    /// What an event parameter's type may be, as the errors about the types the language lacks say it.
    private static let parameterTypes =
        "a parameter type is a named type, an optional, an array, a dictionary, a tuple without labels or 'any P' / 'some P'"

    static func labelledTupleType(unlabelled: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken,
            "tuple element labels are not supported in parameter types; write '\(unlabelled)' (\(parameterTypes))", at: range)
    }

    static func functionParameterType(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken,
            "function types are not supported in parameter types; wrap the function in a type of your own (\(parameterTypes))",
            at: range)
    }

    /// A number after `after` or `every` that is no duration (`text`, at `range`); `unit` is the
    /// range of its unit, which a fix-it replaces with the unit meant.
    static func invalidDuration(
        _ text: String, _ problem: DurationLiteral.Problem, at range: SourceRange, unit: SourceRange
    ) -> Diagnostic {
        let units = "ms, s, min or h"
        switch problem {
        case .missingUnit:
            return Diagnostic(
                .invalidDuration, "duration '\(text)' has no unit; write it with one of \(units), with no space: '\(text)s'",
                at: range)
        case .unknownUnit(let written, let suggestion?):
            return Diagnostic(
                .invalidDuration, "unknown unit '\(written)' in duration '\(text)'; did you mean '\(suggestion.rawValue)'?",
                at: range, fixIts: [FixIt(replace: unit, with: suggestion.rawValue)])
        case .unknownUnit(let written, nil):
            return Diagnostic(
                .invalidDuration, "unknown unit '\(written)' in duration '\(text)'; a duration's unit is \(units)", at: range)
        case .negative:
            return Diagnostic(.invalidDuration, "duration '\(text)' is negative; a delay is zero or more", at: range)
        case .finerThanNanosecond:
            return Diagnostic(.invalidDuration, "duration '\(text)' is not a whole number of nanoseconds", at: range)
        case .tooLong:
            return Diagnostic(
                .invalidDuration, "duration '\(text)' is too long; fsmc's delays are at most about 292 years", at: range)
        case .malformed:
            return Diagnostic(
                .invalidDuration, "'\(text)' is not a valid duration; write one like '500ms', '2s' or '1.5min'", at: range)
        }
    }

    /// `after 5 s`: a number and its unit apart; the fix-it removes the space (`between`).
    static func spaceInDuration(_ written: String, at range: SourceRange, between: SourceRange) -> Diagnostic {
        let joined = written.filter { !$0.isWhitespace }
        return Diagnostic(
            .invalidDuration, "a duration is written without a space between number and unit: '\(joined)'", at: range,
            fixIts: [FixIt(replace: between, with: "")])
    }

    /// `do / fetch` or `catch ...`: activities are a later feature.
    static func misspeltKeyword(_ text: String, keyword: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .misspeltKeyword, "unknown keyword '\(text)'; did you mean '\(keyword)'?", at: range,
            fixIts: [FixIt(replace: range, with: keyword)])
    }

    static func consecutiveMembers(at range: SourceRange) -> Diagnostic {
        Diagnostic(.consecutiveMembers, "consecutive declarations on a line must be separated by ';'", at: range)
    }

    static func unlabeledLiteral(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unlabeledLiteral, "a literal argument needs a label, as in 'volume: 3'", at: range)
    }

    /// What a `{ ... }` body belongs to, as the missing-brace message names it.
    enum BodyOwner: Sendable {
        case machine(String)
        case state(String)
    }

    /// `likelyUnclosed` is the state that, by the indentation, is most likely the one missing its
    /// `}`, with the line before which its body ends.
    static func missingBrace(
        of owner: BodyOwner, at range: SourceRange, opening: SourceRange,
        likelyUnclosed: (name: String, range: SourceRange, endLine: Int)? = nil
    ) -> Diagnostic {
        let what =
            switch owner {
            case .machine(let name): "machine '\(name)'"
            case .state(let name): "state '\(name)'"
            }
        var notes = [DiagnosticNote("to match this opening '{'", at: opening)]
        if let likelyUnclosed {
            notes.append(
                DiagnosticNote(
                    "did you forget the '}' of state '\(likelyUnclosed.name)'? By the indentation, its body ends before line \(likelyUnclosed.endLine)",
                    at: likelyUnclosed.range))
        }
        return Diagnostic(.missingBrace, "expected '}' at the end of \(what)", at: range, notes: notes)
    }

    /// What can nest too deeply.
    enum Nesting: String, Sendable {
        case states, expressions
    }

    static func nestingTooDeep(_ what: Nesting, limit: Int, at range: SourceRange) -> Diagnostic {
        Diagnostic(.nestingTooDeep, "\(what.rawValue) are nested too deeply; fsmc supports up to \(limit) levels", at: range)
    }

    static func eventDeclarationInsideState(at range: SourceRange) -> Diagnostic {
        Diagnostic(.misplacedMember, "event declarations are only allowed directly inside 'machine'", at: range)
    }

    static func activityOutsideState(_ keyword: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.misplacedMember, "'\(keyword)' activities are only allowed inside a state", at: range)
    }

    static func catchOutsideState(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .misplacedMember, "'catch' transitions are only allowed inside a state, where they handle its activity's errors",
            at: range)
    }

    static func nestedMachine(at range: SourceRange) -> Diagnostic {
        Diagnostic(.misplacedMember, "'machine' declarations are only allowed at the top of the file", at: range)
    }

    static func trailingContent(at range: SourceRange) -> Diagnostic {
        Diagnostic(.trailingContent, "unexpected text after the end of the machine; a file holds one machine", at: range)
    }

    static func keywordAsName(_ keyword: String, role: NameRole, at range: SourceRange) -> Diagnostic {
        let since =
            switch Keyword(rawValue: keyword) {
            case let known? where known.isNewInVersion2:
                "; 'parallel', 'history' and 'deep' are keywords since version 2 of the language: rename it"
            case let known? where known.isNewInVersion3:
                "; 'after', 'every', 'do', 'catch' and 'raise' are keywords since version 3 of the language: rename it"
            default: ""
            }
        return Diagnostic(
            .keywordAsName, "keyword '\(keyword)' cannot be used as \(withArticle(role.text)) name\(since)", at: range)
    }

    /// `noun` after "a" or "an", as English wants it: "an event", "a state".
    static func withArticle(_ noun: String) -> String {
        (noun.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + noun
    }
}
