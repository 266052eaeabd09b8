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
    /// state → enumMember, event → event, guard → function, action → method, event parameters and
    /// argument labels → parameter, `any` and `some` → keyword, the other names (types) → type.
    public func semanticTokens() -> [SemanticToken] {
        var symbols: [Int: SymbolOccurrence] = [:]
        for occurrence in index.occurrences { symbols[occurrence.range.start] = occurrence }
        var result: [SemanticToken] = []
        var previousEnd = 0
        let significant = tokens.filter { $0.kind != .newline && $0.kind != .endOfFile }
        for (position, token) in significant.enumerated() {
            let next = position + 1 < significant.count ? significant[position + 1].kind : nil
            addComments(in: previousEnd..<token.range.start, to: &result)
            previousEnd = token.range.end
            let kind: SemanticTokenKind?
            var isDeclaration = false
            switch token.kind {
            case .keyword(.true), .keyword(.false): kind = .keyword
            case .keyword: kind = symbols[token.range.start].map { Self.kind(of: $0.kind) } ?? .keyword
            case .identifier:
                if let symbol = symbols[token.range.start] {
                    kind = Self.kind(of: symbol.kind)
                    isDeclaration = symbol.isDeclaration
                } else if next == .colon {
                    kind = .parameter  // an argument label: a parameter of the Swift requirement
                } else if token.text == "any" || token.text == "some", next == .identifier {
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
        case .guard: .function
        case .action: .method
        case .parameter: .parameter
        }
    }

    /// The comments in a gap, split at line ends.
    private func addComments(in gap: Range<Int>, to result: inout [SemanticToken]) {
        guard gap.lowerBound < gap.upperBound else { return }
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
