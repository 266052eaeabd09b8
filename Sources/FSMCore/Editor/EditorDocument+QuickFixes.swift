/// A fix-it of a diagnostic, offered as an editor quick fix.
public struct QuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    public var edits: [FixIt]
}

extension EditorDocument {
    /// The fix-its of the diagnostics that overlap (or touch) `range`.
    public func quickFixes(in range: SourceRange) -> [QuickFix] {
        compilation.diagnostics.flatMap { diagnostic -> [QuickFix] in
            guard diagnostic.range.start <= range.end, range.start <= diagnostic.range.end else { return [] }
            return diagnostic.fixIts.map { fixIt in
                // Titled without the blanks and line ends that lay a fix-it out (`    initial A\n`).
                let old = Self.withoutLayout(file.text(in: fixIt.range))
                let new = Self.withoutLayout(fixIt.replacement)
                let title =
                    new.isEmpty ? "Remove '\(old)'" : old.isEmpty ? "Insert '\(new)'" : "Replace '\(old)' with '\(new)'"
                return QuickFix(title: title, diagnostic: diagnostic, edits: [fixIt])
            }
        }
    }

    /// `text` without the blanks and line ends around it.
    private static func withoutLayout(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
