/// Machine-readable diagnostics: fsmc's own JSON shape and SARIF 2.1.0 for code-scanning tools.
///
/// The JSON shape (documented in docs/Diagnostics.md) is an array with one object per diagnostic:
/// `id`, `severity`, `message`, `file`, `line`, `column`, `end` (`line`, `column`; exclusive),
/// `notes` (each with `message`, `file`, `line`, `column`, `end`) and `fixIts` (each with `line`,
/// `column`, `end` and `replacement`).
public enum StructuredDiagnostics {
    public static func json(_ compilations: [Compilation]) -> String {
        var objects: [JSONValue] = []
        for compilation in compilations {
            for diagnostic in compilation.diagnostics {
                objects.append(jsonObject(diagnostic, file: compilation.file))
            }
        }
        return JSONValue.array(objects).rendered() + "\n"
    }

    private static func position(_ offset: Int, in file: SourceFile) -> [(String, JSONValue)] {
        let location = file.location(of: offset)
        return [("line", .int(location.line)), ("column", .int(location.column))]
    }

    private static func place(_ range: SourceRange, in file: SourceFile) -> [(String, JSONValue)] {
        position(range.start, in: file) + [("end", .object(position(range.end, in: file)))]
    }

    private static func jsonObject(_ diagnostic: Diagnostic, file: SourceFile) -> JSONValue {
        let notes = diagnostic.notes.map { note in
            let noteFile = note.file ?? file
            return JSONValue.object(
                [("message", .string(note.message)), ("file", .string(noteFile.path))] + place(note.range, in: noteFile))
        }
        let fixIts = diagnostic.fixIts.map { fixIt in
            JSONValue.object(place(fixIt.range, in: file) + [("replacement", .string(fixIt.replacement))])
        }
        return .object(
            [
                ("id", .string(diagnostic.id.rawValue)), ("severity", .string(diagnostic.severity.rawValue)),
                ("message", .string(diagnostic.message)), ("file", .string(file.path)),
            ] + place(diagnostic.range, in: file) + [("notes", .array(notes)), ("fixIts", .array(fixIts))])
    }

    /// A SARIF 2.1.0 log with one run: every rule fsmc has, and one result per diagnostic.
    public static func sarif(_ compilations: [Compilation], toolVersion: String) -> String {
        let rules = DiagnosticID.allCases.map { id in
            JSONValue.object([
                ("id", .string(id.rawValue)),
                ("name", .string(ruleName(id))),
                ("shortDescription", .object([("text", .string(id.summary))])),
                ("help", .object([("text", .string(id.summary + " See docs/Diagnostics.md#\(id.rawValue)."))])),
                ("defaultConfiguration", .object([("level", .string(level(id.severity)))])),
            ])
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: DiagnosticID.allCases.enumerated().map { ($1, $0) })
        var results: [JSONValue] = []
        for compilation in compilations {
            for diagnostic in compilation.diagnostics {
                var members: [(String, JSONValue)] = [
                    ("ruleId", .string(diagnostic.id.rawValue)),
                    ("ruleIndex", .int(ruleIndex[diagnostic.id] ?? 0)),
                    ("level", .string(level(diagnostic.severity))),
                    ("message", .object([("text", .string(diagnostic.message))])),
                    ("locations", .array([physicalLocation(diagnostic.range, in: compilation.file)])),
                ]
                if !diagnostic.notes.isEmpty {
                    let related = diagnostic.notes.enumerated().map { index, note in
                        JSONValue.object(
                            [("id", .int(index))] + locationMembers(note.range, in: note.file ?? compilation.file)
                                + [("message", .object([("text", .string(note.message))]))])
                    }
                    members.append(("relatedLocations", .array(related)))
                }
                if !diagnostic.fixIts.isEmpty {
                    let fixes = diagnostic.fixIts.map { fixIt in
                        JSONValue.object([
                            ("description", .object([("text", .string("Replace with '\(fixIt.replacement)'"))])),
                            (
                                "artifactChanges",
                                .array([
                                    .object([
                                        ("artifactLocation", .object([("uri", .string(uri(compilation.file.path)))])),
                                        (
                                            "replacements",
                                            .array([
                                                .object([
                                                    ("deletedRegion", region(fixIt.range, in: compilation.file)),
                                                    ("insertedContent", .object([("text", .string(fixIt.replacement))])),
                                                ])
                                            ])
                                        ),
                                    ])
                                ])
                            ),
                        ])
                    }
                    members.append(("fixes", .array(fixes)))
                }
                results.append(.object(members))
            }
        }
        let log = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("fsmc")),
                                        ("version", .string(toolVersion)),
                                        ("informationUri", .string("https://github.com/fsmc/fsmc")),
                                        ("rules", .array(rules)),
                                    ])
                                )
                            ])
                        ),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return log.rendered() + "\n"
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `unknown-state` → `UnknownState`, as SARIF rule names are conventionally written.
    private static func ruleName(_ id: DiagnosticID) -> String {
        id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func region(_ range: SourceRange, in file: SourceFile) -> JSONValue {
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        return .object([
            ("startLine", .int(start.line)), ("startColumn", .int(start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
        ])
    }

    private static func locationMembers(_ range: SourceRange, in file: SourceFile) -> [(String, JSONValue)] {
        [
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object([("uri", .string(uri(file.path)))])),
                    ("region", region(range, in: file)),
                ])
            )
        ]
    }

    private static func physicalLocation(_ range: SourceRange, in file: SourceFile) -> JSONValue {
        .object(locationMembers(range, in: file))
    }

    /// A relative URI reference for a path: separators kept, other reserved characters escaped.
    private static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let char = Character(Unicode.Scalar(byte))
            if char.isASCII && (char.isLetter || char.isNumber || "-._~/".contains(char)) {
                result.append(char)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
