/// Fix-its that add or remove a whole member, laid out as the text around it is written: the
/// indentation and line ends of the body it goes in.
extension Analyzer {
    /// Inserts `member` (`initial Closed`) as the first member of the body opened by `brace`,
    /// whose first member so far is at `first`: on a line of its own right after the brace's line,
    /// indented as `first` is and ended as the brace's line is (LF, CRLF or CR). When `first` is on
    /// the brace's line (`{ state A; state B }`), or a block comment opens after the brace, it goes
    /// right before `first`, followed by `; `.
    func fixItInsertingFirstMember(_ member: String, brace: SourceRange, before first: SourceRange) -> FixIt {
        let bytes = file.bytes
        let braceLine = file.line(of: brace.start)
        let nextLine = braceLine < file.lineStarts.count ? file.lineStarts[braceLine] : bytes.count
        let afterBrace = bytes[brace.end..<max(brace.end, min(nextLine, first.start))]
        let opensComment = zip(afterBrace, afterBrace.dropFirst()).contains {
            $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "*")
        }
        if nextLine > first.start || opensComment {
            return FixIt(replace: SourceRange(start: first.start, end: first.start), with: member + "; ")
        }
        var lineEnd = nextLine
        while lineEnd > brace.end, bytes[lineEnd - 1] == UInt8(ascii: "\n") || bytes[lineEnd - 1] == UInt8(ascii: "\r") {
            lineEnd -= 1
        }
        let indentation = String(decoding: file.indentation(ofLineAt: first.start), as: UTF8.self)
        let terminator = String(decoding: bytes[lineEnd..<nextLine], as: UTF8.self)
        return FixIt(replace: SourceRange(start: nextLine, end: nextLine), with: indentation + member + terminator)
    }

    /// Removes the member at `range`: its whole line, line end included, when nothing else is on
    /// it; otherwise the member, a `;` after it and the blanks after them.
    func fixItRemovingMember(at range: SourceRange) -> FixIt {
        let bytes = file.bytes
        var end = range.end
        while end < bytes.count, bytes[end].isBlank { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
            end += 1
            while end < bytes.count, bytes[end].isBlank { end += 1 }
        }
        let line = file.line(of: range.start)
        let lineStart = file.lineStarts[line - 1]
        let endsLine = end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r")
        if endsLine, bytes[lineStart..<range.start].allSatisfy(\.isBlank) {
            let nextLine = line < file.lineStarts.count ? file.lineStarts[line] : bytes.count
            return FixIt(replace: SourceRange(start: lineStart, end: nextLine), with: "")
        }
        return FixIt(replace: SourceRange(start: range.start, end: end), with: "")
    }
}
