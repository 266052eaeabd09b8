/// `wait 2s` in a `fsmc simulate` script: virtual time moves on by a duration literal, as written
/// after `after` (`500ms`, `2s`, `1.5min`, `1h`), and the timeouts due meanwhile are processed
/// (``Interpreter/advance(by:)``).
extension EventLine {
    /// The duration of the `wait` on `line`, in nanoseconds; `nil` when the line is no `wait` (an
    /// event line, a blank or comment line). In a machine with an event named `wait`, a line whose
    /// word after `wait` is no duration (nothing, `name=value`, `[`) is that event.
    public static func parseWait(_ line: String, in model: Model) throws(EventLineError) -> Int? {
        try parseWaitLine(line, in: model)?.nanoseconds
    }

    /// The duration of the `wait` on `line` and the answers in brackets after it, for the guards of
    /// the timed transitions that time out meanwhile (`wait 2s [isOnline=true]`).
    static func parseWaitLine(
        _ line: String, in model: Model
    ) throws(EventLineError) -> (nanoseconds: Int, guardAnswers: [String: [Bool]])? {
        var answers: [String: [Bool]] = [:]
        var line = line
        if let open = line.firstIndex(of: "["), line[..<open].split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "wait",
            !line[..<open].contains("#"), line[..<open].split(whereSeparator: { $0 == " " || $0 == "\t" }).count == 2
        {
            var scanner = Scanner(Array(line[line.index(after: open)...].unicodeScalars))
            answers = try guardAnswers(&scanner, in: model)
            scanner.skipSpace()
            guard scanner.atEnd || scanner.peek == "#" else {
                throw EventLineError("expected the end of the line after the guards' ']', found '\(scanner.rest)'")
            }
            line = String(line[..<open])
        }
        guard let nanoseconds = try parseDuration(line, in: model) else { return nil }
        return (nanoseconds, answers)
    }

    private static func parseDuration(_ line: String, in model: Model) throws(EventLineError) -> Int? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let comment = words.firstIndex(where: { $0.hasPrefix("#") }) { words.removeSubrange(comment...) }
        guard words.first == "wait" else { return nil }
        let isDuration = words.count > 1 && words[1].first.map { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == ".") } == true
        if model.events.contains(where: { $0.name == "wait" }) && !isDuration { return nil }
        guard words.count > 1 else {
            throw EventLineError("expected a duration after 'wait', like 'wait 2s' or 'wait 500ms'")
        }
        let text = words[1]
        let none = SourceRange(start: 0, end: 0)
        if words.count == 3, DurationLiteral.Unit(rawValue: words[2]) != nil {
            throw EventLineError(Diagnostic.spaceInDuration(text + " " + words[2], at: none, between: none).message)
        }
        guard words.count == 2 else {
            throw EventLineError(
                "expected the end of the line after 'wait \(text)', found '\(words[2...].joined(separator: " "))'")
        }
        switch DurationLiteral.parse(text) {
        case .success(let nanoseconds): return nanoseconds
        case .failure(let problem): throw EventLineError(Diagnostic.invalidDuration(text, problem, at: none, unit: none).message)
        }
    }

    /// `--delay name=2s` of `fsmc simulate`: the duration, which may be negative (`-1s`, which the
    /// interpreter counts as zero), in nanoseconds; what is wrong with it otherwise.
    public static func parseDelayAnswer(_ text: String) -> Result<Int, EventLineError> {
        let isNegative = text.hasPrefix("-")
        let magnitude = isNegative ? String(text.dropFirst()) : text
        switch DurationLiteral.parse(magnitude) {
        case .success(let nanoseconds): return .success(isNegative ? -nanoseconds : nanoseconds)
        case .failure(let problem):
            let none = SourceRange(start: 0, end: 0)
            return .failure(EventLineError(Diagnostic.invalidDuration(text, problem, at: none, unit: none).message))
        }
    }
}
