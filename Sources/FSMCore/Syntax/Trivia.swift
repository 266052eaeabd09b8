/// What lies between two tokens: line ends and comments. The lexer drops comments (only `///`
/// lines survive, as doc comments), so the formatter and the editor features read them here, from
/// the gaps between tokens, which keeps the lexer's hot path untouched.
public enum Trivia: Sendable, Hashable {
    /// One line end (LF, CRLF or CR).
    case lineEnd
    /// A `//` comment (without its line end) or a `/* */` comment (nested ones included).
    case comment(SourceRange, isBlock: Bool)

    /// The line ends and comments in `range` of `bytes`, which must hold only white space and
    /// comments (the gap between two tokens of a file that lexed without errors).
    public static func scan(_ bytes: [UInt8], in range: Range<Int>) -> [Trivia] {
        var items: [Trivia] = []
        var index = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        while index < end {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < end ? bytes[index + 1] : nil
            if byte == UInt8(ascii: "\r") {
                index += next == UInt8(ascii: "\n") ? 2 : 1
                items.append(.lineEnd)
            } else if byte == UInt8(ascii: "\n") {
                index += 1
                items.append(.lineEnd)
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                let start = index
                while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                items.append(.comment(SourceRange(start: start, end: index), isBlock: false))
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                let start = index
                index = blockCommentEnd(bytes, from: index, limit: end)
                items.append(.comment(SourceRange(start: start, end: index), isBlock: true))
            } else {
                index += 1
            }
        }
        return items
    }

    /// The offset just past the (nested) block comment starting at `start`, or `limit` when it
    /// is not closed.
    private static func blockCommentEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
        var index = start + 2
        var depth = 1
        while index < limit {
            let pair = index + 1 < limit ? bytes[index + 1] : 0
            if bytes[index] == UInt8(ascii: "/"), pair == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), pair == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return limit
    }
}
