/// `save snapshot.json` in a `fsmc simulate` script: the machine's snapshot (section 4g,
/// ``Interpreter/snapshot``) is written to that file, as JSON, the way `fsmc simulate --restore`
/// reads it back.
extension EventLine {
    /// The path of the `save` on `line`; `nil` when the line is no `save` line (an event line, a
    /// blank or comment line). The path is a word (anything up to white space), or a string in double
    /// quotes with the escapes of an event line's strings, for a path with spaces: `save "my
    /// snapshot.json"`. In a machine with an event named `save`, a line whose word after `save` is no
    /// path (nothing, `name=value`, `[`) is that event.
    public static func parseSave(_ line: String, in model: Model) throws(EventLineError) -> String? {
        var scanner = Scanner(Array(line.unicodeScalars))
        scanner.skipSpace()
        guard scanner.identifier() == "save", scanner.atEnd || scanner.peek == " " || scanner.peek == "\t" || scanner.peek == "\r"
        else {
            return nil
        }
        scanner.skipSpace()
        if model.events.contains(where: { $0.name == "save" }) {
            // `save`, `save x=1` and `save [g=true]` are the event `save`; `save a.json` is a save.
            var lookahead = scanner
            if lookahead.atEnd || lookahead.peek == "#" || lookahead.peek == "[" { return nil }
            if lookahead.identifier() != nil {
                lookahead.skipSpace()
                if lookahead.peek == "=" { return nil }
            }
        }
        let missing = EventLineError("expected a file to save the snapshot to after 'save', like 'save snapshot.json'")
        guard let first = scanner.peek, first != "#" else { throw missing }
        var path = ""
        if first == "\"" {
            if case .string(let text) = try scanner.value() { path = text }
        } else {
            path = scanner.word()
        }
        scanner.skipSpace()
        guard scanner.atEnd || scanner.peek == "#" else {
            throw EventLineError("expected the end of the line after the file of 'save', found '\(scanner.rest)'")
        }
        guard !path.isEmpty else { throw missing }
        return path
    }
}
