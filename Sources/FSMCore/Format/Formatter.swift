/// What ``Formatter/format(_:)`` made of a file.
public struct FormatResult: Sendable {
    /// The file in canonical layout; `nil` when the file has syntax errors and is left as it is.
    public var text: String?
    /// The errors that kept the file from being formatted (empty when ``text`` is set).
    public var diagnostics: [Diagnostic]
}

/// `fsmc format`: rewrites a file in one canonical layout without changing its meaning.
///
/// The layout is 4-space indentation, one member per line (`;` between members becomes a line
/// end), `{` on the line of its `state` or `machine`, one space around `->`, `/`, `&&`, `||` and
/// before `[`, none inside brackets, parentheses and generic arguments, at most one blank line
/// between members and none after `{` or before `}`. Comments stay next to the tokens they
/// followed or preceded, one space from a token on their line (`[ /* why */ ok]`). Only white
/// space, line ends and `;` between members change: the tokens themselves are copied from the
/// source, so the formatted file lexes to the same tokens.
///
/// One exception keeps short leaf states as their authors write them: a state's body that the
/// source has on one line, braces included, holding exactly one member and no comment or state,
/// stays on one line, `state A { go -> B }` (one space inside each brace). Whether a body is
/// kept is decided from the source alone, and the output of such a body is again such a body, so
/// formatting stays idempotent. Every other body is laid out one member per line: two members on
/// one line are split, and a body the source spreads over lines is never put on one.
///
/// A file with syntax errors (or invalid UTF-8, or too large) is not formatted: its layout may be
/// what the error is about, so the result carries the diagnostics instead.
public enum Formatter {
    /// Formats one file.
    public static func format(_ file: SourceFile) -> FormatResult {
        if file.bytes.count > Compilation.maximumFileSize {
            return FormatResult(text: nil, diagnostics: [.fileTooLarge(limit: Compilation.maximumFileSize)])
        }
        var engine = DiagnosticEngine()
        if let offset = file.firstInvalidUTF8Offset() {
            engine.emit(.invalidUTF8(byte: file.bytes[offset], at: SourceRange(start: offset, end: offset + 1)))
            return FormatResult(text: nil, diagnostics: engine.diagnostics)
        }
        _ = Parser.parse(file, diagnostics: &engine)
        if engine.hasErrors || engine.reachedErrorLimit {
            return FormatResult(text: nil, diagnostics: engine.sorted.filter { $0.severity == .error })
        }
        var lexEngine = DiagnosticEngine()
        let tokens = Lexer.tokenize(file, diagnostics: &lexEngine)
        var layout = Layout(file: file, oneLineBodies: oneLineBodies(tokens, in: file))
        for token in tokens where token.kind != .newline {
            layout.place(token)
        }
        return FormatResult(text: layout.finish(), diagnostics: [])
    }

    /// Formats source text (convenient in tests and for the language server).
    public static func format(_ text: String, path: String = "<stdin>") -> FormatResult {
        format(SourceFile(path: path, text: text))
    }

