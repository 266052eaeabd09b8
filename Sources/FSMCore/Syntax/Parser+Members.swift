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
        guard let actions = parseActionList() else { return nil }
        return ActivityDecl(
            kind: keyword.kind == .keyword(.entry) ? .entry : .exit, actions: actions,
            range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    /// The actions after `/`: calls and `raise e(...)`. One whose arguments compare or compute
    /// values is reported and left out, and the list goes on after it, so the rest of the member
    /// is still checked.
    mutating func parseActionList() -> [ActionSyntax]? {
        var actions: [ActionSyntax] = []
        repeat {
            skippedInvalidCall = false
            let raise = at(.keyword(.raise)) ? advance() : nil
            if let call = parseCall(role: raise == nil ? .action : .raisedEvent) {
                actions.append(raise.map { .raise(RaiseSyntax(keyword: $0.range, event: call)) } ?? .call(call))
            } else if !skippedInvalidCall {
                return nil
            }
        } while consume(.comma) != nil
        return actions
    }

    /// transition = Ident [ "[" guard "]" ] [ "/" actions ] [ "->" target ]
    ///            | [ "[" guard "]" ] [ "/" actions ] "->" target      (a completion transition)
    mutating func parseTransition() -> TransitionDecl? {
        let start = current.range.start
        let event = at(.identifier) ? advance() : nil
        // Taken apart as it is bound: reading the fields of a bound tuple copies it whole.
        guard case let (guardExpression, invalidGuard, actions, target)? = parseTransitionRest(afterEvent: event != nil) else {
            return nil
        }
        return TransitionDecl(
            event: event.map { Identifier(text(of: $0), range: $0.range) }, guardExpression: guardExpression,
            invalidGuard: invalidGuard, actions: actions, target: target, range: SourceRange(start: start, end: previousEnd))
    }

    /// What follows a transition's trigger (its event, or `after D`): `[ "[" guard "]" ] [ "/"
    /// actions ] [ "->" target ]`. `afterEvent` allows the arrow left out before a target's name.
    mutating func parseTransitionRest(afterEvent: Bool) -> (
        guardExpression: GuardSyntax?, invalidGuard: SourceRange?, actions: [ActionSyntax], target: TargetSyntax?
    )? {
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
        var actions: [ActionSyntax] = []
        if consume(.slash) != nil {
            guard let list = parseActionList() else { return nil }
            actions = list
        }
        var target: TargetSyntax?
        if consume(.arrow) != nil || consumeMisspeltArrow(afterEvent: afterEvent && actions.isEmpty) {
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
        return (guardExpression, invalidGuard, actions, target)
    }

    /// timed = "after" delay [ "[" guard "]" ] [ "/" actions ] [ "->" target ]
    ///       | "every" delay [ "[" guard "]" ] "/" actions          (``current`` is the keyword)
    ///
    /// An `every` written with a target is read with it (the analyzer reports it), so that the
    /// target is checked too.
    mutating func parseTimedTransition() -> TimedTransitionDecl? {
        let keyword = advance()
        let kind: TimedTransitionDecl.Kind = keyword.kind == .keyword(.every) ? .every : .after
        guard let delay = parseDelay(after: text(of: keyword)) else { return nil }
        if kind == .every, !at(.slash), !at(.leftBracket), !at(.arrow) {
            expected(.everyActions)
            return nil
        }
        guard case let (guardExpression, invalidGuard, actions, target)? = parseTransitionRest(afterEvent: false) else {
            return nil
        }
        if kind == .every, actions.isEmpty, target == nil {
            expected(.everyActions)
            return nil
        }
        return TimedTransitionDecl(
            kind: kind, keyword: keyword.range, delay: delay, guardExpression: guardExpression,
            invalidGuard: invalidGuard, actions: actions, target: target,
            range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    /// activity = "do" "/" call                                    (``current`` is the keyword)
    mutating func parseDoActivity() -> DoActivityDecl? {
        let keyword = advance()
        guard consume(.slash) != nil else {
            expected(.doActivity)
            return nil
        }
        guard let call = parseCall(role: .activity) else { return nil }
        return DoActivityDecl(
            keyword: keyword.range, call: call, range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    /// catch = "catch" [ "[" guard "]" ] [ "/" actions ] [ "->" target ]   (``current`` is the keyword)
    mutating func parseCatchTransition() -> CatchTransitionDecl? {
        let keyword = advance()
        guard case let (guardExpression, invalidGuard, actions, target)? = parseTransitionRest(afterEvent: false) else {
            return nil
        }
        return CatchTransitionDecl(
            keyword: keyword.range, guardExpression: guardExpression, invalidGuard: invalidGuard, actions: actions,
            target: target, range: SourceRange(start: keyword.range.start, end: previousEnd))
    }

    /// delay = Duration | Ident. A number that is no duration (no unit, an unknown one, ...)
    /// is reported once, instead of the lexer's `invalid-number`, and read as an invalid delay, so
    /// that the rest of the transition is still checked.
    mutating func parseDelay(after keyword: String) -> DelaySyntax? {
        let token = current
        switch token.kind {
        case .identifier:
            advance()
            return .named(Identifier(text(of: token), range: token.range))
        case .integerLiteral, .decimalLiteral, .unknown:
            guard token.range.end > token.range.start,
                bytes[token.range.start].isDigit || bytes[token.range.start] == UInt8(ascii: "-")
            else { break }
            advance()
            diagnostics.remove(.invalidNumber, at: token.range)
            diagnostics.remove(.invalidCharacter, at: token.range)
            let written = String(decoding: bytes[token.range.start..<token.range.end], as: UTF8.self)
            switch DurationLiteral.parse(written) {
            case .success(let nanoseconds): return .literal(nanoseconds: nanoseconds, text: written, range: token.range)
            case .failure(.missingUnit) where isSeparatedUnit(after: token):
                // `5 s`: the number and its unit apart.
                let unit = advance()
                let between = SourceRange(start: token.range.end, end: unit.range.start)
                let range = token.range.union(unit.range)
                let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
                diagnostics.emit(.spaceInDuration(text, at: range, between: between))
                return .invalid(range)
            case .failure(let problem):
                let digits = written.prefix { $0 == "-" || $0 == "." || $0.isNumber }.utf8.count
                let unit = SourceRange(start: token.range.start + digits, end: token.range.end)
                diagnostics.emit(.invalidDuration(written, problem, at: token.range, unit: unit))
                return .invalid(token.range)
            }
        default: break
        }
        if case .keyword(let word) = token.kind {
            diagnostics.emit(.keywordAsName(word.rawValue, role: .delay, at: token.range))
            advance()
            return .invalid(token.range)
        }
        expected(.delay(keyword: keyword))
        return nil
    }

    /// Whether a unit (`s`, `ms`, ...) follows `number` (just read) on its line, after blanks:
    /// `after 5 s`.
    func isSeparatedUnit(after number: Lexeme) -> Bool {
        let next = current
        guard next.kind == .identifier, next.range.start > number.range.end,
            bytes[number.range.end..<next.range.start].allSatisfy(\.isBlank)
        else { return false }
        return DurationLiteral.Unit(rawValue: text(of: next)) != nil
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
