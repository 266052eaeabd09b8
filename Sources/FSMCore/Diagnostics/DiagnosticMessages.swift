/// Every message fsmc can report, written once, each tied to its stable ``DiagnosticID``.
extension Diagnostic {
    fileprivate init(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.init(id, id.severity, message, at: range, notes: notes, fixIts: fixIts)
    }

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
        Diagnostic(.tooManyErrors, .note, "too many errors emitted (\(limit)); stopping now", at: range)
    }

    // MARK: Lexical structure

    static func invalidCharacter(_ scalar: Unicode.Scalar, at range: SourceRange) -> Diagnostic {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let shown =
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? code : "'\(Character(scalar))' (\(code))"
        if scalar == "-" {
            return Diagnostic(.invalidCharacter, "unexpected '-'; a transition's arrow is '->'", at: range)
        }
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

    static func expected(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.unexpectedToken, "expected \(what)", at: range)
    }

    static func expectedClosing(_ closing: String, of what: String, at range: SourceRange, opening: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedToken, "expected '\(closing)' to end \(what)", at: range,
            notes: [DiagnosticNote("to match this opening '\(closing == ")" ? "(" : "[")'", at: opening)])
    }

    static func misspeltKeyword(_ text: String, keyword: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .misspeltKeyword, "unknown keyword '\(text)'; did you mean '\(keyword)'?", at: range,
            fixIts: [FixIt(replace: range, with: keyword)])
    }

    static func consecutiveMembers(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unexpectedToken, "consecutive declarations on a line must be separated by ';'", at: range)
    }

    static func unlabeledLiteral(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unexpectedToken, "a literal argument needs a label, as in 'volume: 3'", at: range)
    }

    static func missingBrace(owner: String, at range: SourceRange, opening: SourceRange) -> Diagnostic {
        Diagnostic(
            .missingBrace, "expected '}' at the end of \(owner)", at: range,
            notes: [DiagnosticNote("to match this opening '{'", at: opening)])
    }

    static func nestingTooDeep(_ what: String, limit: Int, at range: SourceRange) -> Diagnostic {
        Diagnostic(.nestingTooDeep, "\(what) are nested too deeply; fsmc supports up to \(limit) levels", at: range)
    }

    static func misplacedMember(_ what: String, allowed: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.misplacedMember, "\(what) are only allowed \(allowed)", at: range)
    }

    static func trailingContent(at range: SourceRange) -> Diagnostic {
        Diagnostic(.trailingContent, "unexpected text after the end of the machine; a file holds one machine", at: range)
    }

    static func keywordAsName(_ keyword: String, role: String, at range: SourceRange) -> Diagnostic {
        let article = role.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return Diagnostic(.keywordAsName, "keyword '\(keyword)' cannot be used as \(article) \(role) name", at: range)
    }
}
