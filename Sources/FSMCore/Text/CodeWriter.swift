/// Builds indented source text one line at a time.
///
/// The emitters describe structure (`block`, `line`, `docComment`) and the writer owns the
/// layout: four spaces per level, no trailing white space, `\n` line ends.
///
/// The text is kept as UTF-8 bytes and made a `String` once, by ``text``: appending bytes costs a
/// copy, where appending to a `String` checks its storage and capacity every time, and the emitters
/// append millions of short pieces for a large machine.
struct CodeWriter: TextOutputStream {
    private var bytes: [UInt8] = []
    private var level = 0

    /// A writer with room for about `expectedSize` bytes, up to 64 MB (beyond that the text grows
    /// as it goes). Room that stays unused costs nothing but address space (the pages are never
    /// touched), while growing a large text copies it into fresh memory each time.
    init(expectedSize: Int = 0) {
        bytes.reserveCapacity(min(expectedSize, Self.largestReservation))
    }

    /// A writer with room for `perState` bytes per state and `perTransition` per transition of a
    /// machine (see ``init(expectedSize:)``); the counts are clamped first, so the product cannot
    /// overflow where `Int` has 32 bits.
    init(states: Int, perState: Int, transitions: Int, perTransition: Int) {
        let room = Self.largestReservation
        self.init(
            expectedSize: 4096 + min(states, room / perState) * perState
                + min(transitions, room / perTransition) * perTransition)
    }

    private static let largestReservation = 1 << 26

    /// The text written so far.
    ///
    /// Made from the bytes in pieces: runs of ASCII as they are, 64 KB at a time, and only the lines
    /// with other characters decoded as UTF-8. Decoding checks every byte, which for megabytes of
    /// text costs more than all the appends; and no temporary string as large as the text is made
    /// only to be copied.
    var text: String {
        bytes.withUnsafeBufferPointer { all in
            var result = ""
            result.reserveCapacity(all.count)
            var start = 0
            while start < all.count {
                guard let other = ASCIIScan.firstNonASCII(in: all, from: start) else {
                    Self.appendASCII(all, start..<all.count, to: &result)
                    break
                }
                // The line holding it: a line break is never part of a longer UTF-8 sequence.
                var lineStart = other
                while lineStart > start && all[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                var lineEnd = other
                while lineEnd < all.count && all[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                Self.appendASCII(all, start..<lineStart, to: &result)
                result += String(decoding: UnsafeBufferPointer(rebasing: all[lineStart..<lineEnd]), as: UTF8.self)
                start = lineEnd
            }
            return result
        }
    }

    private static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to result: inout String) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + (1 << 16), range.upperBound)
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            start = end
        }
    }

    /// The width a line written by fsmc keeps within, its indentation counted.
    static let lineWidth = 120

    /// Whether `content`, written as one line at the current indentation, keeps within
    /// ``lineWidth`` (for a line that is split when it would not).
    func fits(_ content: String) -> Bool { level * 4 + content.count <= Self.lineWidth }

    /// Writes one line at the current indentation; an empty line stays empty.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            writeIndentation()
            write(content)
        }
        endLine()
    }

    /// Starts a line at the current indentation, for pieces written with ``write(_:)``
    /// and ended with ``endLine()``: for a line whose pieces would otherwise be joined into a
    /// string first.
    mutating func beginLine() { writeIndentation() }

    /// Ends a line started with ``beginLine()``.
    mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }

    /// Ends a line started with ``beginLine()`` with ` {`, then writes the body one level deeper
    /// and `}`: ``block(_:trailer:_:)`` for a header written piece by piece.
    mutating func endLine(openingBlock body: (inout CodeWriter) -> Void) {
        write(" {\n")
        indented(body)
        writeIndentation()
        write("}\n")
    }

    /// Writes several lines at the current indentation.
    mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// Writes `header {`, the body one level deeper, then `}` (followed by `trailer`).
    mutating func block(_ header: String, trailer: String = "", _ body: (inout CodeWriter) -> Void) {
        // Piece by piece, not `line(header + " {")`: no string made per line only to be appended.
        // Not through `endLine(openingBlock:)` either: swiftc -O then copied the whole Swift emitter
        // into the body closure of every transition's `if` (40 M instructions at 10,000 states).
        beginLine()
        write(header)
        write(" {\n")
        indented(body)
        writeIndentation()
        bytes.append(UInt8(ascii: "}"))
        if !trailer.isEmpty { write(trailer) }
        endLine()
    }

    /// Writes the body one level deeper.
    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Writes `///` lines; nothing when `lines` is empty.
    mutating func docComment(_ lines: [String]) {
        for content in lines {
            writeIndentation()
            if content.isEmpty {
                write("///\n")
            } else {
                write("/// ")
                write(content)
                endLine()
            }
        }
    }

    /// Writes `text` as `///` lines of at most `width` characters of text, broken between words.
    mutating func docParagraph(_ text: String, width: Int = 96) {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        docComment(lines)
    }

    private mutating func writeIndentation() {
        var remaining = level * 4
        while remaining > 0 {
            let count = min(remaining, Self.spaces.utf8CodeUnitCount)
            bytes.append(contentsOf: UnsafeBufferPointer(start: Self.spaces.utf8Start, count: count))
            remaining -= count
        }
    }

    /// Sixteen levels of indentation, written in one piece.
    private static let spaces: StaticString =
        "                                                                "

    /// Writes `string` as it is: part of a line begun with ``beginLine()``.
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes UTF-8 bytes as they are.
    mutating func write(_ utf8: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: utf8) }

    /// Writes `bytes` with the byte at each offset replaced by `replacement(offset)`, where that is
    /// not `nil` (the offset, not the byte, so that a replacement may look at the bytes after it),
    /// copying the runs between the bytes replaced. For text in which each byte is a character.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, replacingAt replacement: (Int) -> StaticString?) {
        var runStart = 0
        for offset in bytes.indices {
            guard let replaced = replacement(offset) else { continue }
            write(UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            write(replaced)
            runStart = offset + 1
        }
        write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Writes `string` as it is (a literal is a `String`; this is for values of type `StaticString`).
    mutating func write(_ string: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Writes `string` with each character that is one ASCII byte replaced by `replacement(byte)`,
    /// where that is not `nil`: the escaping of an output format, done as the text is written.
    ///
    /// Characters, not bytes: a CR LF pair, or a quote followed by a combining mark, is one
    /// character and stays as written. ASCII text without a CR, the usual case, has no such
    /// characters and is copied in runs between the bytes replaced.
    mutating func write(_ string: String, replacing replacement: (UInt8) -> StaticString?) {
        var string = string
        let bytewise: Bool = string.withUTF8 { text in
            guard ASCIIScan.isPlain(text) else { return false }
            write(text, replacingAt: { replacement(text[$0]) })
            return true
        }
        if bytewise { return }
        for character in string {
            if character.utf8.count == 1, let replaced = replacement(character.utf8.first!) {
                write(replaced)
            } else {
                bytes.append(contentsOf: character.utf8)
            }
        }
    }
}
