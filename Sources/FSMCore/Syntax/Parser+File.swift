/// The file, the machine and state bodies: the structure that members live in.
extension Parser {
    mutating func parseFile() -> MachineDecl? {
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
        let name = parseName(of: .machine)
        var members: [Member] = []
        var end = name?.range.end ?? keyword.range.end
        skipNewlines()
        let openingBrace = at(.leftBrace) ? current.range : nil
        if let open = consume(.leftBrace) {
            let body = parseBody(in: .machine, opening: open, owner: .machine(name?.text ?? ""))
            members = body.members
            end = body.end
        } else {
            expected(.machineBody)
            hasStructuralErrors = true
            return MachineDecl(
                name: name ?? Identifier("", range: keyword.range), members: [], docComment: docComment(of: keyword),
                range: keyword.range)
        }
        skipNewlines()
        if !at(.endOfFile) && !diagnostics.reachedErrorLimit {
            report(.trailingContent(at: current.range))
            hasStructuralErrors = true
        }
        let nameOrPlaceholder = name ?? Identifier("", range: SourceRange(start: keyword.range.end, end: keyword.range.end))
        return MachineDecl(
            name: nameOrPlaceholder, members: members, docComment: docComment(of: keyword),
            range: SourceRange(start: keyword.range.start, end: end), openingBrace: openingBrace)
    }

    enum BodyKind { case machine, state }

    /// Parses members up to the `}` matching `opening` (consumed). Returns the members and the end offset.
    mutating func parseBody(in kind: BodyKind, opening: Lexeme, owner: Diagnostic.BodyOwner) -> (members: [Member], end: Int) {
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
                if !reportedMissingBrace { reportMissingBrace(of: owner, opening: opening) }
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

    /// The `}` of a body that the file ends in, with a note at the state that, by the indentation,
    /// is most likely the one missing its `}`.
    mutating func reportMissingBrace(of owner: Diagnostic.BodyOwner, opening: Lexeme) {
        let likely = likelyUnclosedState(openedAfter: opening.range.start).map { state in
            (name: text(of: state.name), range: state.name.range, endLine: state.endLine)
        }
        report(.missingBrace(of: owner, at: errorRange, opening: opening.range, likelyUnclosed: likely))
    }

    mutating func parseMember(in kind: BodyKind) -> Member? {
        correctMisspeltKeyword(among: [.initial, .state, .final, .parallel, .event])
        let token = current
        switch token.kind {
        case .keyword(.event):
            if kind == .state {
                diagnostics.emit(.eventDeclarationInsideState(at: token.range))
            }
            return parseEvent().map(Member.event)
        case .keyword(.initial):
            return parseInitial().map(Member.initial)
        case .keyword(.state), .keyword(.final):
            return parseState().map(Member.state)
        // `parallel P {` is a parallel state without its 'state' (which parseState reports), not a
        // version-1 event named `parallel`: no transition goes on with a name.
        case .keyword(.parallel) where kindAfterCurrent == .keyword(.state) || kindAfterCurrent == .identifier:
            return parseState().map(Member.state)
        case .keyword(.history) where kindAfterCurrent == .keyword(.initial),
            .keyword(.deep) where kindAfterCurrent == .keyword(.history) && self.token(ahead: 2).kind == .keyword(.initial):
            return parseInitialAfterHistory().map(Member.initial)
        case .keyword(.entry), .keyword(.exit):
            if kind == .machine {
                diagnostics.emit(.activityOutsideState(text(of: token), at: token.range))
            }
            return parseActivity().map(Member.activity)
        // `after -> Done` is an older machine's event named `after`: reported below as a keyword.
        case .keyword(.after) where startsDelay(kindAfterCurrent), .keyword(.every) where startsDelay(kindAfterCurrent):
            return parseTimedTransition().map(Member.timed)
        case .keyword(.do):
            if kind == .machine { diagnostics.emit(.activityOutsideState("do", at: token.range)) }
            return parseDoActivity().map(Member.doActivity)
        case .keyword(.catch):
            if kind == .machine { diagnostics.emit(.catchOutsideState(at: token.range)) }
            return parseCatchTransition().map(Member.catchTransition)
        case .identifier, .leftBracket, .slash, .arrow:
            // Without an event name in front, a completion transition: `[g] / e -> T`.
            return parseTransition().map(Member.transition)
        case .keyword(.machine):
            diagnostics.emit(.nestedMachine(at: token.range))
            return nil
        case .keyword(let keyword):
            // `pop -> A`, `push -> B`, `true / x`: a keyword where an event name goes.
            diagnostics.emit(.keywordAsName(keyword.rawValue, role: .event, at: token.range))
            return nil
        default:
            expected(.member)
            return nil
        }
    }

    /// Whether a token of `kind` may begin a delay after `after` or `every`: a name, or a number
    /// (the lexer reads `500ms` as a malformed integer, `1.5s` as unknown text).
    func startsDelay(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .integerLiteral, .decimalLiteral, .unknown: true
        default: false
        }
    }

    /// A name spelt almost like one of `keywords` and followed by another name (`intial Idle`,
    /// `stat Armed {`, `fnal state Done`, `machin Player {`, `-> histroy Player`), which no transition,
    /// file or target starts with:
    /// reported with the keyword as fix-it, then read as that keyword, so the rest of the
    /// declaration is parsed and checked instead of being lost in follow-on errors.
    mutating func correctMisspeltKeyword(among keywords: [Keyword]) {
        guard at(.identifier) else { return }
        switch kindAfterCurrent {
        case .identifier, .keyword: break
        default: return
        }
        let spelling = text(of: current)
        guard let match = Suggestions.closest(to: spelling, among: keywords.map(\.rawValue)),
            let keyword = Keyword(rawValue: match)
        else { return }
        diagnostics.emit(.misspeltKeyword(spelling, keyword: match, at: current.range))
        tokens[position].kind = .keyword(keyword)
    }

    /// Reads a name where a keyword cannot be meant: a parameter's name, an argument's label or
    /// the parameter it passes (`event move(state: String)`, `set(state)`, `set(in: state)`). Every
    /// keyword is accepted as a name there but `true` and `false`, the literals.
    mutating func parseContextualName(of role: Diagnostic.NameRole) -> Identifier? {
        let token = current
        switch token.kind {
        case .keyword(.true), .keyword(.false): break
        case .keyword:
            advance()
            return Identifier(text(of: token), range: token.range)
        default: break
        }
        return parseName(of: role)
    }

    /// Reads a name; a keyword is reported and accepted (so the rest of the member still parses).
    mutating func parseName(of role: Diagnostic.NameRole) -> Identifier? {
        let token = current
        switch token.kind {
        case .identifier:
            advance()
            return Identifier(text(of: token), range: token.range)
        case .keyword(let keyword):
            diagnostics.emit(.keywordAsName(keyword.rawValue, role: role, at: token.range))
            advance()
            return Identifier(text(of: token), range: token.range)
        default:
            expected(.name(role))
            return nil
        }
    }
}
