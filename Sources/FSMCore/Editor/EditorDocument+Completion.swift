/// One completion proposal.
public struct CompletionCandidate: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case keyword
        case symbol(SymbolKind)
    }

    public var label: String
    public var kind: Kind
}

extension EditorDocument {
    /// What may be typed at `offset`: state names after `->`, `push` and `initial`; the event's
    /// parameters inside an argument list; guard names in `[ ]`; action names after `/` and `,`;
    /// the keywords (and known events) legal at the start of a member.
    public func completions(at offset: Int) -> [CompletionCandidate] {
        // The last token that ends at or before the cursor; a name being typed is replaced, so the
        // context is the token before it.
        var last = tokens.lastIndex { $0.kind != .endOfFile && $0.range.end <= offset }
        if let index = last, tokens[index].range.end == offset, Self.isWord(tokens[index].kind) {
            last = index > 0 ? index - 1 : nil
        }
        if isInCommentOrString(offset) { return [] }
        let context = MemberContext(tokens: tokens, before: last)
        let previous = last.map { tokens[$0].kind }
        func symbols(_ kind: SymbolKind) -> [CompletionCandidate] {
            index.names(of: kind).map { CompletionCandidate(label: $0, kind: .symbol(kind)) }
        }
        func keywords(_ words: [Keyword]) -> [CompletionCandidate] {
            words.map { CompletionCandidate(label: $0.rawValue, kind: .keyword) }
        }
        if let event = context.argumentListEvent {
            let parameters = eventDeclarations()[event]?.parameters.map(\.name.text) ?? []
            var result = parameters.map { CompletionCandidate(label: $0, kind: .symbol(.parameter)) }
            if previous == .colon { result += keywords([.true, .false]) }
            return result
        }
        if context.isInGuard,
            previous == .leftBracket || previous == .ampAmp || previous == .pipePipe || previous == .bang
                || previous == .leftParen
        {
            return symbols(.guard)
        }
        switch previous {
        case .arrow: return symbols(.state) + keywords([.push, .pop])
        case .keyword(.push), .keyword(.initial): return symbols(.state)
        case .keyword(.final): return keywords([.state])
        case .slash: return symbols(.action)
        case .comma where !context.isInGuard && context.nesting == 0: return symbols(.action)
        default: break
        }
        guard context.isAtMemberStart else { return [] }
        switch context.braceDepth {
        case 0: return machine == nil ? keywords([.machine]) : []
        case 1: return keywords([.event, .initial, .state, .final]) + symbols(.event)
        default: return keywords([.initial, .state, .final, .entry, .exit]) + symbols(.event)
        }
    }

    private static func isWord(_ kind: TokenKind) -> Bool {
        if case .keyword = kind { return true }
        return kind == .identifier
    }

    /// Whether the offset lies inside a comment or a string literal, where nothing is proposed.
    private func isInCommentOrString(_ offset: Int) -> Bool {
        if tokens.contains(where: { $0.kind == .stringLiteral && $0.range.start < offset && offset < $0.range.end }) {
            return true
        }
        let before = tokens.last { $0.range.end <= offset }?.range.end ?? 0
        let after = tokens.first { $0.range.start >= offset }?.range.start ?? file.bytes.count
        for case .comment(let range, let isBlock) in Trivia.scan(file.bytes, in: before..<max(before, after))
        where range.start < offset && (offset < range.end || !isBlock && offset == range.end) {
            return true
        }
        return false
    }
}

/// Where in a member the cursor is, read backwards from the token before it.
private struct MemberContext {
    /// The event whose transition's argument list the cursor is in.
    var argumentListEvent: String?
    var isInGuard = false
    /// Open `(` and `[` between the member's start and the cursor.
    var nesting = 0
    /// Whether nothing of the member has been written yet.
    var isAtMemberStart = false
    /// How many `{` are open at the cursor.
    var braceDepth = 0

    init(tokens: [Token], before last: Int?) {
        guard let last else {
            isAtMemberStart = true
            return
        }
        var depth = 0
        var index = last
        var memberStart = 0
        while index >= 0 {
            let kind = tokens[index].kind
            if kind == .rightParen || kind == .rightBracket { depth += 1 }
            if kind == .leftParen || kind == .leftBracket {
                if depth > 0 {
                    depth -= 1
                } else {
                    nesting += 1
                    if kind == .leftBracket { isInGuard = true }
                    if kind == .leftParen, index > 0, tokens[index - 1].kind == .identifier, argumentListEvent == nil {
                        argumentListEvent = ""  // filled in below, from the member's first token
                    }
                }
            }
            // A line end inside a wrapped list also stops the scan: completion then reads only the
            // list's last line, which is enough for every context but the event of a wrapped call.
            if depth == 0, [.newline, .semicolon, .leftBrace, .rightBrace].contains(kind) {
                memberStart = index + 1
                break
            }
            index -= 1
        }
        isAtMemberStart = memberStart > last
        if argumentListEvent != nil {
            let first = tokens[memberStart]
            argumentListEvent = first.kind == .identifier ? first.text : nil
        }
        braceDepth = tokens[...last].reduce(0) { depth, token in
            token.kind == .leftBrace ? depth + 1 : token.kind == .rightBrace ? max(0, depth - 1) : depth
        }
    }
}
