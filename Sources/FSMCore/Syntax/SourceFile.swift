/// The text of one `.fsm` file, with the line table needed to turn byte offsets into
/// 1-based line and column numbers.
///
/// The compiler works on UTF-8 bytes: every token of the language is ASCII, and non-ASCII text
/// can only appear inside comments and string literals. Columns are counted in Unicode scalars,
/// as swiftc does (docs/Diagnostics.md), by skipping UTF-8 continuation bytes.
public struct SourceFile: Sendable, Hashable {
    /// The path as given on the command line; used verbatim in diagnostics.
    public let path: String
    /// The file's bytes, without a leading byte-order mark.
    public let bytes: [UInt8]
    /// Whether the file started with a UTF-8 byte-order mark, which `bytes` leaves out. An editor
    /// counts it as the first character of line 0 (``editorPosition(of:encoding:)``).
    public let hadByteOrderMark: Bool
    /// Byte offset at which each line starts. LF, CRLF and CR all end a line.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        self.hadByteOrderMark = bytes.starts(with: bom)
        self.bytes = hadByteOrderMark ? Array(bytes.dropFirst(3)) : bytes
        self.lineStarts = SourceFile.computeLineStarts(self.bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    private static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        // Over the buffer: indexing the array checks its bounds at every byte of the file.
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // One comparison for the bytes of most lines: both line ends are below 0x0E.
                if byte < 0x0E {
                    if byte == UInt8(ascii: "\n") {
                        starts.append(index + 1)
                    } else if byte == UInt8(ascii: "\r") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                        starts.append(index + 1)
                    }
                }
                index += 1
            }
        }
        return starts
    }

    /// The 1-based line and column of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = min(max(offset, 0), bytes.count)
        let line = self.line(of: clamped)
        var column = 1
        var index = lineStarts[line - 1]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(offset: clamped, line: line, column: column)
    }

    /// The 1-based line of a byte offset (without the column, which costs a walk along the line).
    public func line(of offset: Int) -> Int {
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The blanks (spaces and tabs) that begin the line holding a byte offset, up to the offset at most.
    func indentation(ofLineAt offset: Int) -> ArraySlice<UInt8> {
        let start = lineStarts[line(of: offset) - 1]
        var end = start
        while end < offset, bytes[end].isBlank { end += 1 }
        return bytes[start..<end]
    }

    /// The text of a 1-based line, without its line terminator. Invalid UTF-8 shows as U+FFFD.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source text covered by a range.
    public func text(in range: SourceRange) -> String {
        let start = min(max(range.start, 0), bytes.count)
        let end = min(max(range.end, start), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The byte offset of the first invalid UTF-8 sequence, or `nil` when the file is valid UTF-8.
    public func firstInvalidUTF8Offset() -> Int? {
        bytes.withUnsafeBufferPointer(Self.firstInvalidUTF8Offset)
    }

    private static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            // ASCII, most of any source file, is skipped eight bytes at a time.
            guard let nonASCII = ASCIIScan.firstNonASCII(in: bytes, from: index) else { return nil }
            index = nonASCII
            let lead = bytes[index]
            let length: Int
            let minimum: UInt32
            if lead & 0xE0 == 0xC0 {
                length = 2
                minimum = 0x80
            } else if lead & 0xF0 == 0xE0 {
                length = 3
                minimum = 0x800
            } else if lead & 0xF8 == 0xF0 {
                length = 4
                minimum = 0x10000
            } else {
                return index
            }
            guard index + length <= count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for next in 1..<length {
                let byte = bytes[index + next]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = (scalar << 6) | UInt32(byte & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }
}

/// A resolved position in a source file.
public struct SourceLocation: Sendable, Hashable {
    public var offset: Int
    public var line: Int
    public var column: Int
}

/// A half-open range of byte offsets in one source file.
public struct SourceRange: Sendable, Hashable, Comparable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}

extension UInt8 {
    /// Whether the byte is a blank that separates tokens on a line: a space or a tab.
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
    /// Whether the byte is an ASCII digit, `0` to `9`.
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// Whether the byte can start an identifier: an ASCII letter or `_`.
    var isIdentifierStart: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || self == UInt8(ascii: "_")
    }
    /// Whether the byte can continue an identifier: an ASCII letter, digit or `_`.
    var isIdentifierContinue: Bool { isIdentifierStart || isDigit }
}
