/// The kinds of semantic token the language server reports, in the order of its legend.
public enum SemanticTokenKind: Int, Sendable, CaseIterable {
    case keyword, comment, string, number, `operator`, `class`, enumMember, event, function, method, parameter, type

    /// The LSP name of the token type.
    public var name: String {
        switch self {
        case .keyword: "keyword"
        case .comment: "comment"
        case .string: "string"
        case .number: "number"
        case .operator: "operator"
        case .class: "class"
        case .enumMember: "enumMember"
        case .event: "event"
        case .function: "function"
        case .method: "method"
        case .parameter: "parameter"
        case .type: "type"
        }
    }
}

/// One highlighted range; never spans lines.
public struct SemanticToken: Sendable, Hashable {
    public var range: SourceRange
    public var kind: SemanticTokenKind
    /// Whether it is where the symbol is declared (LSP's `declaration` modifier).
    public var isDeclaration: Bool
}

extension EditorDocument {
    /// Every token and comment with its kind, in source order, each on one line: machine → class,
    /// state → enumMember, event → event, guard, named delay and activity → function, action → method, event
    /// parameters and argument labels → parameter, `any` and `some` → keyword, a duration (`1.5s`,
    /// also a malformed one) → number, the other names (types) → type.
    public func semanticTokens() -> [SemanticToken] {
        // Tokens and occurrences are both in source order: one walk pairs them, no lookup table.
        let occurrences = index.occurrences
        let durations = durationRanges()
        var nextDuration = 0
        var nextOccurrence = 0
        var result: [SemanticToken] = []
        result.reserveCapacity(tokens.count)
        var previousEnd = 0
        var position = 0
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            if token.kind == .newline || token.kind == .endOfFile { continue }
            var next = position
            while next < tokens.count, tokens[next].kind == .newline { next += 1 }
            let following = next < tokens.count ? tokens[next].kind : nil
            addComments(in: previousEnd..<token.range.start, to: &result)
            previousEnd = token.range.end
            while nextOccurrence < occurrences.count, occurrences[nextOccurrence].range.start < token.range.start {
                nextOccurrence += 1
            }
            let symbol =
                nextOccurrence < occurrences.count && occurrences[nextOccurrence].range.start == token.range.start
                ? occurrences[nextOccurrence] : nil
            while nextDuration < durations.count, durations[nextDuration].end <= token.range.start { nextDuration += 1 }
            // `after state` is a keyword misused as a delay, not a number.
            var isInDuration = nextDuration < durations.count && durations[nextDuration].start <= token.range.start
            if case .keyword = token.kind { isInDuration = false }
            let kind: SemanticTokenKind?
            var isDeclaration = false
            switch token.kind {
            case _ where isInDuration: kind = .number
            case .keyword(.true), .keyword(.false): kind = .keyword
            case .keyword: kind = symbol.map { Self.kind(of: $0.kind) } ?? .keyword
            case .identifier:
                if let symbol {
                    kind = Self.kind(of: symbol.kind)
                    isDeclaration = symbol.isDeclaration
                } else if following == .colon {
                    kind = .parameter  // an argument label: a parameter of the Swift requirement
                } else if token.text == "any" || token.text == "some", following == .identifier {
                    kind = .keyword
                } else {
                    kind = .type
                }
            case .stringLiteral: kind = .string
            case .integerLiteral, .decimalLiteral: kind = .number
            case .arrow, .slash, .ampAmp, .pipePipe, .bang: kind = .operator
            default: kind = nil
            }
            if let kind { result.append(SemanticToken(range: token.range, kind: kind, isDeclaration: isDeclaration)) }
        }
        addComments(in: previousEnd..<file.bytes.count, to: &result)
        return result
    }

    private static func kind(of symbol: SymbolKind) -> SemanticTokenKind {
        switch symbol {
        case .machine: .class
        case .state: .enumMember
        case .event: .event
        case .guard, .delay, .activity: .function
        case .action: .method
        case .parameter: .parameter
        }
    }

    /// The delays of the timed transitions written as numbers (`500ms`, `1.5s`, and malformed ones
    /// such as `5 s` or `3days`), in source order.
    private func durationRanges() -> [SourceRange] {
        var result: [SourceRange] = []
        func visit(_ members: [Member]) {
            for member in members {
                switch member {
                case .state(let state): visit(state.members ?? [])
                case .timed(let timed):
                    switch timed.delay {
                    case .literal(_, _, let range), .invalid(let range): result.append(range)
                    case .named: break
                    }
                default: break
                }
            }
        }
        visit(machine?.members ?? [])
        return result.sorted { $0.start < $1.start }
    }

    /// The comments in a gap, split at line ends.
    private func addComments(in gap: Range<Int>, to result: inout [SemanticToken]) {
        // Most gaps are a space or a line end: only a `/` can start a comment.
        guard gap.lowerBound < gap.upperBound, file.bytes[gap].contains(UInt8(ascii: "/")) else { return }
        for case .comment(let range, _) in Trivia.scan(file.bytes, in: gap) {
            var start = range.start
            var index = range.start
            while index < range.end {
                let byte = file.bytes[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    if index > start {
                        result.append(
                            SemanticToken(range: SourceRange(start: start, end: index), kind: .comment, isDeclaration: false))
                    }
                    start = index + 1
                }
                index += 1
            }
            if range.end > start {
                result.append(
                    SemanticToken(range: SourceRange(start: start, end: range.end), kind: .comment, isDeclaration: false))
            }
        }
    }
}
