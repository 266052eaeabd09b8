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
    /// parameters inside an argument list; guard names in `[ ]`; action names and `raise` after `/`
    /// and `,` (activity names after `do /`); event names after `raise`; named delays after `after`
    /// and `every`; the keywords (and known events) legal at the start of a member.
    public func completions(at offset: Int) -> [CompletionCandidate] {
        // The last token that ends at or before the cursor; a name being typed is replaced, so the
        // context is the token before it.
        var last = tokens.lastIndex { $0.kind != .endOfFile && $0.range.end <= offset }
        if let index = last, tokens[index].range.end == offset, Self.isWord(tokens[index].kind) {
            last = index > 0 ? index - 1 : nil
        }
        if isInCommentOrString(offset) { return [] }
        let context = MemberContext(tokens: tokens, before: last)
        let previous = context.previous
        func symbols(_ kind: SymbolKind) -> [CompletionCandidate] {
            // Events, guards and actions are declared by their use; a state only by `state`.
            index.names(of: kind, declaredOnly: kind == .state).map { CompletionCandidate(label: $0, kind: .symbol(kind)) }
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
        case .arrow: return symbols(.state) + keywords([.push, .pop, .history, .deep])
        case .keyword(.push), .keyword(.history): return symbols(.state)
        case .keyword(.initial): return symbols(.state) + keywords([.history, .deep])
        case .keyword(.deep): return keywords([.history])
        case .keyword(.final), .keyword(.parallel): return keywords([.state])
        case .keyword(.raise): return symbols(.event)
        case .keyword(.after), .keyword(.every): return symbols(.delay)
        case .slash where last.map { $0 > 0 && tokens[$0 - 1].kind == .keyword(.do) } == true: return symbols(.activity)
        case .slash: return symbols(.action) + keywords([.raise])
        case .comma where !context.isInGuard && context.nesting == 0: return symbols(.action) + keywords([.raise])
        default: break
        }
        guard context.isAtMemberStart else { return [] }
        switch context.braceDepth {
        case 0: return machine == nil ? keywords([.machine]) : []
        case 1: return keywords([.event, .initial, .state, .final, .parallel, .after, .every]) + symbols(.event)
        default:
            return keywords([.initial, .state, .final, .parallel, .entry, .exit, .do, .catch, .after, .every]) + symbols(.event)
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

/// Where in a member the cursor is: the tokens up to it, read once from the start of the file, so
/// a list wrapped over several lines is still known to be open.
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
    /// The last token before the cursor that is not a line end inside a list, if any.
    var previous: TokenKind?

    init(tokens: [Token], before last: Int?) {
        guard let last else {
            isAtMemberStart = true
            return
        }
        var memberStart = 0
        var open: [Int] = []
        for index in 0...last {
            switch tokens[index].kind {
            case .leftParen, .leftBracket: open.append(index)
            case .rightParen, .rightBracket: _ = open.popLast()
            case .leftBrace, .rightBrace:
                braceDepth = max(0, braceDepth + (tokens[index].kind == .leftBrace ? 1 : -1))
                open.removeAll()
                memberStart = index + 1
            case .semicolon where open.isEmpty, .newline where open.isEmpty: memberStart = index + 1
            default: break
            }
        }
        isAtMemberStart = memberStart > last
        nesting = open.count
        isInGuard = open.contains { tokens[$0].kind == .leftBracket }
        var previousIndex = last
        while nesting > 0, previousIndex > 0, tokens[previousIndex].kind == .newline { previousIndex -= 1 }
        previous = tokens[previousIndex].kind
        // An argument list: the innermost open `(` follows a call's name; the event is the member's
        // first token (an event declaration's parameters are not arguments).
        if let innermost = open.last, tokens[innermost].kind == .leftParen, innermost > 0,
            tokens[innermost - 1].kind == .identifier, memberStart < tokens.count,
            tokens[memberStart].kind == .identifier
        {
            argumentListEvent = tokens[memberStart].text
        }
    }
}