    /// The offsets of the `{` of every state body that stays on one line: the source has the whole
    /// body, braces included, on one line, with exactly one member, no comment and no state in it.
    /// The machine's body always spreads over lines. A body's scan stops at its first line end,
    /// comment, `{`, `}`, `state` or second member, so no token is read by two scans.
    static func oneLineBodies(_ tokens: [Token], in file: SourceFile) -> Set<Int> {
        var result = Set<Int>()
        var sawMachineBody = false
        for (index, open) in tokens.enumerated() where open.kind == .leftBrace {
            guard sawMachineBody else {
                sawMachineBody = true
                continue
            }
            var members = 0
            var memberOpen = false
            var nesting = 0
            var previousEnd = open.range.end
            scan: for token in tokens[(index + 1)...] where token.kind != .newline {
                // Only white space and comments lie between tokens: a `/` there starts a comment.
                let gap = file.bytes[previousEnd..<token.range.start]
                if gap.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "/") }) {
                    break scan
                }
                previousEnd = token.range.end
                switch token.kind {
                case .leftBrace, .keyword(.state), .endOfFile: break scan
                case .rightBrace:
                    if members == 1 { result.insert(open.range.start) }
                    break scan
                case .semicolon where nesting == 0: memberOpen = false
                default:
                    if !memberOpen {
                        memberOpen = true
                        members += 1
                        if members > 1 { break scan }
                    }
                    switch token.kind {
                    case .leftParen, .leftBracket: nesting += 1
                    case .rightParen, .rightBracket: nesting = max(0, nesting - 1)
                    default: break
                    }
                }
            }
        }
        return result
    }

    /// Whether a space separates two tokens that the layout puts on one line.
    static func spaced(_ before: TokenKind, _ after: TokenKind) -> Bool {
        switch after {
        case .comma, .rightParen, .rightBracket, .colon, .dot, .question, .leftAngle, .rightAngle: return false
        case .leftParen:
            // A call or an event declaration: `name(`; a tuple or a grouped guard elsewhere.
            if case .identifier = before { return false }
            if case .keyword = before { return false }
        default: break
        }
        switch before {
        case .leftParen, .leftBracket, .leftAngle, .dot, .bang: return false
        default: return true
        }
    }
}

/// The output being built, line by line, as the tokens and the comments between them arrive.
private struct Layout {
    let file: SourceFile
    /// The `{` offsets of the state bodies that stay on one line (``Formatter/oneLineBodies(_:in:)``).
    let oneLineBodies: Set<Int>
    /// Inside a body that stays on one line: no token starts a line until its `}`.
    private var inOneLineBody = false
    private var lines: [String] = []
    private var line = ""
    private var lineIndent = 0
    /// How many `{` are open.
    private var depth = 0
    /// How many `(` and `[` are open: inside them line ends do not end a member.
    private var nesting = 0
    private var previous: Token?
    /// A `;` (or several) ended the last member.
    private var separatorPending = false
    /// A comment ended the current line: the next token starts a new one.
    private var forceBreak = false
    /// A block comment ends the current line, and the next token follows on it, after one space.
    private var afterInlineComment = false
    /// The current line ends in `{` (a trailing comment aside).
    private var lineOpensBody = false
    /// The last finished line ended in `{`: no blank line may follow it.
    private var lastLineOpenedBody = false

    init(file: SourceFile, oneLineBodies: Set<Int>) {
        self.file = file
        self.oneLineBodies = oneLineBodies
    }

    mutating func place(_ token: Token) {
        let gapStart = previousEnd
        previousEnd = token.range.end
        let gap = Trivia.scan(file.bytes, in: gapStart..<token.range.start)
        var lineEnds = 0
        var sawLineEnd = false
        var sawComment = false
        for item in gap {
            switch item {
            case .lineEnd:
                lineEnds += 1
                sawLineEnd = true
            case .comment(let range, let isBlock):
                sawComment = true
                placeComment(range, isBlock: isBlock, afterLineEnds: lineEnds, before: token.kind)
                lineEnds = 0
            }
        }
        place(token, lineEnds: lineEnds, separated: sawLineEnd, afterComment: sawComment)
    }

    private var previousEnd = 0

    private mutating func placeComment(_ range: SourceRange, isBlock: Bool, afterLineEnds lineEnds: Int, before next: TokenKind) {
        let text = Layout.commentText(file.text(in: range))
        let ownLine = lineEnds > 0 || line.isEmpty || forceBreak
        if !ownLine {
            line += " " + text
        } else {
            let indent = next == .rightBrace || nesting == 0 ? depth : depth + 1
            startLine(indent: indent, blankBefore: lineEnds >= 2)
            line = text
        }
        // A line comment runs to the end of the line, and what follows a comment on a line of its
        // own goes below it.
        if !isBlock || ownLine || text.contains("\n") { forceBreak = true }
        afterInlineComment = !forceBreak
    }

