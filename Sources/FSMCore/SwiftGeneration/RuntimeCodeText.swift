/// The text of the run-time code (``RuntimeCode``) as a machine's file has it: the file of
/// Sources/MachineRuntime/Runtime (FSMCore's copy: ``MachineRuntimeSource``), with the names of
/// the placeholder machine it was written for (`FSMMachine`, `FSMMachineRuntime`, ...) replaced by
/// the machine's.
extension RuntimeCode {
    /// The lines of this part for the machine named by `names`.
    func lines(for names: GeneratedNames) -> [String] {
        guard let text = MachineRuntimeSource.files[rawValue] else {
            preconditionFailure("the run-time code '\(rawValue)' was not embedded")
        }
        return Self.renaming(text, to: names).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The placeholder's names and what each stands for.
    private static func replacement(for placeholder: Substring, in names: GeneratedNames) -> String {
        switch placeholder {
        case "FSMMachine": names.machine
        case "FSMMachineRuntime": names.runtime
        case "FSMMachineTransition": names.transitionInfo
        case "FSMMachineHistory": names.historyKind
        default: preconditionFailure("the run-time code names '\(placeholder)', which no machine declares")
        }
    }

    /// `text` with every identifier that starts with `FSMMachine` replaced.
    static func renaming(_ text: String, to names: GeneratedNames) -> String {
        let prefix = "FSMMachine"
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: prefix) {
            let before = rest[..<range.lowerBound]
            result += before
            let identifierEnd = rest[range.lowerBound...].firstIndex { !isIdentifierCharacter($0) } ?? rest.endIndex
            if let last = before.last, isIdentifierCharacter(last) {
                result += rest[range.lowerBound..<identifierEnd]  // inside another name
            } else {
                result += replacement(for: rest[range.lowerBound..<identifierEnd], in: names)
            }
            rest = rest[identifierEnd...]
        }
        return result + rest
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
