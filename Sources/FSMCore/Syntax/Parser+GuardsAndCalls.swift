/// Guard expressions, calls and their arguments, and the lists they are written in.
extension Parser {
    mutating func enterNesting() -> Bool {
        guard expressionDepth < Parser.maximumDepth else {
            diagnostics.emit(.nestingTooDeep(.expressions, limit: Parser.maximumDepth, at: errorRange))
            return false
        }
        expressionDepth += 1
        return true
    }

    /// guard = and { "||" and }
    mutating func parseGuard() -> GuardSyntax? {
        guard var lhs = parseAnd() else { return nil }
        while consume(.pipePipe) != nil || consumeLoneOperator("|") || consumeWordOperator("or", meaning: "||") {
            guard let rhs = parseAnd() else { return nil }
            lhs = .or(lhs, rhs)
        }
        return lhs
    }

    /// and = unary { "&&" unary }
    mutating func parseAnd() -> GuardSyntax? {
        guard var lhs = parseUnary() else { return nil }
        while consume(.ampAmp) != nil || consumeLoneOperator("&") || consumeWordOperator("and", meaning: "&&") {
            guard let rhs = parseUnary() else { return nil }
            lhs = .and(lhs, rhs)
        }
        return lhs
    }

    /// A lone `&` or `|`, which the lexer reported with a fix-it to `&&` or `||`, read as that
    /// operator: one typo, one error, and the rest of the guard is still checked.
    mutating func consumeLoneOperator(_ character: Unicode.Scalar) -> Bool {
        guard isLoneOperator(current, character) else { return false }
        advance()
        return true
    }

    /// `and`, `or` or `not` (`word`) before an operand, where `meaning` (`&&`, `||`, `!`) belongs:
    /// no guard name is followed by an operand, so it is reported with `meaning` as fix-it and read
    /// as that operator, and the rest of the guard is still checked. `not` before a space takes
    /// the space into its fix-it (`!isOpen`).
    mutating func consumeWordOperator(_ word: StaticString, meaning: String) -> Bool {
        let token = current
        guard token.kind == .identifier, isName(token, word) else { return false }
        let next = self.token(ahead: 1)
        switch next.kind {
        case .identifier, .keyword, .bang: break
        // `and (` and `or (` are only operators. `not(x)` is a call of a guard named `not`, but
        // `not (x)` after a space, and `not(a || b)` whose parentheses hold a guard, are `!`.
        case .leftParen where meaning != "!": break
        case .leftParen where next.range.start > token.range.end || parenthesesHoldAGuard: break
        default: return false
        }
        var replaced = token.range
        if meaning == "!",
            bytes[token.range.end..<next.range.start].allSatisfy(\.isBlank)
        {
            replaced = SourceRange(start: token.range.start, end: next.range.start)
        }
        diagnostics.emit(.wordOperatorInGuard(text(of: token), replacement: meaning, at: token.range, replacing: replaced))
        advance()
        return true
    }

    /// Whether the `(` right after ``current`` (a `not`) holds a guard rather than arguments: a `!`,
    /// `&&`, `||` (or a lone `&` or `|`) or `(` before its `)`, which no argument list has.
    var parenthesesHoldAGuard: Bool {
        var index = currentIndex + 2  // past `not` and its `(`
        while true {
            let token = tokens[index]
            switch token.kind {
            case .bang, .ampAmp, .pipePipe, .leftParen: return true
            case .unknown where isLoneOperator(token, "&") || isLoneOperator(token, "|"): return true
            case .rightParen, .rightBracket, .leftBrace, .rightBrace, .semicolon, .arrow, .endOfFile: return false
            default: index += 1
            }
        }
    }

    /// Whether `token` is a lone `-`, `&` or `|` (`character`), which the lexer reported alone.
    func isLoneOperator(_ token: Lexeme, _ character: Unicode.Scalar) -> Bool {
        token.kind == .unknown && token.range.end - token.range.start == 1
            && bytes[token.range.start] == UInt8(ascii: character)
    }

