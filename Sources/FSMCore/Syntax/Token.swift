/// The keywords of the language (docs/Language.md, grammars/fsm.ebnf).
public enum Keyword: String, Sendable, CaseIterable {
    case machine, state, initial, final, entry, exit, event, push, pop
    case `true`, `false`
    /// Keywords since version 2 of the language (statecharts).
    case parallel, history, deep
    /// Keywords since version 3 of the language (timed transitions, internal events, activities).
    case after, every, `do`, `catch`, raise

    /// Whether the keyword was added in version 2, so that a version-1 machine may use it as a name.
    public var isNewInVersion2: Bool { self == .parallel || self == .history || self == .deep }

    /// Whether the keyword was added in version 3, so that an older machine may use it as a name.
    public var isNewInVersion3: Bool {
        switch self {
        case .after, .every, .do, .catch, .raise: true
        default: false
        }
    }
}

/// The kinds of token the lexer produces.
public enum TokenKind: Sendable, Hashable {
    case identifier
    case keyword(Keyword)
    case stringLiteral
    case integerLiteral
    case decimalLiteral
    case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
    case leftAngle, rightAngle
    case comma, semicolon, colon, dot, question
    case slash, arrow, bang, ampAmp, pipePipe
    /// The end of a line (consecutive line ends and comments between them collapse into one token).
    case newline
    case endOfFile
    /// Text the lexer could not read (already reported); the parser skips it silently.
    case unknown

    /// How the token is named in "expected ..." messages.
    public var spelling: String {
        switch self {
        case .identifier: "name"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .stringLiteral: "string literal"
        case .integerLiteral: "integer literal"
        case .decimalLiteral: "decimal literal"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .leftAngle: "'<'"
        case .rightAngle: "'>'"
        case .comma: "','"
        case .semicolon: "';'"
        case .colon: "':'"
        case .dot: "'.'"
        case .question: "'?'"
        case .slash: "'/'"
        case .arrow: "'->'"
        case .bang: "'!'"
        case .ampAmp: "'&&'"
        case .pipePipe: "'||'"
        case .newline: "end of line"
        case .endOfFile: "end of file"
        case .unknown: "invalid text"
        }
    }
}

/// One token with its place in the source.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var range: SourceRange
    /// The identifier's name, the decoded value of a string literal, or the digits of a number.
    public var text: String
    /// The `///` documentation comment lines directly above this token, without the slashes.
    public var docComment: [String]

    public init(kind: TokenKind, range: SourceRange, text: String = "", docComment: [String] = []) {
        self.kind = kind
        self.range = range
        self.text = text
        self.docComment = docComment
    }
}

/// A token as the parser reads it: ``Token`` without its strings, so that the tokens of a large file
/// are one block of plain values (32 bytes each, nothing to retain, release or free one by one).
/// A name's or a number's text is its source range; the rest is in the ``LexedFile``. (The
/// indices are 32 bits: a file with two billion string literals would not fit in memory to lex.)
struct Lexeme {
    var range: SourceRange
    /// For a string literal, the index of its decoded value in ``LexedFile/literalValues``.
    var value: Int32
    /// The index of the `///` lines directly above the token in ``LexedFile/docComments``, or -1.
    var doc: Int32
    var kind: TokenKind

    init(_ kind: TokenKind, _ range: SourceRange, value: Int32 = 0, doc: Int32 = -1) {
        self.range = range
        self.value = value
        self.doc = doc
        self.kind = kind
    }
}

/// The lexer's output: the lexemes, ending with ``TokenKind/endOfFile``, and what they refer to.
struct LexedFile {
    var lexemes: [Lexeme]
    /// The decoded values of the string literals.
    var literalValues: [String]
    /// Runs of documentation comment lines, without the slashes.
    var docComments: [[String]]

    /// The text of a lexeme: a name's or a number's source text, a string literal's decoded value.
    func text(of lexeme: Lexeme, in bytes: [UInt8]) -> String {
        switch lexeme.kind {
        case .identifier, .keyword, .integerLiteral, .decimalLiteral:
            String(decoding: bytes[lexeme.range.start..<lexeme.range.end], as: UTF8.self)
        case .stringLiteral: literalValues[Int(lexeme.value)]
        default: ""
        }
    }

    /// The documentation comment lines directly above a lexeme.
    func docComment(of lexeme: Lexeme) -> [String] {
        lexeme.doc < 0 ? [] : docComments[Int(lexeme.doc)]
    }
}
