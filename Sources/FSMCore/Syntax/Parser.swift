/// A hand-written recursive-descent parser for the grammar in grammars/fsm.ebnf.
///
/// It is error-tolerant: an error in one member is reported once, the rest of that member is skipped
/// (to the end of the line, a `;`, or the `}` closing the body) and parsing goes on, so one run reports
/// every syntax error without cascades. Nesting is limited (``maximumDepth``) and anything nested
/// deeper is skipped without recursion, so no input can overflow the stack.
public struct Parser {
    /// How deep states, guard expressions and types may nest.
    public static let maximumDepth = 64

    /// The tokens; a misspelt keyword is corrected in place (see ``correctMisspeltKeyword(among:)``).
    var tokens: [Lexeme]
    /// The file: its bytes, where the tokens' text is, and its lines (``likelyUnclosedState(openedAfter:)``).
    let file: SourceFile
    var bytes: [UInt8] { file.bytes }
    /// What the tokens refer to: string literals' values and documentation comments.
    let lexed: LexedFile
    var position = 0
    var diagnostics: DiagnosticEngine
    /// Greater than zero inside `( )` and `[ ]`, where line ends do not end a member.
    var newlineInsensitivity = 0
    /// How deep the current state body is nested.
    var depth = 0
    /// How deep the current guard expression or type is nested (counted apart from states).
    var expressionDepth = 0
    /// Set when a guard that compares or computes values has been reported and skipped through its
    /// `]`, so that its transition is read on (``parseTransition()``).
    var skippedInvalidGuard = false
    /// Set when an action call with a comparison or arithmetic in its arguments has been reported
    /// and skipped through its `)`, so that the actions after it are read on (``parseCallList()``).
    var skippedInvalidCall = false

    /// Parses a whole file. Returns `nil` only when there is no machine declaration at all.
    public static func parse(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> MachineDecl? {
        parseReportingStructure(file, diagnostics: &diagnostics).machine
    }

    /// Parses a whole file and tells whether its structure is reliable enough for semantic analysis.
    public static func parseReportingStructure(
        _ file: SourceFile, diagnostics: inout DiagnosticEngine
    ) -> (machine: MachineDecl?, isStructurallySound: Bool) {
        var lexed = Lexer.lex(file, diagnostics: &diagnostics)
        if diagnostics.reachedErrorLimit { return (nil, false) }
        let tokens = lexed.lexemes
        lexed.lexemes = []  // the parser's copy is the only one, so a corrected keyword is not copied
        var parser = Parser(tokens: tokens, file: file, lexed: lexed, diagnostics: diagnostics)
        let machine = parser.parseFile()
        diagnostics = parser.diagnostics
        return (machine, !parser.hasStructuralErrors)
    }

    private init(tokens: [Lexeme], file: SourceFile, lexed: LexedFile, diagnostics: DiagnosticEngine) {
        self.tokens = tokens
        self.file = file
        self.lexed = lexed
        self.diagnostics = diagnostics
    }

    // MARK: - Token access

    var current: Lexeme { tokens[currentIndex] }

    /// A token's text: a name's or a number's as written, a string literal's decoded value.
    func text(of token: Lexeme) -> String { lexed.text(of: token, in: bytes) }

    /// The `///` lines directly above a token.
    func docComment(of token: Lexeme) -> [String] { lexed.docComment(of: token) }

    /// Whether a name token is spelt `word`, compared in place.
    func isName(_ token: Lexeme, _ word: StaticString) -> Bool {
        token.range.end - token.range.start == word.utf8CodeUnitCount
            && bytes[token.range.start..<token.range.end].elementsEqual(
                UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// Where ``current`` is: past line ends inside `( )` and `[ ]`.
    var currentIndex: Int {
        var index = position
        if newlineInsensitivity > 0 {
            while tokens[index].kind == .newline { index += 1 }
        }
        return index
    }

    var previousEnd: Int {
        var index = position - 1
        while index >= 0, tokens[index].kind == .newline { index -= 1 }
        return index >= 0 ? tokens[index].range.end : 0
    }

    /// Whether ``current`` is of `kind`; reads the kind alone, without copying the token.
    func at(_ kind: TokenKind) -> Bool { tokens[currentIndex].kind == kind }

    /// The kind of the token after ``current``, skipping line ends the same way.
    var kindAfterCurrent: TokenKind { token(ahead: 1).kind }

    /// The token `count` tokens after ``current`` (``current`` itself for 0), skipping line ends the same way.
    func token(ahead count: Int) -> Lexeme {
        var index = currentIndex
        for _ in 0..<count {
            index = min(index + 1, tokens.count - 1)
            if newlineInsensitivity > 0 {
                while tokens[index].kind == .newline { index += 1 }
            }
        }
        return tokens[index]
    }

    @discardableResult
    mutating func advance() -> Lexeme {
        if newlineInsensitivity > 0 {
            while tokens[position].kind == .newline { position += 1 }
        }
        let token = tokens[position]
        if token.kind != .endOfFile { position += 1 }
        return token
    }

    mutating func consume(_ kind: TokenKind) -> Lexeme? {
        at(kind) ? advance() : nil
    }

    mutating func skipNewlines() {
        while tokens[position].kind == .newline { position += 1 }
    }

    /// Where to point an "expected ..." error: at the current token, or just after the previous one
    /// when the current token is a line end or the end of the file (as swiftc does).
    var errorRange: SourceRange {
        let token = current
        if token.kind == .newline || token.kind == .endOfFile {
            return SourceRange(start: previousEnd, end: previousEnd)
        }
        // Inside ( ) or [ ], a token on a later line is not where the missing piece belongs.
        if newlineInsensitivity > 0, tokens[position].kind == .newline {
            return SourceRange(start: previousEnd, end: previousEnd)
        }
        return token.range
    }

    mutating func expected(_ expectation: Diagnostic.Expectation) {
        report(.expected(expectation, at: errorRange))
    }

    /// Reports a syntax error, unless the parser stands on text the lexer already reported.
    mutating func report(_ diagnostic: Diagnostic) {
        if current.kind == .unknown { return }
        diagnostics.emit(diagnostic)
    }

    /// Whether the structure of the file is unreliable (a body never closed, content after the
    /// machine, nesting cut off): semantic checks would only report consequences of that.
    public internal(set) var hasStructuralErrors = false
    var reportedMissingBrace = false
    /// The keywords that the file declares states named after, once ``declaresState(named:)`` has looked.
    var keywordStateNames: Set<Keyword>?

    // MARK: - Recovery

    struct SyntaxError: Error {}

    /// Skips the rest of a member: up to a line end or `;` (not consumed), or a `}` closing the
    /// enclosing body (not consumed). Braces opened on the way are skipped with their contents.
    mutating func skipRestOfMember() {
        let savedInsensitivity = newlineInsensitivity
        newlineInsensitivity = 0
        defer { newlineInsensitivity = savedInsensitivity }
        var braces = 0
        while true {
            switch tokens[position].kind {
            case .endOfFile: return
            case .unknown where tokens[position + 1].kind == .endOfFile: return
            case .newline, .semicolon: if braces == 0 { return }
            case .leftBrace: braces += 1
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
            default: break
            }
            position += 1
        }
    }

    /// Skips a body whose `{` was just consumed, through its matching `}`; returns whether it was found.
    mutating func skipBody() -> Bool {
        var braces = 1
        while true {
            switch tokens[position].kind {
            case .endOfFile: return false
            case .leftBrace: braces += 1
            case .rightBrace:
                braces -= 1
                if braces == 0 {
                    position += 1
                    return true
                }
            default: break
            }
            position += 1
        }
    }
}
