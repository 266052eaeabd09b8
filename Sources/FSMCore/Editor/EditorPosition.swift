/// How an editor counts the characters of a line (LSP's `positionEncoding`).
///
/// fsmc counts columns in Unicode scalars (UTF-32 code units); LSP counts UTF-16 code units unless
/// the client and server agree on another encoding, so positions are converted at the boundary.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// How many units of this encoding a scalar of `byteLength` UTF-8 bytes takes.
    func units(forUTF8Length byteLength: Int) -> Int {
        switch self {
        case .utf8: byteLength
        case .utf16: byteLength == 4 ? 2 : 1
        case .utf32: 1
        }
    }
}

/// A 0-based line and a 0-based character offset in one ``PositionEncoding``.
public struct EditorPosition: Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

extension SourceFile {
    /// Where a line's text starts for the editor: after the byte-order mark on line 0 of a file
    /// that has one, since the editor's text holds it (U+FEFF is one UTF-16 unit, three UTF-8 bytes).
    func firstCharacter(ofLine line: Int, encoding: PositionEncoding) -> Int {
        line == 0 && hadByteOrderMark ? encoding.units(forUTF8Length: 3) : 0
    }

    /// The editor position of a byte offset (clamped to the file).
    public func editorPosition(of offset: Int, encoding: PositionEncoding) -> EditorPosition {
        let clamped = min(max(offset, 0), bytes.count)
        let line = lineIndex(containing: clamped)
        var character = firstCharacter(ofLine: line, encoding: encoding)
        var index = lineStarts[line]
        while index < clamped {
            let length = scalarLength(at: index)
            character += encoding.units(forUTF8Length: length)
            index += length
        }
        return EditorPosition(line: line, character: character)
    }

    /// The byte offset of an editor position. A line past the end means the end of the file; a
    /// character past the end of its line means the end of that line (LSP's rule); a position inside
    /// a scalar (half of a surrogate pair) means the start of that scalar; a position on the
    /// byte-order mark means the start of the file.
    public func offset(of position: EditorPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineContentEnd(position.line)
        var index = lineStarts[position.line]
        var remaining = max(0, position.character - firstCharacter(ofLine: position.line, encoding: encoding))
        while index < end, remaining > 0 {
            let length = scalarLength(at: index)
            let units = encoding.units(forUTF8Length: length)
            if units > remaining { break }
            remaining -= units
            index += length
        }
        return min(index, end)
    }

    /// The 0-based index of the line holding `offset`.
    func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The offset where a 0-based line's text ends, before its line terminator.
    func lineContentEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }

    /// The length in bytes of the UTF-8 sequence starting at `index` (1 for a stray byte).
    func scalarLength(at index: Int) -> Int {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0xF0...0xF7: 4
            case 0xE0...0xEF: 3
            case 0xC0...0xDF: 2
            default: 1
            }
        return min(length, bytes.count - index)
    }
}

/// Converts increasing byte offsets to editor positions in one pass over the file, for the many
/// positions of a semantic-token or outline answer (``SourceFile/editorPosition(of:encoding:)``
/// starts from the line's beginning each time). An offset before the previous one starts over.
public struct EditorPositionCursor {
    private let file: SourceFile
    private let encoding: PositionEncoding
    private var line = 0
    private var offset = 0
    private var character = 0

    public init(file: SourceFile, encoding: PositionEncoding) {
        self.file = file
        self.encoding = encoding
        self.character = file.firstCharacter(ofLine: 0, encoding: encoding)
    }

    public mutating func position(of target: Int) -> EditorPosition {
        let clamped = min(max(target, 0), file.bytes.count)
        if clamped < offset {
            let position = file.editorPosition(of: clamped, encoding: encoding)
            (line, offset, character) = (position.line, clamped, position.character)
            return position
        }
        if line + 1 < file.lineStarts.count, file.lineStarts[line + 1] <= clamped {
            line = file.lineIndex(containing: clamped)
            offset = file.lineStarts[line]
            character = 0
        }
        while offset < clamped {
            let length = file.scalarLength(at: offset)
            character += encoding.units(forUTF8Length: length)
            offset += length
        }
        return EditorPosition(line: line, character: character)
    }
}
