/// Members: event declarations with their parameter types, initials, states, activities and transitions.
extension Parser {
    mutating func parseEvent() -> EventDecl? {
        let keyword = advance()
        guard let name = parseName(of: .event) else { return nil }
        var parameters: [Parameter] = []
        var end = name.range.end
        if let open = consume(.leftParen) {
            var read: [Parameter] = []
            let list = parseList(after: open, named: .parameterList) { parser in
                let parameter = parser.parseParameter()
                if let parameter { read.append(parameter) }
                return parameter
            }
            guard let list else {
                // The error is reported; the event is still declared, with the parameters read, so
                // that its uses do not each add an error about a parameter it does not have.
                skipRestOfMember()
                var decl = EventDecl(
                    name: name, parameters: read, docComment: docComment(of: keyword),
                    range: SourceRange(start: keyword.range.start, end: previousEnd))
                decl.hasInvalidParameters = true
                return decl
            }
            (parameters, end) = list
        }
        return EventDecl(
            name: name, parameters: parameters, docComment: docComment(of: keyword),
            range: SourceRange(start: keyword.range.start, end: end))
    }

    mutating func parseParameter() -> Parameter? {
        guard let name = parseContextualName(of: .parameter) else { return nil }
        guard consume(.colon) != nil else {
            expected(.parameterType(parameter: name.text))
            return nil
        }
        let typeStart = current.range.start
        guard let type = parseType() else { return nil }
        return Parameter(name: name, type: type, range: SourceRange(start: name.range.start, end: max(previousEnd, typeStart)))
    }

    /// `after 5s -> Failed` (``current`` is `after`): a timed transition, which the language does
    /// not have. When a number follows on the line, it is one error, instead of the number's
    /// (`5s` is no valid number) and one about what follows; the member is skipped. Returns whether
    /// it was reported.
    mutating func reportTimedTransition() -> Bool {
        let number = token(ahead: 1)
        guard [.integerLiteral, .decimalLiteral, .unknown].contains(number.kind),
            bytes[number.range.start].isDigit
        else { return false }
        let keyword = current
        diagnostics.remove(.invalidNumber, at: number.range)
        // The target, for the example: the name after the line's `->`.
        var target: String?
        var ahead = 2
        while true {
            let token = self.token(ahead: ahead)
            if [.newline, .semicolon, .rightBrace, .endOfFile].contains(token.kind) { break }
            if token.kind == .arrow, self.token(ahead: ahead + 1).kind == .identifier {
                target = text(of: self.token(ahead: ahead + 1))
                break
            }
            ahead += 1
        }
        let range = SourceRange(start: keyword.range.start, end: number.range.end)
        report(.timedTransition(String(decoding: bytes[range.start..<range.end], as: UTF8.self), target: target, at: range))
        skipRestOfMember()
        return true
    }

