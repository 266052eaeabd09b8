/// Renders diagnostics the way swiftc and clang do, so editors, Xcode and CI log parsers pick them up:
///
/// ```
/// alarm.fsm:7:19: error: unknown state 'Armd'; did you mean 'Armed'?
///         arm -> Armd
///                ^~~~
///                Armed
/// ```
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours (only when standard error is a terminal and `NO_COLOR` is unset).
    public var colors: Bool

    public init(colors: Bool = false) {
        self.colors = colors
    }

    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        var output = ""
        for diagnostic in diagnostics {
            render(diagnostic, in: file, into: &output)
        }
        return output
    }

    public func render(_ diagnostic: Diagnostic, in file: SourceFile, into output: inout String) {
        renderOne(
            severity: diagnostic.severity, message: diagnostic.message, range: diagnostic.range,
            fixIts: diagnostic.fixIts, file: file, into: &output)
        for note in diagnostic.notes {
            renderOne(
                severity: .note, message: note.message, range: note.range, fixIts: [], file: note.file ?? file,
                into: &output)
        }
    }

    private func renderOne(
        severity: Severity, message: String, range: SourceRange, fixIts: [FixIt], file: SourceFile,
        into output: inout String
    ) {
        let start = file.location(of: range.start)
        let label: String
        switch severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;30")
        }
        output += paint("\(file.path):\(start.line):\(start.column):", "1") + " \(label) " + paint(message, "1") + "\n"

        let line = file.lineText(start.line)
        // A diagnostic about the file as a whole (empty, too large) has no source line to show.
        if line.isEmpty && range.start == range.end { return }
        let lineScalars = Array(line.unicodeScalars)
        output += line + "\n"
        // Mirror the tabs of the source line so the caret lines up in any tab width.
        let caretColumn = min(start.column - 1, lineScalars.count)
        var prefix = ""
        for scalar in lineScalars.prefix(caretColumn) { prefix += scalar == "\t" ? "\t" : " " }
        let end = file.location(of: range.end)
        let endColumn = end.line == start.line ? end.column - 1 : lineScalars.count
        let underline = "^" + String(repeating: "~", count: max(0, endColumn - caretColumn - 1))
        output += prefix + paint(underline, "1;32") + "\n"
        // A removal has no text to show; the range under the caret is what goes.
        if let fixIt = fixIts.first, !fixIt.replacement.isEmpty, file.location(of: fixIt.range.start).line == start.line {
            let fixColumn = file.location(of: fixIt.range.start).column - 1
            var fixPrefix = ""
            for scalar in lineScalars.prefix(min(fixColumn, lineScalars.count)) { fixPrefix += scalar == "\t" ? "\t" : " " }
            output += fixPrefix + paint(fixIt.replacement, "32") + "\n"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
