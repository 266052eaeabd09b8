/// Builds indented source text one line at a time.
///
/// The emitters describe structure (`block`, `line`, `docComment`) and the writer owns the
/// layout: four spaces per level, no trailing white space, `\n` line ends.
struct CodeWriter {
    /// The text written so far.
    private(set) var text = ""
    private var level = 0
    /// The indentation of each level used so far, made once rather than once per line.
    private var indents = [""]

    /// Writes one line at the current indentation; an empty line stays empty.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            writeIndentation()
            text += content
        }
        text += "\n"
    }

    /// Writes several lines at the current indentation.
    mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// Writes `header {`, the body one level deeper, then `}` (followed by `trailer`).
    mutating func block(_ header: String, trailer: String = "", _ body: (inout CodeWriter) -> Void) {
        // Piece by piece, not `line(header + " {")`: no string made per line only to be appended.
        writeIndentation()
        text += header
        text += " {\n"
        indented(body)
        writeIndentation()
        text += "}"
        text += trailer
        text += "\n"
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
            text += content.isEmpty ? "///\n" : "/// "
            if !content.isEmpty {
                text += content
                text += "\n"
            }
        }
    }

    private mutating func writeIndentation() {
        while indents.count <= level { indents.append(indents[indents.count - 1] + "    ") }
        text += indents[level]
    }
}