    /// type = typeAtom { "?" } (grammars/fsm.ebnf)
    ///
    /// A function type (`(Int) -> Void`) and labelled tuple elements (`(x: Int, y: Int)`) are not in
    /// the language; each is read whole and reported once, saying what a parameter type may be, and
    /// the parameter is kept (with its type as written), so that its uses cause no errors of their own.
    /// `reportingFunctionTypes` is false for the result of a function type already being reported.
    mutating func parseType(allowingOptional: Bool = true, reportingFunctionTypes: Bool = true) -> TypeSyntax? {
        guard enterNesting() else { return nil }
        defer { expressionDepth -= 1 }
        var type: TypeSyntax
        let token = current
        switch token.kind {
        case .identifier where (isName(token, "any") || isName(token, "some")) && kindAfterCurrent == .identifier:
            advance()
            // `any P?` means `(any P)?`: the optional belongs to the existential.
            guard let constraint = parseType(allowingOptional: false) else { return nil }
            type = .existential(text(of: token), constraint)
        case .identifier:
            var components: [TypeComponent] = []
            repeat {
                guard let component = consume(.identifier) else {
                    expected(.typeAfterDot)
                    return nil
                }
                var arguments: [TypeSyntax] = []
                if consume(.leftAngle) != nil {
                    repeat {
                        guard let argument = parseType() else { return nil }
                        arguments.append(argument)
                    } while consume(.comma) != nil
                    guard consume(.rightAngle) != nil else {
                        expected(.endOfGenericArguments)
                        return nil
                    }
                }
                components.append(
                    TypeComponent(name: text(of: component), genericArguments: arguments, nameRange: component.range))
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
                expected(.endOfCollectionType)
                return nil
            }
        case .leftParen:
            advance()
            newlineInsensitivity += 1
            defer { newlineInsensitivity -= 1 }
            var elements: [TypeSyntax] = []
            var firstLabel: SourceRange?
            if !at(.rightParen) {
                repeat {
                    if at(.identifier) || isKeywordName(current), kindAfterCurrent == .colon {
                        let label = advance().range.union(advance().range)  // the label and its ':'
                        firstLabel = firstLabel ?? label
                    }
                    guard let element = parseType() else { return nil }
                    elements.append(element)
                } while consume(.comma) != nil
            }
            guard consume(.rightParen) != nil else {
                expected(.endOfTupleType)
                return nil
            }
            type = elements.count == 1 ? elements[0] : .tuple(elements)
            // The parameters of a function type may have labels: the function type is the error then.
            if let firstLabel, !atFunctionArrow { diagnostics.emit(.labelledTupleType(unlabelled: "\(type)", at: firstLabel)) }
        default:
            expected(.type)
            return nil
        }
        if reportingFunctionTypes, atFunctionArrow {
            repeat {
                while isName(current, "async") || isName(current, "throws") { advance() }
                if consume(.arrow) == nil {
                    // A type before the arrow: the thrown one (`throws(E) -> R`), or the result when
                    // the arrow is left out (`(Int) throws Int`).
                    guard parseType(reportingFunctionTypes: false) != nil else { return nil }
                    if consume(.arrow) == nil { continue }
                }
                guard parseType(reportingFunctionTypes: false) != nil else { return nil }
            } while atFunctionArrow
            let range = SourceRange(start: token.range.start, end: previousEnd)
            diagnostics.emit(.functionParameterType(at: range))
            type = .named([
                TypeComponent(name: String(decoding: bytes[range.start..<range.end], as: UTF8.self), genericArguments: [])
            ])
        }
        while allowingOptional, consume(.question) != nil { type = .optional(type) }
        return type
    }

    /// Whether the rest of a function type comes next: `->`, or `async` / `throws` before `->`, before
    /// a thrown type (`throws(E) ->`) or before the result with the arrow left out (`throws Int`).
    /// No parameter type is followed by a name or a `(` otherwise.
    var atFunctionArrow: Bool {
        var ahead = 0
        if isName(current, "async") { ahead += 1 }
        if isName(token(ahead: ahead), "throws") { ahead += 1 }
        switch token(ahead: ahead).kind {
        case .arrow: return true
        case .identifier, .leftParen, .leftBracket: return ahead > 0
        default: return false
        }
    }

    /// initial = "initial" [ [ "deep" ] "history" ] Ident
    mutating func parseInitial() -> InitialDecl? {
        let keyword = advance()
        var history: HistorySyntax?
        correctMisspeltKeyword(among: [.history, .deep])
        if atHistory() {
            guard let parsed = parseHistory() else { return nil }
            history = parsed
        }
        guard let name = parseName(of: .initialState) else { return nil }
        return InitialDecl(name: name, history: history, range: keyword.range.union(name.range))
    }

    /// `history initial C` (or `deep history initial C`): the keywords in the wrong order, reported
    /// with the right order as fix-it and read as `initial history C`.
    mutating func parseInitialAfterHistory() -> InitialDecl? {
        guard let history = parseHistory() else { return nil }
        let keyword = advance()
        let name = at(.identifier) ? text(of: current) : nil
        diagnostics.emit(
            .initialAfterHistory(
                history: history.isDeep ? "deep history" : "history", name: name, at: history.range.union(keyword.range)))
        guard let name = parseName(of: .initialState) else { return nil }
        return InitialDecl(name: name, history: history, range: history.range.union(name.range))
    }

