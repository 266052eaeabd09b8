/// Turns the bytes of a source file into tokens.
///
/// Line ends are significant (they end a member), so the lexer emits ``TokenKind/newline`` tokens,
/// collapsing runs of blank lines and comments into one. It never fails: a character it cannot read
/// becomes a diagnostic and is skipped, so the parser always sees a well-formed token stream that
/// ends with ``TokenKind/endOfFile``.
public struct Lexer {
    private let bytes: [UInt8]
    private var index = 0
    private var lexemes: [Lexeme] = []
    private var literalValues: [String] = []
    private var docComments: [[String]] = []
    private var pendingDoc: [String] = []
    private var diagnostics: DiagnosticEngine
    private var sawUnterminatedComment = false

    /// Lexes a whole file.
    public static func tokenize(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> [Token] {
        let lexed = lex(file, diagnostics: &diagnostics)
        return lexed.lexemes.map { lexeme in
            Token(
                kind: lexeme.kind, range: lexeme.range, text: lexed.text(of: lexeme, in: file.bytes),
                docComment: lexed.docComment(of: lexeme))
        }
    }

    /// Lexes a whole file into lexemes, for the parser.
    static func lex(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> LexedFile {
        var lexer = Lexer(bytes: file.bytes, diagnostics: diagnostics)
        lexer.run()
        diagnostics = lexer.diagnostics
        return LexedFile(lexemes: lexer.lexemes, literalValues: lexer.literalValues, docComments: lexer.docComments)
    }

    private init(bytes: [UInt8], diagnostics: DiagnosticEngine) {
        self.bytes = bytes
        self.diagnostics = diagnostics
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    private mutating func run() {
        // One token per four or five bytes of a typical file, so room for one per three bytes is one
        // allocation instead of a dozen regrowths, and room never used is never touched. Capped at
        // two million tokens (64 MB of address space): a larger file grows it as it goes.
        lexemes.reserveCapacity(min(bytes.count / 3, 1 << 21) + 16)
        while let byte = peek() {
            if diagnostics.reachedErrorLimit { break }
            let start = index
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                // Indentation comes in runs: skip the run here, not one byte per turn of the loop.
                index += 1
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                    index += 1
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                addNewline(at: start)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                lexLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                lexBlockComment()
            case UInt8(ascii: "\""):
                lexString()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber(start: start)
            case UInt8(ascii: "-") where peek(1)?.isDigit == true:
                index += 1
                lexNumber(start: start)
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
                index += 2
                add(.arrow, from: start)
            case UInt8(ascii: "=") where peek(1) == UInt8(ascii: ">"):
                // `go => B`: the arrow of other languages, reported with '->' as fix-it and read as it.
                index += 2
                diagnostics.emit(.misspeltArrow("=>", at: SourceRange(start: start, end: index), fixIt: true))
                add(.arrow, from: start)
            case UInt8(ascii: "&") where peek(1) == UInt8(ascii: "&"):
                index += 2
                add(.ampAmp, from: start)
            case UInt8(ascii: "|") where peek(1) == UInt8(ascii: "|"):
                index += 2
                add(.pipePipe, from: start)
            case _ where byte.isIdentifierStart:
                lexIdentifier()
            default:
                if let kind = Lexer.punctuation(byte) {
                    index += 1
                    add(kind, from: start)
                } else {
                    lexInvalidCharacters()
                }
            }
        }
        if lexemes.last?.kind == .newline { lexemes.removeLast() }
        // After an unterminated comment the end of the file is not where the author meant it to be;
        // an unknown token there keeps the parser from adding "expected '}'" to the report.
        if sawUnterminatedComment {
            lexemes.append(Lexeme(.unknown, SourceRange(start: bytes.count, end: bytes.count)))
        }
        lexemes.append(Lexeme(.endOfFile, SourceRange(start: bytes.count, end: bytes.count)))
    }

    /// The one-byte punctuation tokens (a `switch`, not a dictionary: no hashing per token).
    private static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "<"): .leftAngle
        case UInt8(ascii: ">"): .rightAngle
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "?"): .question
        case UInt8(ascii: "/"): .slash
        case UInt8(ascii: "!"): .bang
        default: nil
        }
    }

    private mutating func add(_ kind: TokenKind, from start: Int, value: Int32 = 0) {
        var doc: Int32 = -1
        if !pendingDoc.isEmpty {
            doc = Int32(truncatingIfNeeded: docComments.count)
            docComments.append(pendingDoc)
            pendingDoc = []
        }
        lexemes.append(Lexeme(kind, SourceRange(start: start, end: index), value: value, doc: doc))
    }

    private mutating func addNewline(at start: Int) {
        // A line end right after another (or at the start of the file) adds nothing.
        guard let last = lexemes.last, last.kind != .newline else { return }
        lexemes.append(Lexeme(.newline, SourceRange(start: start, end: start + 1)))
    }

    /// Every keyword is at most eight bytes long, so each is one `UInt64` (its bytes, the first in
    /// the lowest): a name is a keyword when its own packed bytes equal one of these, a comparison
    /// of integers with nothing retained or hashed.
    private static let packedKeywords: [(packed: UInt64, keyword: Keyword)] = Keyword.allCases.map { keyword in
        let spelling = Array(keyword.rawValue.utf8)
        precondition(spelling.count <= 8, "a keyword longer than eight bytes needs another lookup")
        return (pack(spelling, spelling.indices), keyword)
    }

    private static func pack(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for index in range {
            packed |= UInt64(bytes[index]) << shift
            shift += 8
        }
        return packed
    }

    private mutating func lexIdentifier() {
        let start = index
        while let byte = peek(), byte.isIdentifierContinue { index += 1 }
        var kind = TokenKind.identifier
        if index - start <= 8 {
            let packed = Self.pack(bytes, start..<index)
            for entry in Self.packedKeywords where entry.packed == packed {
                kind = .keyword(entry.keyword)
                break
            }
        }
        add(kind, from: start)
    }

    private mutating func lexNumber(start: Int) {
        while let byte = peek(), byte.isDigit { index += 1 }
        var kind = TokenKind.integerLiteral
        if peek() == UInt8(ascii: "."), let next = peek(1), next.isDigit {
            index += 1
            while let byte = peek(), byte.isDigit { index += 1 }
            kind = .decimalLiteral
        }
        // A number running straight into letters or further dots (`12ab`, `1.2.3`, `1.`) is one
        // malformed token, not two: a dot never follows a number in the language. With a dot it is
        // an unknown token, so that the parser adds no error of its own and the literal's type is
        // not guessed (`1.` as an Int would be a second, wrong error about the call's signature).
        if let byte = peek(), byte.isIdentifierContinue || byte == UInt8(ascii: ".") {
            while let byte = peek(), byte.isIdentifierContinue || byte == UInt8(ascii: ".") { index += 1 }
            let range = SourceRange(start: start, end: index)
            diagnostics.emit(.invalidNumber(String(decoding: bytes[start..<index], as: UTF8.self), at: range))
            if bytes[start..<index].contains(UInt8(ascii: ".")) { kind = .unknown }
        }
        add(kind, from: start)
    }

    private mutating func lexLineComment() {
        let start = index
        while let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") { index += 1 }
        let isDoc =
            index - start >= 3 && bytes[start + 2] == UInt8(ascii: "/")
            && (index - start == 3 || bytes[start + 3] != UInt8(ascii: "/"))
        if isDoc {
            var text = String(decoding: bytes[(start + 3)..<index], as: UTF8.self)
            if text.hasPrefix(" ") { text.removeFirst() }
            pendingDoc.append(text)
        }
    }

    private mutating func lexBlockComment() {
        let start = index
        index += 2
        var depth = 1
        var sawLineEnd = false
        while depth > 0 {
            guard let byte = peek() else {
                diagnostics.emit(.unterminatedComment(at: SourceRange(start: start, end: start + 2)))
                sawUnterminatedComment = true
                return
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { sawLineEnd = true }
                index += 1
            }
        }
        if sawLineEnd { addNewline(at: start) }
    }

    private mutating func lexString() {
        let start = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                diagnostics.emit(.unterminatedString(at: SourceRange(start: start, end: start + 1)))
                add(.unknown, from: start)
                return
            }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                literalValues.append(String(decoding: value, as: UTF8.self))
                add(.stringLiteral, from: start, value: Int32(truncatingIfNeeded: literalValues.count - 1))
                return
            case UInt8(ascii: "\\"):
                lexEscape(into: &value)
            default:
                value.append(byte)
            }
        }
    }

    /// Reads the escape after a backslash (already consumed) and appends its UTF-8 value.
    private mutating func lexEscape(into value: inout [UInt8]) {
        let start = index - 1
        guard let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else { return }
        switch StringEscape.decode(bytes, from: &index) {
        case .scalar(let scalar): value.append(contentsOf: Array(String(Character(scalar)).utf8))
        case .invalidUnicode: diagnostics.emit(.invalidUnicodeEscape(at: SourceRange(start: start, end: index)))
        case .unknown, nil:
            // Step over the whole character, not one byte of it.
            while let next = peek(), next & 0xC0 == 0x80 { index += 1 }
            diagnostics.emit(.invalidEscape(at: SourceRange(start: start, end: index)))
        }
    }

    /// Skips a run of characters that cannot start a token and reports it once.
    private mutating func lexInvalidCharacters() {
        let start = index
        var first: Unicode.Scalar?
        repeat {
            let scalarStart = index
            index += 1
            while let next = peek(), next & 0xC0 == 0x80 { index += 1 }
            if first == nil {
                first = String(decoding: bytes[scalarStart..<index], as: UTF8.self).unicodeScalars.first
            }
        } while !isOperatorTypo(bytes[start]) && peek().map(continuesInvalidRun) == true
        diagnostics.emit(.invalidCharacter(first ?? "\u{FFFD}", at: SourceRange(start: start, end: index)))
        add(.unknown, from: start)
    }

    /// A lone `-`, `&` or `|`: reported alone, with a message and fix-it of its own (`->`, `&&`,
    /// `||`) that must not swallow the characters after it.
    private func isOperatorTypo(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "|")
    }

    /// Whether `byte` extends a run of invalid characters: it starts no token (`@`, `$`, `=`, a
    /// control character, any non-ASCII character), and is not `-`, `&` or `|`, which start tokens
    /// when doubled or followed by `>` and get messages of their own when alone.
    private func continuesInvalidRun(_ byte: UInt8) -> Bool {
        if byte >= 0x80 || byte == 0 { return true }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""),
            UInt8(ascii: "-"), UInt8(ascii: "&"), UInt8(ascii: "|"):
            return false
        default:
            return !byte.isIdentifierStart && !byte.isDigit && Lexer.punctuation(byte) == nil
        }
    }
}
