/// The keywords of the language (docs/Language.md, grammars/fsm.ebnf).
public enum Keyword: String, Sendable, CaseIterable {
    case machine, state, initial, final, entry, exit, event, push, pop
    case `true`, `false`
    /// Keywords since version 2 of the language (statecharts).
    case parallel, history, deep

    /// Whether the keyword was added in version 2, so that a version-1 machine may use it as a name.
    public var isNewInVersion2: Bool { self == .parallel || self == .history || self == .deep }
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