    /// Whether `history` or `deep` begins here as a keyword: before a name or `history`, and also
    /// with nothing after it (`-> history`, `initial history`), where the state's name was left out;
    /// but not when the file declares a state named so (a version-1 machine, `state history`),
    /// where it is that state: ``parseName(of:)`` reports it as a keyword used as a name, to rename.
    mutating func atHistory() -> Bool {
        guard case .keyword(let keyword) = current.kind, keyword == .history || keyword == .deep else { return false }
        switch kindAfterCurrent {
        case .identifier, .keyword(.history): return true
        default: return !declaresState(named: keyword)
        }
    }

    /// Whether the file declares a state named after `keyword` (`state history`); the tokens are
    /// read once, the first time it is asked.
    mutating func declaresState(named keyword: Keyword) -> Bool {
        if keywordStateNames == nil {
            var names = Set<Keyword>()
            for index in tokens.indices.dropLast() where tokens[index].kind == .keyword(.state) {
                if case .keyword(let name) = tokens[index + 1].kind { names.insert(name) }
            }
            keywordStateNames = names
        }
        return keywordStateNames?.contains(keyword) == true
    }

    /// `history` or `deep history`, before the state's name.
    mutating func parseHistory() -> HistorySyntax? {
        let first = advance()
        guard first.kind == .keyword(.deep) else { return HistorySyntax(isDeep: false, range: first.range) }
        correctMisspeltKeyword(among: [.history])
        guard let second = consume(.keyword(.history)) else {
            expected(.historyAfterDeep)
            return nil
        }
        return HistorySyntax(isDeep: true, range: first.range.union(second.range))
    }

    mutating func parseState() -> StateDecl? {
        let first = advance()
        var finalKeyword: SourceRange?
        var parallelKeyword: SourceRange?
        if first.kind == .keyword(.final) || first.kind == .keyword(.parallel) {
            if first.kind == .keyword(.final) { finalKeyword = first.range } else { parallelKeyword = first.range }
            correctMisspeltKeyword(among: [.state])
            if consume(.keyword(.state)) == nil {
                // `parallel P {`, `final Done`: reported with 'state' as fix-it, and read as if it were there.
                guard at(.identifier) else {
                    expected(.stateAfter(keyword: text(of: first)))
                    return nil
                }
                report(
                    .expected(
                        .stateAfter(keyword: text(of: first)), at: current.range,
                        fixIt: FixIt(replace: SourceRange(start: first.range.end, end: first.range.end), with: " state")))
            }
        }
        guard let name = parseName(of: .state) else { return nil }
        var end = name.range.end
        var members: [Member]?
        var openingBrace: SourceRange?
        // `{` may open the body on the next line.
        let beforeNewlines = position
        skipNewlines()
        if let open = consume(.leftBrace) {
            openingBrace = open.range
            if depth >= Parser.maximumDepth {
                diagnostics.emit(.nestingTooDeep(.states, limit: Parser.maximumDepth, at: name.range))
                hasStructuralErrors = true
                if !skipBody() {
                    diagnostics.emit(.missingBrace(of: .state(name.text), at: errorRange, opening: open.range))
                    reportedMissingBrace = true
                }
                end = previousEnd
                members = []
            } else {
                depth += 1
                let body = parseBody(in: .state, opening: open, owner: .state(name.text))
                depth -= 1
                members = body.members
                end = body.end
            }
        } else {
            position = beforeNewlines
        }
        return StateDecl(
            name: name, finalKeyword: finalKeyword, parallelKeyword: parallelKeyword, members: members,
            docComment: docComment(of: first),
            range: SourceRange(start: first.range.start, end: end), openingBrace: openingBrace)
    }

