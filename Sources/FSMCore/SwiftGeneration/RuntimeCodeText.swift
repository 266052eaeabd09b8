/// The text of the run-time code (``RuntimeCode``) as a machine's file has it: the file of
/// Sources/MachineRuntime/Runtime (FSMCore's copy: ``MachineRuntimeSource``), with the names of
/// the placeholder machine it was written for (`FSMMachine`, `FSMMachineRuntime`, ...) replaced by
/// the machine's.
extension RuntimeCode {
    /// The lines of this part for the machine named by `names`. With an `isolation` attribute
    /// (`@MainActor`), each type a part declares (`FixedList`, nested in the runtime struct) is
    /// isolated like the machine: in a module whose default isolation is the main actor, a type left
    /// without one would be main-actor-isolated, and out of reach of a machine isolated to another
    /// global actor.
    func lines(for names: GeneratedNames, isolation: String? = nil) -> [String] {
        guard let text = MachineRuntimeSource.files[rawValue] else {
            preconditionFailure("the run-time code '\(rawValue)' was not embedded")
        }
        var lines: [String] = []
        for line in Self.renaming(text, to: names).split(separator: "\n", omittingEmptySubsequences: false) {
            let indentation = line.prefix { $0 == " " }
            if let isolation, Self.declaresType(line.dropFirst(indentation.count)) {
                lines.append(String(indentation) + isolation)
            }
            lines.append(String(line))
        }
        return lines
    }

    /// Whether `text` (a line without its indentation) declares a type.
    private static func declaresType(_ text: Substring) -> Bool {
        ["struct ", "enum ", "class ", "final class "].contains { text.hasPrefix($0) }
    }

    /// The placeholder's names and what each stands for.
    private static func replacement(for placeholder: String, in names: GeneratedNames) -> String {
        switch placeholder {
        case "FSMMachine": names.machine
        case "FSMMachineRuntime": names.runtime
        default: preconditionFailure("the run-time code names '\(placeholder)', which no machine declares")
        }
    }

    /// `text` with every identifier that starts with `FSMMachine` replaced, read as UTF-8 bytes (the
    /// run-time code is ASCII outside its comments, and a multi-byte character never contains an
    /// ASCII byte).
    static func renaming(_ text: String, to names: GeneratedNames) -> String {
        let bytes = Array(text.utf8)
        let prefix = Array("FSMMachine".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let startsName = index == 0 || !isIdentifierByte(bytes[index - 1])
            guard startsName, bytes[index...].starts(with: prefix) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + prefix.count
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            let placeholder = String(decoding: bytes[index..<end], as: UTF8.self)
            result += replacement(for: placeholder, in: names).utf8
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// An identifier's byte, or a byte of a non-ASCII character (the run-time code has none outside
    /// its comments, where a name beside one is not renamed).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool { byte.isIdentifierContinue || byte >= 0x80 }
}