    /// Whether ``current`` is a lone `-`, which the lexer reported as a misspelt arrow.
    var atLoneMinus: Bool { isLoneOperator(current, "-") }

    /// A lone `-` where an argument or its value belongs: the lexer's "a transition's arrow is
    /// '->'" does not fit there, so the error says what belongs in its place instead. Before a
    /// number after a space (`delta: - 7`), it says how to write the negative number, as a fix-it.
    mutating func rereportLoneMinus(_ expectation: Diagnostic.Expectation) {
        let minus = current
        var negative: (text: String, range: SourceRange)?
        if case .argumentValue = expectation {
            let number = token(ahead: 1)
            let between = bytes[minus.range.end..<number.range.start]
            // Only blanks between, and a number that is not negative itself (`- -7`).
            if number.kind == .integerLiteral || number.kind == .decimalLiteral,
                between.allSatisfy(\.isBlank),
                bytes[number.range.start] != UInt8(ascii: "-")
            {
                negative = ("-" + text(of: number), minus.range.union(number.range))
            }
        }
        diagnostics.replace(
            .invalidCharacter, at: minus.range, with: .loneMinus(expected: expectation, at: minus.range, negative: negative))
    }

    /// unary = "!" unary | "(" guard ")" | call
    mutating func parseUnary() -> GuardSyntax? {
        guard enterNesting() else { return nil }
        defer { expressionDepth -= 1 }
        let start = current.range
        if consume(.bang) != nil || consumeWordOperator("not", meaning: "!") {
            guard let operand = parseUnary() else { return nil }
            return .not(operand, range: start.union(operand.range))
        }
        if let open = consume(.leftParen) {
            guard let inner = parseGuard(), let close = closeGuard(.parenthesizedGuard, opening: open) else { return nil }
            return .parenthesized(inner, range: open.range.union(close.range))
        }
        guard at(.identifier) || isKeywordName(current) else {
            switch current.kind {
            case .integerLiteral, .decimalLiteral, .stringLiteral:
                reportOperatorInGuard(at: current.range, expected: .guardOperand)
            default:
                if let range = operatorAhead {
                    reportOperatorInGuard(at: range, expected: .guardOperand)
                } else {
                    expected(.guardOperand)
                }
            }
            return nil
        }
        return parseCall(role: .guard).map(GuardSyntax.call)
    }

    /// The `]` or `)` (`list`) that ends a guard or a parenthesized guard, or `nil` after reporting
    /// it missing; a comparison or arithmetic operator in its place is reported as what guards do not have.
    mutating func closeGuard(_ list: Diagnostic.Delimited, opening: Lexeme) -> Lexeme? {
        if let close = consume(list == .guardBrackets ? .rightBracket : .rightParen) { return close }
        if let range = operatorAhead {
            reportOperatorInGuard(at: range, expected: .guardContinuation(closing: list.closing))
        } else {
            report(.unclosedDelimiter(list, at: errorRange, opening: opening.range))
        }
        return nil
    }

    /// The comparison or arithmetic operator that ``current`` begins, in a guard or after an
    /// argument, as the adjacent tokens that spell it (`>`, `>=`, `==`, `!=`, `+`, `-`, `*`, `/`,
    /// `%`), or `nil`. The lexer reads `=`, `+`, `*`, `%` and a lone `-` as invalid characters; the
    /// `-` of a negative number after an operand (`[count -1]`) is one too.
    var operatorAhead: SourceRange? {
        var index = currentIndex
        var range: SourceRange?
        while true {
            let token = tokens[index]
            if let range, token.range.start != range.end { break }
            switch token.kind {
            case .leftAngle, .rightAngle, .slash: break
            case .bang where isEquals(tokens[index + 1]) && tokens[index + 1].range.start == token.range.end: break
            case .unknown where isOperatorText(token): break
            case .integerLiteral where range == nil && bytes[token.range.start] == UInt8(ascii: "-"),
                .decimalLiteral where range == nil && bytes[token.range.start] == UInt8(ascii: "-"):
                return SourceRange(start: token.range.start, end: token.range.start + 1)
            default: return range
            }
            range = range.map { $0.union(token.range) } ?? token.range
            index += 1
        }
        return range
    }