    mutating func parseActivity() -> ActivityDecl? {
        let keyword = advance()
        guard consume(.slash) != nil else {
            expected(.activityAction(keyword: text(of: keyword)))
            return nil
        }
        guard let calls = parseCallList() else { return nil }
        return ActivityDecl(
            kind: keyword.kind == .keyword(.entry) ? .entry : .exit, calls: calls,
            range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    /// The actions after `/`. One whose arguments compare or compute values is reported and left
    /// out, and the list goes on after it, so the rest of the member is still checked.
    mutating func parseCallList() -> [CallSyntax]? {
        var calls: [CallSyntax] = []
        repeat {
            skippedInvalidCall = false
            if let call = parseCall(role: .action) {
                calls.append(call)
            } else if !skippedInvalidCall {
                return nil
            }
        } while consume(.comma) != nil
        return calls
    }

    /// transition = Ident [ "[" guard "]" ] [ "/" calls ] [ "->" target ]
    ///            | [ "[" guard "]" ] [ "/" calls ] "->" target      (a completion transition)
    mutating func parseTransition() -> TransitionDecl? {
        let start = current.range.start
        if at(.identifier), text(of: current) == "after", reportTimedTransition() { return nil }
        let event = at(.identifier) ? advance() : nil
        var guardExpression: GuardSyntax?
        var invalidGuard: SourceRange?
        if let open = consume(.leftBracket) {
            newlineInsensitivity += 1
            skippedInvalidGuard = false
            guardExpression = parseGuard()
            let close = guardExpression == nil ? nil : closeGuard(.guardBrackets, opening: open)
            newlineInsensitivity -= 1
            if guardExpression == nil || close == nil {
                // A guard that compares or computes values is reported and skipped through its `]`;
                // the transition goes on without it, so its effects and target are still checked.
                guard skippedInvalidGuard else { return nil }
                guardExpression = nil
                invalidGuard = SourceRange(start: open.range.start, end: previousEnd)
            }
        }
        var effects: [CallSyntax] = []
        if consume(.slash) != nil {
            guard let calls = parseCallList() else { return nil }
            effects = calls
        }
        var target: TargetSyntax?
        if consume(.arrow) != nil || consumeMisspeltArrow(afterEvent: event != nil && effects.isEmpty) {
            // `-> histroy Player`: a target's name is never followed by another name.
            correctMisspeltKeyword(among: [.history, .deep, .push])
            let token = current
            switch token.kind {
            case .keyword(.pop):
                advance()
                target = .pop(token.range)
            case .keyword(.push):
                advance()
                guard let name = parseName(of: .stateToPush) else { return nil }
                target = .push(name, keyword: token.range)
            case .keyword(.history) where atHistory(), .keyword(.deep) where atHistory():
                guard let history = parseHistory(), let name = parseName(of: .stateWithHistory) else { return nil }
                target = .history(name, history)
            case .keyword(let keyword):
                diagnostics.emit(.keywordAsName(keyword.rawValue, role: .state, at: token.range))
                return nil
            default:
                guard let name = parseName(of: .targetState) else { return nil }
                target = .state(name)
            }
        } else if at(.leftBrace) {
            // `click { ... }` is a common slip for a state declaration.
            expected(.transitionTargetOrState)
            return nil
        }
        return TransitionDecl(
            event: event.map { Identifier(text(of: $0), range: $0.range) }, guardExpression: guardExpression,
            invalidGuard: invalidGuard, effects: effects, target: target, range: SourceRange(start: start, end: previousEnd))
    }

    /// A transition's arrow written wrong where it belongs, reported and read as `->` so that the
    /// target is still checked: `<-` (the lexer reported its `-`), with `->` as fix-it; or, after an
    /// event name and its guard (`afterEvent`), none at all before a name that ends the member
    /// (`open Opened`: no member goes on with a name there), with `-> ` to insert, the name left to
    /// be read as the target.
    mutating func consumeMisspeltArrow(afterEvent: Bool) -> Bool {
        let token = current
        if token.kind == .leftAngle {
            let minus = self.token(ahead: 1)
            guard isLoneOperator(minus, "-"), minus.range.start == token.range.end else { return false }
            let range = token.range.union(minus.range)
            diagnostics.replace(.invalidCharacter, at: minus.range, with: .misspeltArrow("<-", at: range, fixIt: true))
            advance()
            advance()
            return true
        }
        guard afterEvent, token.kind == .identifier else { return false }
        switch kindAfterCurrent {
        case .newline, .semicolon, .rightBrace, .endOfFile: break
        default: return false
        }
        let insertion = SourceRange(start: token.range.start, end: token.range.start)
        report(.expected(.arrowBefore(name: text(of: token)), at: token.range, fixIt: FixIt(replace: insertion, with: "-> ")))
        return true
    }
}
