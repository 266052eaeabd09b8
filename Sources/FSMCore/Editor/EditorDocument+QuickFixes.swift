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
                let old = file.text(in: fixIt.range)
                let title =
                    fixIt.replacement.isEmpty
                    ? "Remove '\(old)'"
                    : old.isEmpty ? "Insert '\(fixIt.replacement)'" : "Replace '\(old)' with '\(fixIt.replacement)'"
                return QuickFix(title: title, diagnostic: diagnostic, edits: [fixIt])
            }
        }
    }
}