    private mutating func place(_ token: Token, lineEnds: Int, separated: Bool, afterComment: Bool) {
        let kind = token.kind
        if kind == .endOfFile { return }
        if kind == .semicolon, nesting == 0 {
            separatorPending = true
            return
        }
        let text = file.text(in: token.range)
        if kind == .rightBrace { depth -= 1 }
        if inOneLineBody {
            // `{ member }`: one space after `{` and before `}`, the member spaced as anywhere.
            if let previous, kind == .rightBrace || Formatter.spaced(previous.kind, kind) { line += " " }
            line += text
            if kind == .rightBrace { inOneLineBody = false }
        } else if kind == .rightBrace, previous?.kind == .leftBrace, !afterComment, !forceBreak {
            line += text
        } else if previous == nil {
            startLine(indent: 0, blankBefore: lineEnds >= 2)
            line += text
        } else if isMemberStart(kind, separated: separated) {
            startLine(indent: depth, blankBefore: lineEnds >= 2 && kind != .rightBrace)
            line = text
        } else if forceBreak {
            startLine(indent: kind == .leftBrace ? depth : depth + 1, blankBefore: false)
            line = text
        } else {
            // `[ /* why */ ok]`: a comment is set off by one space on each side, whatever the tokens.
            if let previous, !line.isEmpty, afterInlineComment || Formatter.spaced(previous.kind, kind) { line += " " }
            line += text
        }
        lineOpensBody = kind == .leftBrace
        forceBreak = false
        afterInlineComment = false
        separatorPending = false
        switch kind {
        case .leftBrace:
            depth += 1
            inOneLineBody = oneLineBodies.contains(token.range.start)
        case .leftParen, .leftBracket: nesting += 1
        case .rightParen, .rightBracket: nesting = max(0, nesting - 1)
        default: break
        }
        previous = token
    }

    /// Whether the token begins a line of its own: a member (after a line end, a `;`, a `{` or a
    /// `}`) or a closing brace. A `{` never does: it stays with its `state` or `machine`.
    private func isMemberStart(_ kind: TokenKind, separated: Bool) -> Bool {
        if kind == .rightBrace { return true }
        if kind == .leftBrace || nesting > 0 { return false }
        return separated || separatorPending || previous?.kind == .leftBrace || previous?.kind == .rightBrace
    }

    private mutating func startLine(indent: Int, blankBefore: Bool) {
        finishLine()
        if blankBefore, !lines.isEmpty, !lastLineOpenedBody { lines.append("") }
        lineIndent = max(0, indent)
    }

    private mutating func finishLine() {
        guard !line.isEmpty else { return }
        lines.append(String(repeating: "    ", count: lineIndent) + line)
        line = ""
        lastLineOpenedBody = lineOpensBody
        lineOpensBody = false
    }

    mutating func finish() -> String {
        let gap = Trivia.scan(file.bytes, in: previousEnd..<file.bytes.count)
        var lineEnds = 0
        for item in gap {
            switch item {
            case .lineEnd: lineEnds += 1
            case .comment(let range, let isBlock):
                placeComment(range, isBlock: isBlock, afterLineEnds: lineEnds, before: .endOfFile)
                lineEnds = 0
            }
        }
        finishLine()
        let text = lines.joined(separator: "\n")
        let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            return line
        }
        return trimmed.joined(separator: "\n") + "\n"
    }

    /// A comment's text with its line ends made `\n`.
    private static func commentText(_ raw: String) -> String {
        var result = ""
        var sawCR = false
        for scalar in raw.unicodeScalars {
            if scalar == "\r" {
                result += "\n"
                sawCR = true
                continue
            }
            if scalar == "\n", sawCR {
                sawCR = false
                continue
            }
            sawCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