    /// Whether `token` is text the lexer reported that begins with `=`.
    private func isEquals(_ token: Lexeme) -> Bool {
        token.kind == .unknown && token.range.end > token.range.start && bytes[token.range.start] == UInt8(ascii: "=")
    }

    /// Whether `token` is text the lexer reported that spells an operator of comparison or
    /// arithmetic: it begins with `=`, `+`, `*` or `%`, or is a lone `-`.
    private func isOperatorText(_ token: Lexeme) -> Bool {
        guard token.kind == .unknown, token.range.end > token.range.start else { return false }
        switch bytes[token.range.start] {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "%"): return true
        default: return isLoneOperator(token, "-")
        }
    }

    /// Reports the operator (or literal) at `range` in a guard where `expectation` belongs, once
    /// for the guard: the rest of it is skipped, through its `]`. When the `]` is found,
    /// ``skippedInvalidGuard`` tells the transition to go on after it.
    mutating func reportOperatorInGuard(at range: SourceRange, expected expectation: Diagnostic.Expectation) {
        if skipOperators(through: .rightBracket) { skippedInvalidGuard = true }
        diagnostics.emit(.operatorInGuard(expected: expectation, at: range))
    }

    /// Reports the operator at `range` after an argument of a call (a guard's, with `role`
    /// `.guard`, or an action's), once for the call; the rest of the guard is skipped through its
    /// `]` (as ``reportOperatorInGuard(at:expected:)`` does), the rest of an action's argument list
    /// through its `)`, and ``skippedInvalidCall`` tells the list of actions to go on after it.
    mutating func reportOperatorInArguments(at range: SourceRange, role: Diagnostic.NameRole) {
        if role == .guard {
            if skipOperators(through: .rightBracket) { skippedInvalidGuard = true }
        } else if skipOperators(through: .rightParen) {
            skippedInvalidCall = true
        }
        diagnostics.emit(.operatorInArguments(at: range))
    }

    /// Skips from ``current`` through the `closing` bracket of the guard (`]`) or argument list
    /// (`)`) it stands in, with the lexer's errors about the operators on the way, which the error
    /// being reported explains. Returns whether the bracket was found before the end of the member;
    /// when it was not, only the line of ``current`` is skipped, so that the next lines are still read.
    mutating func skipOperators(through closing: TokenKind) -> Bool {
        position = currentIndex
        var depth = 0
        var lineEnd: Int?
        var operators: [SourceRange] = []
        var operatorsOnTheLine = 0
        scan: while true {
            let token = tokens[position]
            switch token.kind {
            case .endOfFile, .semicolon, .leftBrace, .rightBrace, .arrow: break scan
            case .newline where lineEnd == nil:
                lineEnd = position
                operatorsOnTheLine = operators.count
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket:
                if depth == 0, token.kind == closing {
                    position += 1
                    for range in operators { diagnostics.remove(.invalidCharacter, at: range) }
                    return true
                }
                // An argument list's `)` missing before the guard's `]`.
                if depth == 0, token.kind == .rightBracket { break scan }
                depth = max(depth - 1, 0)
            case .unknown where isOperatorText(token): operators.append(token.range)
            default: break
            }
            position += 1
        }
        if let lineEnd {
            position = lineEnd
            operators.removeLast(operators.count - operatorsOnTheLine)
        }
        for range in operators { diagnostics.remove(.invalidCharacter, at: range) }
        return false
    }

    func isKeywordName(_ token: Lexeme) -> Bool {
        if case .keyword = token.kind { return true }
        return false
    }

    /// Parses `[ element { "," element } ] ")"` after an opening `(`, where line ends do not end
    /// the member. Returns the elements and the end of the `)`, or `nil` after reporting an error.
    /// An operator of comparison or arithmetic after an element (`set(n: count + 1)`) is left to
    /// `reportOperator`, when given, with its range.
    mutating func parseList<Element>(
        after open: Lexeme, named list: Diagnostic.Delimited,
        reportingOperators reportOperator: ((inout Parser, SourceRange) -> Void)? = nil,
        _ parseElement: (inout Parser) -> Element?
    ) -> (elements: [Element], end: Int)? {
        newlineInsensitivity += 1
        defer { newlineInsensitivity -= 1 }
        var elements: [Element] = []
        if !at(.rightParen) {
            repeat {
                guard let element = parseElement(&self) else { return nil }
                elements.append(element)
            } while consume(.comma) != nil
        }
        guard let close = consume(.rightParen) else {
            if let reportOperator, let range = operatorAhead {
                reportOperator(&self, range)
                return nil
            }
            report(.unclosedDelimiter(list, at: errorRange, opening: open.range))
            return nil
        }
        return (elements, close.range.end)
    }

    /// call = Ident [ "(" [ arg { "," arg } ] ")" ]
    mutating func parseCall(role: Diagnostic.NameRole) -> CallSyntax? {
        guard let name = parseName(of: role) else { return nil }
        var arguments: [ArgumentSyntax] = []
        var end = name.range.end
        if let open = consume(.leftParen) {
            guard
                let list = parseList(
                    after: open, named: .argumentList,
                    reportingOperators: { $0.reportOperatorInArguments(at: $1, role: role) }, { $0.parseArgument() })
            else { return nil }
            (arguments, end) = list
        }
        return CallSyntax(name: name, arguments: arguments, range: SourceRange(start: name.range.start, end: end))
    }

    /// arg = Ident | Ident ":" ( Ident | Literal )
    mutating func parseArgument() -> ArgumentSyntax? {
        if let literal = parseLiteral() {
            diagnostics.emit(.unlabeledLiteral(at: literal.range))
            return nil
        }
        if atLoneMinus {
            rereportLoneMinus(.name(.argumentLabelOrParameter))
            return nil
        }
        guard let label = parseContextualName(of: .argumentLabelOrParameter) else { return nil }
        guard consume(.colon) != nil else {
            return ArgumentSyntax(label: label, value: .parameter(label), range: label.range)
        }
        if let literal = parseLiteral() {
            return ArgumentSyntax(label: label, value: .literal(literal), range: label.range.union(literal.range))
        }
        if atLoneMinus {
            rereportLoneMinus(.argumentValue(label: label.text))
            return nil
        }
        guard at(.identifier) || isKeywordName(current), let name = parseContextualName(of: .argumentLabelOrParameter) else {
            expected(.argumentValue(label: label.text))
            return nil
        }
        return ArgumentSyntax(label: label, value: .parameter(name), range: label.range.union(name.range))
    }

    mutating func parseLiteral() -> LiteralSyntax? {
        let token = current
        let value: LiteralSyntax.Value
        switch token.kind {
        case .stringLiteral: value = .string(text(of: token))
        case .decimalLiteral: value = .decimal(text(of: token))
        case .keyword(.true): value = .boolean(true)
        case .keyword(.false): value = .boolean(false)
        case .integerLiteral:
            let digits = text(of: token)
            // A malformed number (`12ab`, `1.`) is already reported by the lexer.
            if Int(digits) == nil, digits.allSatisfy({ $0 == "-" || ("0"..."9").contains($0) }) {
                diagnostics.emit(.integerOverflow(digits, at: token.range))
            }
            value = .integer(digits)
        default: return nil
        }
        advance()
        return LiteralSyntax(value: value, range: token.range)
    }
}
