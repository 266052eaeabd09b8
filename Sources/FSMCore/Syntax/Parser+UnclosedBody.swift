/// Which state a missing `}` most likely belongs to, guessed from the indentation, for the note of
/// the error at the end of the file (the braces alone only say that one is missing).
extension Parser {
    /// A state that is likely missing its `}`, with the line before which its body ends by the
    /// indentation: the first state body, opened at `opening` or later, that a line leaves by lining
    /// up with the line that opened the body or an enclosing one (a member written as a sibling of
    /// the state, or a `}` meant for an enclosing body). Only states whose line is indented deeper
    /// than the line of the body around them are judged, so a file written without indentation gets
    /// no guess; and a line indented neither as a member nor as an enclosing body proves nothing.
    func likelyUnclosedState(openedAfter opening: Int) -> (name: Lexeme, endLine: Int)? {
        /// The bodies open at the current token: the indentation of the line that opened each, and
        /// the state's name where the state is judged.
        var open: [(indentation: ArraySlice<UInt8>, judgedState: Lexeme?)] = []
        for index in tokens.indices {
            let token = tokens[index]
            let leadsLine = index == 0 || tokens[index - 1].kind == .newline
            switch token.kind {
            case .newline, .endOfFile:
                continue
            case .leftBrace:
                // Deeper than the parser reads: it has reported that already.
                guard open.count <= Parser.maximumDepth else { return nil }
                // `state Name {` (or `parallel Name {`, read as a state), the `{` perhaps on a line of its own.
                var before = index - 1
                while before > 0, tokens[before].kind == .newline { before -= 1 }
                let name = tokens[max(before, 0)]
                let indentation = file.indentation(ofLineAt: name.range.start)
                let keyword = before > 0 ? tokens[before - 1].kind : .newline
                let isState =
                    [.keyword(.state), .keyword(.parallel), .keyword(.final)].contains(keyword) && token.range.start >= opening
                let isIndented = open.last.map {
                    $0.indentation.count < indentation.count && indentation.starts(with: $0.indentation)
                }
                open.append((indentation, isState && isIndented == true ? name : nil))
            case .rightBrace:
                guard let body = open.popLast() else { continue }
                if leadsLine, let state = body.judgedState, linesUp(token, withOneOf: open) {
                    return (state, file.line(of: token.range.start))
                }
            default:
                if leadsLine, let state = open.last?.judgedState, linesUp(token, withOneOf: open) {
                    return (state, file.line(of: token.range.start))
                }
            }
        }
        return nil
    }

    /// Whether the line that `token` begins is indented exactly as the line that opened one of `bodies`.
    private func linesUp(_ token: Lexeme, withOneOf bodies: [(indentation: ArraySlice<UInt8>, judgedState: Lexeme?)]) -> Bool {
        let indentation = file.indentation(ofLineAt: token.range.start)
        return bodies.contains { $0.indentation.elementsEqual(indentation) }
    }
}
