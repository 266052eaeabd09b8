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
    private var tokens: [Token]
    private var position = 0
    private var diagnostics: DiagnosticEngine
    /// Greater than zero inside `( )` and `[ ]`, where line ends do not end a member.
    private var newlineInsensitivity = 0
    /// How deep the current state body is nested.
    private var depth = 0
    /// How deep the current guard expression or type is nested (counted apart from states).
    private var expressionDepth = 0

    /// Parses a whole file. Returns `nil` only when there is no machine declaration at all.
    public static func parse(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> MachineDecl? {
        parseReportingStructure(file, diagnostics: &diagnostics).machine
    }

    /// Parses a whole file and tells whether its structure is reliable enough for semantic analysis.
    public static func parseReportingStructure(
        _ file: SourceFile, diagnostics: inout DiagnosticEngine
    ) -> (machine: MachineDecl?, isStructurallySound: Bool) {
        let tokens = Lexer.tokenize(file, diagnostics: &diagnostics)
        if diagnostics.reachedErrorLimit { return (nil, false) }
        var parser = Parser(tokens: tokens, diagnostics: diagnostics)
        let machine = parser.parseFile()
        diagnostics = parser.diagnostics
        return (machine, !parser.hasStructuralErrors)
    }

    private init(tokens: [Token], diagnostics: DiagnosticEngine) {
        self.tokens = tokens
        self.diagnostics = diagnostics
    }

    // MARK: - Token access

    private var current: Token {
        var index = position
        if newlineInsensitivity > 0 {
            while tokens[index].kind == .newline { index += 1 }
        }
        return tokens[index]
    }

    private var previousEnd: Int {
        var index = position - 1
        while index >= 0, tokens[index].kind == .newline { index -= 1 }
        return index >= 0 ? tokens[index].range.end : 0
    }

    private func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// The kind of the token after ``current``, skipping line ends the same way.
    private var kindAfterCurrent: TokenKind {
        var index = position
        if newlineInsensitivity > 0 {
            while tokens[index].kind == .newline { index += 1 }
        }
        index = min(index + 1, tokens.count - 1)
        if newlineInsensitivity > 0 {
            while tokens[index].kind == .newline { index += 1 }
        }
        return tokens[index].kind
    }

    @discardableResult
    private mutating func advance() -> Token {
        if newlineInsensitivity > 0 {
            while tokens[position].kind == .newline { position += 1 }
        }
        let token = tokens[position]
        if token.kind != .endOfFile { position += 1 }
        return token
    }

    private mutating func consume(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    private mutating func skipNewlines() {
        while tokens[position].kind == .newline { position += 1 }
    }

    /// Where to point an "expected ..." error: at the current token, or just after the previous one
    /// when the current token is a line end or the end of the file (as swiftc does).
    private var errorRange: SourceRange {
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

    private mutating func expected(_ what: String) {
        report(.expected(what, at: errorRange))
    }

    /// Reports a syntax error, unless the parser stands on text the lexer already reported.
    private mutating func report(_ diagnostic: Diagnostic) {
        if current.kind == .unknown { return }
        diagnostics.emit(diagnostic)
    }

    /// Whether the structure of the file is unreliable (a body never closed, content after the
    /// machine, nesting cut off): semantic checks would only report consequences of that.
    public private(set) var hasStructuralErrors = false
    private var reportedMissingBrace = false

    // MARK: - Recovery

    private struct SyntaxError: Error {}

    /// Skips the rest of a member: up to a line end or `;` (not consumed), or a `}` closing the
    /// enclosing body (not consumed). Braces opened on the way are skipped with their contents.
    private mutating func skipRestOfMember() {
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
    private mutating func skipBody() -> Bool {
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

    // MARK: - File and bodies

    private mutating func parseFile() -> MachineDecl? {
        skipNewlines()
        correctMisspeltKeyword(among: [.machine])
        guard at(.keyword(.machine)) else {
            diagnostics.emit(.expectedMachine(at: current.range))
            // Recover at a later `machine`, if there is one.
            guard let index = tokens[position...].firstIndex(where: { $0.kind == .keyword(.machine) }) else {
                return nil
            }
            position = index
            return parseFile()
        }
        let keyword = advance()
        let name = parseName(of: "machine")
        var members: [Member] = []
        var end = name?.range.end ?? keyword.range.end
        skipNewlines()
        if let open = consume(.leftBrace) {
            let body = parseBody(in: .machine, opening: open, owner: "machine '\(name?.text ?? "")'")
            members = body.members
            end = body.end
        } else {
            expected("'{' to begin the machine's body")
            hasStructuralErrors = true
            return MachineDecl(
                name: name ?? Identifier("", range: keyword.range), members: [], docComment: keyword.docComment,
                range: keyword.range)
        }
        skipNewlines()
        if !at(.endOfFile) && !diagnostics.reachedErrorLimit {
            report(.trailingContent(at: current.range))
            hasStructuralErrors = true
        }
        let nameOrPlaceholder = name ?? Identifier("", range: SourceRange(start: keyword.range.end, end: keyword.range.end))
        return MachineDecl(
            name: nameOrPlaceholder, members: members, docComment: keyword.docComment,
            range: SourceRange(start: keyword.range.start, end: end))
    }

    private enum BodyKind { case machine, state }

    /// Parses members up to the `}` matching `opening` (consumed). Returns the members and the end offset.
    private mutating func parseBody(in kind: BodyKind, opening: Token, owner: String) -> (members: [Member], end: Int) {
        var members: [Member] = []
        while true {
            skipNewlines()
            if diagnostics.reachedErrorLimit { return (members, previousEnd) }
            if let close = consume(.rightBrace) { return (members, close.range.end) }
            if at(.semicolon) {
                advance()
                continue
            }
            if at(.endOfFile) || (at(.unknown) && tokens[position + 1].kind == .endOfFile) {
                // Only the innermost unclosed body is reported; the outer ones end at the same place.
                if !reportedMissingBrace { report(.missingBrace(owner: owner, at: errorRange, opening: opening.range)) }
                reportedMissingBrace = true
                hasStructuralErrors = true
                return (members, previousEnd)
            }
            if let member = parseMember(in: kind) {
                members.append(member)
                // A member ends at a line end, `;`, the closing `}` or the end of the file.
                switch current.kind {
                case .newline, .semicolon, .rightBrace, .endOfFile: break
                // After a body's `}` another member may follow on the same line, as in Swift.
                case _ where tokens[position - 1].kind == .rightBrace: break
                default:
                    report(.consecutiveMembers(at: errorRange))
                    skipRestOfMember()
                }
            } else {
                skipRestOfMember()
            }
        }
    }

    private mutating func parseMember(in kind: BodyKind) -> Member? {
        correctMisspeltKeyword(among: [.initial, .state, .final, .event])
        let token = current
        switch token.kind {
        case .keyword(.event):
            if kind == .state {
                diagnostics.emit(.misplacedMember("event declarations", allowed: "directly inside 'machine'", at: token.range))
            }
            return parseEvent().map(Member.event)
        case .keyword(.initial):
            return parseInitial().map(Member.initial)
        case .keyword(.state), .keyword(.final):
            return parseState().map(Member.state)
        case .keyword(.entry), .keyword(.exit):
            if kind == .machine {
                diagnostics.emit(.misplacedMember("'\(token.text)' activities", allowed: "inside a state", at: token.range))
            }
            return parseActivity().map(Member.activity)
        case .identifier:
            return parseTransition().map(Member.transition)
        case .keyword(.machine):
            diagnostics.emit(.misplacedMember("'machine' declarations", allowed: "at the top of the file", at: token.range))
            return nil
        case .keyword(let keyword):
            // `pop -> A`, `push -> B`, `true / x`: a keyword where an event name goes.
            diagnostics.emit(.keywordAsName(keyword.rawValue, role: "event", at: token.range))
            return nil
        default:
            expected("a state, transition, 'initial', 'entry', 'exit' or 'event' declaration")
            return nil
        }
    }

    /// A name spelt almost like one of `keywords` and followed by another name (`intial Idle`,
    /// `stat Armed {`, `fnal state Done`, `machin Player {`), which no transition or file starts with:
    /// reported with the keyword as fix-it, then read as that keyword, so the rest of the
    /// declaration is parsed and checked instead of being lost in follow-on errors.
    private mutating func correctMisspeltKeyword(among keywords: [Keyword]) {
        guard at(.identifier) else { return }
        switch kindAfterCurrent {
        case .identifier, .keyword: break
        default: return
        }
        guard let match = Suggestions.closest(to: current.text, among: keywords.map(\.rawValue)),
            let keyword = Keyword(rawValue: match)
        else { return }
        diagnostics.emit(.misspeltKeyword(current.text, keyword: match, at: current.range))
        tokens[position].kind = .keyword(keyword)
    }

    /// Reads a name; a keyword is reported and accepted (so the rest of the member still parses).
    private mutating func parseName(of role: String) -> Identifier? {
        let token = current
        switch token.kind {
        case .identifier:
            advance()
            return Identifier(token.text, range: token.range)
        case .keyword(let keyword):
            diagnostics.emit(.keywordAsName(keyword.rawValue, role: role, at: token.range))
            advance()
            return Identifier(token.text, range: token.range)
        default:
            expected("a name for the \(role)")
            return nil
        }
    }

    // MARK: - Members

    private mutating func parseEvent() -> EventDecl? {
        let keyword = advance()
        guard let name = parseName(of: "event") else { return nil }
        var parameters: [Parameter] = []
        var end = name.range.end
        if let open = consume(.leftParen) {
            guard let list = parseList(after: open, named: "the parameter list", { $0.parseParameter() }) else { return nil }
            (parameters, end) = list
        }
        return EventDecl(
            name: name, parameters: parameters, docComment: keyword.docComment,
            range: SourceRange(start: keyword.range.start, end: end))
    }

    private mutating func parseParameter() -> Parameter? {
        guard let name = parseName(of: "parameter") else { return nil }
        guard consume(.colon) != nil else {
            expected("':' and a type after parameter '\(name.text)'")
            return nil
        }
        let typeStart = current.range.start
        guard let type = parseType() else { return nil }
        return Parameter(name: name, type: type, range: SourceRange(start: name.range.start, end: max(previousEnd, typeStart)))
    }

    private mutating func parseType(allowingOptional: Bool = true) -> TypeSyntax? {
        guard enterNesting() else { return nil }
        defer { expressionDepth -= 1 }
        var type: TypeSyntax
        let token = current
        switch token.kind {
        case .identifier where (token.text == "any" || token.text == "some") && kindAfterCurrent == .identifier:
            advance()
            // `any P?` means `(any P)?`: the optional belongs to the existential.
            guard let constraint = parseType(allowingOptional: false) else { return nil }
            type = .existential(token.text, constraint)
        case .identifier:
            var components: [TypeComponent] = []
            repeat {
                guard let component = consume(.identifier) else {
                    expected("a type name after '.'")
                    return nil
                }
                var arguments: [TypeSyntax] = []
                if consume(.leftAngle) != nil {
                    repeat {
                        guard let argument = parseType() else { return nil }
                        arguments.append(argument)
                    } while consume(.comma) != nil
                    guard consume(.rightAngle) != nil else {
                        expected("'>' to end the generic arguments")
                        return nil
                    }
                }
                components.append(TypeComponent(name: component.text, genericArguments: arguments))
            } while consume(.dot) != nil
            type = .named(components)
        case .leftBracket:
            advance()
            newlineInsensitivity += 1
            defer { newlineInsensitivity -= 1 }
            guard let element = parseType() else { return nil }
            if consume(.colon) != nil {
                guard let value = parseType() else { return nil }
                type = .dictionary(key: element, value: value)
            } else {
                type = .array(element)
            }
            guard consume(.rightBracket) != nil else {
                expected("']' to end the type")
                return nil
            }
        case .leftParen:
            advance()
            newlineInsensitivity += 1
            defer { newlineInsensitivity -= 1 }
            var elements: [TypeSyntax] = []
            if !at(.rightParen) {
                repeat {
                    guard let element = parseType() else { return nil }
                    elements.append(element)
                } while consume(.comma) != nil
            }
            guard consume(.rightParen) != nil else {
                expected("')' to end the tuple type")
                return nil
            }
            type = elements.count == 1 ? elements[0] : .tuple(elements)
        default:
            expected("a type")
            return nil
        }
        while allowingOptional, consume(.question) != nil { type = .optional(type) }
        return type
    }

    private mutating func parseInitial() -> InitialDecl? {
        let keyword = advance()
        guard let name = parseName(of: "initial state") else { return nil }
        return InitialDecl(name: name, range: keyword.range.union(name.range))
    }

    private mutating func parseState() -> StateDecl? {
        let first = advance()
        var finalKeyword: SourceRange?
        if first.kind == .keyword(.final) {
            finalKeyword = first.range
            guard consume(.keyword(.state)) != nil else {
                expected("'state' after 'final'")
                return nil
            }
        }
        guard let name = parseName(of: "state") else { return nil }
        var end = name.range.end
        var members: [Member]?
        // `{` may open the body on the next line.
        let beforeNewlines = position
        skipNewlines()
        if let open = consume(.leftBrace) {
            if depth >= Parser.maximumDepth {
                diagnostics.emit(.nestingTooDeep("states", limit: Parser.maximumDepth, at: name.range))
                hasStructuralErrors = true
                if !skipBody() {
                    diagnostics.emit(.missingBrace(owner: "state '\(name.text)'", at: errorRange, opening: open.range))
                    reportedMissingBrace = true
                }
                end = previousEnd
                members = []
            } else {
                depth += 1
                let body = parseBody(in: .state, opening: open, owner: "state '\(name.text)'")
                depth -= 1
                members = body.members
                end = body.end
            }
        } else {
            position = beforeNewlines
        }
        return StateDecl(
            name: name, finalKeyword: finalKeyword, members: members, docComment: first.docComment,
            range: SourceRange(start: first.range.start, end: end))
    }

    private mutating func parseActivity() -> ActivityDecl? {
        let keyword = advance()
        guard consume(.slash) != nil else {
            expected("'/' and an action after '\(keyword.text)'")
            return nil
        }
        guard let calls = parseCallList() else { return nil }
        return ActivityDecl(
            kind: keyword.kind == .keyword(.entry) ? .entry : .exit, calls: calls,
            range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    private mutating func parseCallList() -> [CallSyntax]? {
        var calls: [CallSyntax] = []
        repeat {
            guard let call = parseCall(role: "action") else { return nil }
            calls.append(call)
        } while consume(.comma) != nil
        return calls
    }

    private mutating func parseTransition() -> TransitionDecl? {
        let event = advance()
        var guardExpression: GuardSyntax?
        if let open = consume(.leftBracket) {
            newlineInsensitivity += 1
            guardExpression = parseGuard()
            let close = consume(.rightBracket)
            newlineInsensitivity -= 1
            guard guardExpression != nil else { return nil }
            guard close != nil else {
                diagnostics.emit(.expectedClosing("]", of: "the guard", at: errorRange, opening: open.range))
                return nil
            }
        }
        var effects: [CallSyntax] = []
        if consume(.slash) != nil {
            guard let calls = parseCallList() else { return nil }
            effects = calls
        }
        var target: TargetSyntax?
        if consume(.arrow) != nil {
            let token = current
            switch token.kind {
            case .keyword(.pop):
                advance()
                target = .pop(token.range)
            case .keyword(.push):
                advance()
                guard let name = parseName(of: "state to push") else { return nil }
                target = .push(name, keyword: token.range)
            case .keyword(let keyword):
                diagnostics.emit(.keywordAsName(keyword.rawValue, role: "state", at: token.range))
                return nil
            default:
                guard let name = parseName(of: "target state") else { return nil }
                target = .state(name)
            }
        } else if at(.leftBrace) {
            // `click { ... }` is a common slip for a state declaration.
            expected("'->' and a target state, or 'state' to declare a state")
            return nil
        }
        return TransitionDecl(
            event: Identifier(event.text, range: event.range), guardExpression: guardExpression, effects: effects,
            target: target, range: SourceRange(start: event.range.start, end: previousEnd))
    }

    // MARK: - Guards and calls

    private mutating func enterNesting() -> Bool {
        guard expressionDepth < Parser.maximumDepth else {
            diagnostics.emit(.nestingTooDeep("expressions", limit: Parser.maximumDepth, at: errorRange))
            return false
        }
        expressionDepth += 1
        return true
    }

    /// guard = and { "||" and }
    private mutating func parseGuard() -> GuardSyntax? {
        guard var lhs = parseAnd() else { return nil }
        while consume(.pipePipe) != nil {
            guard let rhs = parseAnd() else { return nil }
            lhs = .or(lhs, rhs)
        }
        return lhs
    }

    /// and = unary { "&&" unary }
    private mutating func parseAnd() -> GuardSyntax? {
        guard var lhs = parseUnary() else { return nil }
        while consume(.ampAmp) != nil {
            guard let rhs = parseUnary() else { return nil }
            lhs = .and(lhs, rhs)
        }
        return lhs
    }

    /// unary = "!" unary | "(" guard ")" | call
    private mutating func parseUnary() -> GuardSyntax? {
        guard enterNesting() else { return nil }
        defer { expressionDepth -= 1 }
        if let bang = consume(.bang) {
            guard let operand = parseUnary() else { return nil }
            return .not(operand, range: bang.range.union(operand.range))
        }
        if let open = consume(.leftParen) {
            guard let inner = parseGuard() else { return nil }
            guard let close = consume(.rightParen) else {
                diagnostics.emit(.expectedClosing(")", of: "the parenthesized guard", at: errorRange, opening: open.range))
                return nil
            }
            return .parenthesized(inner, range: open.range.union(close.range))
        }
        guard at(.identifier) || isKeywordName(current) else {
            expected("a guard name, '!' or '('")
            return nil
        }
        return parseCall(role: "guard").map(GuardSyntax.call)
    }

    private func isKeywordName(_ token: Token) -> Bool {
        if case .keyword = token.kind { return true }
        return false
    }

    /// Parses `[ element { "," element } ] ")"` after an opening `(`, where line ends do not end
    /// the member. Returns the elements and the end of the `)`, or `nil` after reporting an error.
    private mutating func parseList<Element>(
        after open: Token, named what: String, _ parseElement: (inout Parser) -> Element?
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
            diagnostics.emit(.expectedClosing(")", of: what, at: errorRange, opening: open.range))
            return nil
        }
        return (elements, close.range.end)
    }

    /// call = Ident [ "(" [ arg { "," arg } ] ")" ]
    private mutating func parseCall(role: String) -> CallSyntax? {
        guard let name = parseName(of: role) else { return nil }
        var arguments: [ArgumentSyntax] = []
        var end = name.range.end
        if let open = consume(.leftParen) {
            guard let list = parseList(after: open, named: "the argument list", { $0.parseArgument() }) else { return nil }
            (arguments, end) = list
        }
        return CallSyntax(name: name, arguments: arguments, range: SourceRange(start: name.range.start, end: end))
    }

    /// arg = Ident | Ident ":" ( Ident | Literal )
    private mutating func parseArgument() -> ArgumentSyntax? {
        if let literal = parseLiteral() {
            diagnostics.emit(.unlabeledLiteral(at: literal.range))
            return nil
        }
        guard let label = parseName(of: "argument label or event parameter") else { return nil }
        guard consume(.colon) != nil else {
            return ArgumentSyntax(label: label, value: .parameter(label), range: label.range)
        }
        if let literal = parseLiteral() {
            return ArgumentSyntax(label: label, value: .literal(literal), range: label.range.union(literal.range))
        }
        guard let parameter = consume(.identifier) else {
            expected("an event parameter or a literal after '\(label.text):'")
            return nil
        }
        let name = Identifier(parameter.text, range: parameter.range)
        return ArgumentSyntax(label: label, value: .parameter(name), range: label.range.union(name.range))
    }

    private mutating func parseLiteral() -> LiteralSyntax? {
        let token = current
        let value: LiteralSyntax.Value
        switch token.kind {
        case .stringLiteral: value = .string(token.text)
        case .decimalLiteral: value = .decimal(token.text)
        case .keyword(.true): value = .boolean(true)
        case .keyword(.false): value = .boolean(false)
        case .integerLiteral:
            if Int(token.text) == nil, !token.text.contains(where: \.isLetter) {
                diagnostics.emit(.integerOverflow(token.text, at: token.range))
            }
            value = .integer(token.text)
        default: return nil
        }
        advance()
        return LiteralSyntax(value: value, range: token.range)
    }
}
