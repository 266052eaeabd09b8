/// The text of the run-time code (``RuntimeCode``) as a machine's file has it: the file of
/// Sources/MachineRuntime/Runtime (FSMCore's copy: ``MachineRuntimeSource``), with the names of
/// the placeholder machine it was written for (`FSMMachine`, `FSMMachineRuntime`, ...) replaced by
/// the machine's.
extension RuntimeCode {
    /// The lines of this part for the machine named by `names`. A comment line `// with machine:
    /// code` stands for the variant of the line after it in a machine whose states' entries take the
    /// machine (`withMachine`, ``MachinePlan/workNeedsMachine``): there `code` replaces that line (at
    /// its indentation); elsewhere the comment is dropped.
    ///
    /// A function (`func`) of an extension of the machine itself is made `fileprivate`, as every
    /// member the generator writes. With an `isolation` attribute (`@MainActor`), each type a part
    /// declares (`FixedList`, nested in the runtime struct) is isolated like the machine: in a module
    /// whose default isolation is the main actor, a type left without one would be
    /// main-actor-isolated, and out of reach of a machine isolated to another global actor.
    ///
    /// `features` are the machine's features that `#if FSM_X` blocks test (`SIBLING`, `PUSH`,
    /// `HISTORY`, ...): a block is kept, its directives dropped and its lines moved out by one level
    /// of indentation, or dropped whole; a `// with x: code` line whose `x` names a feature (in lower
    /// case: `// with history:`) stands for the next line's variant as `// with machine:` does.
    func lines(
        for names: GeneratedNames, withMachine: Bool = false, withActivities: Bool = false, features: Set<String> = [],
        isolation: String? = nil
    ) -> [String] {
        guard let text = MachineRuntimeSource.files[rawValue] else {
            preconditionFailure("the run-time code '\(rawValue)' was not embedded")
        }
        var lines: [String] = []
        var variant: Substring?
        var inMachineExtension = false
        let resolved = Self.resolvingConditions(
            Self.renaming(text, to: names).split(separator: "\n", omittingEmptySubsequences: false), features: features)
        for line in resolved {
            // One variant comment per line: a second one before the same line is a mistake.
            if let code = Self.machineVariant(in: line) {
                precondition(variant == nil, "two variants of one line of the run-time code")
                if withMachine { variant = code }
                continue
            }
            if let code = Self.activitiesVariant(in: line) {
                precondition(variant == nil, "two variants of one line of the run-time code")
                if withActivities { variant = code }
                continue
            }
            if let (feature, code) = Self.featureVariant(in: line) {
                precondition(variant == nil, "two variants of one line of the run-time code")
                if features.contains(feature) { variant = code }
                continue
            }
            let indentation = line.prefix { $0 == " " }
            if indentation.isEmpty, !line.isEmpty { inMachineExtension = line == "extension \(names.machine) {" }
            if inMachineExtension, variant == nil, indentation.count == 4, line.dropFirst(4).hasPrefix("func ") {
                // A function of the machine is its file's own, as every member the generator writes.
                lines.append("    fileprivate " + line.dropFirst(4))
                continue
            }
            if let isolation, Self.declaresType(line.dropFirst(indentation.count)) {
                lines.append(String(indentation) + isolation)
            }
            if let code = variant {
                lines.append(String(indentation) + code)
            } else if line.isEmpty, lines.last.map({ $0.isEmpty || $0.hasSuffix("{") }) ?? true {
                // A block dropped leaves no blank line at the start of a body, nor two in a row.
            } else {
                lines.append(String(line))
            }
            variant = nil
        }
        return lines
    }

    /// The marker of the comment line that gives the next line's variant.
    private static let machineVariantMarker = "// with machine: "

    /// The code of a `// with machine: code` line; `nil` for any other line.
    static func machineVariant(in line: Substring) -> Substring? { variant(in: line, marker: machineVariantMarker) }

    /// The marker of the comment line that gives the next line's variant in a machine with activities.
    private static let activitiesVariantMarker = "// with activities: "

    /// The code of a `// with activities: code` line; `nil` for any other line.
    static func activitiesVariant(in line: Substring) -> Substring? { variant(in: line, marker: activitiesVariantMarker) }

    /// The feature and code of a `// with feature: code` line for a feature other than the machine
    /// and activities (`// with history: code` gives `HISTORY`); `nil` for any other line.
    static func featureVariant(in line: Substring) -> (String, Substring)? {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix("// with ") else { return nil }
        let rest = text.dropFirst("// with ".count)
        let word = rest.prefix { $0.isLetter && $0.isLowercase }
        guard !word.isEmpty, rest.dropFirst(word.count).hasPrefix(": ") else { return nil }
        return (word.uppercased(), rest.dropFirst(word.count + 2))
    }

    /// `lines` with their `#if FSM_X` blocks resolved by `features`: a condition is `FSM_X`, `!FSM_X`
    /// or several of them joined by `&&`; `#elseif` and `#else` as in Swift. The lines of a block kept
    /// lose one level (4 spaces) of indentation, as swift-format indents them.
    static func resolvingConditions(_ lines: [Substring], features: Set<String>) -> [Substring] {
        // For each open block: whether its current branch is kept, and whether one of its branches was.
        var blocks: [(keeps: Bool, taken: Bool)] = []
        var result: [Substring] = []
        func holds(_ condition: Substring) -> Bool {
            condition.split(separator: "&&").allSatisfy { term in
                let term = term.split(separator: " ").joined()
                let negated = term.hasPrefix("!")
                let name = negated ? term.dropFirst() : Substring(term)
                precondition(name.hasPrefix("FSM_"), "the run-time code tests '\(name)', which is no feature")
                return features.contains(String(name.dropFirst("FSM_".count))) != negated
            }
        }
        for line in lines {
            let text = line.drop { $0 == " " }
            let outerKeeps = blocks.allSatisfy(\.keeps)
            if text.hasPrefix("#if ") {
                let keeps = holds(text.dropFirst("#if ".count))
                blocks.append((keeps, keeps))
            } else if text.hasPrefix("#elseif ") {
                let taken = blocks[blocks.count - 1].taken
                let keeps = !taken && holds(text.dropFirst("#elseif ".count))
                blocks[blocks.count - 1] = (keeps, taken || keeps)
            } else if text == "#else" {
                let taken = blocks[blocks.count - 1].taken
                blocks[blocks.count - 1] = (!taken, true)
            } else if text == "#endif" {
                blocks.removeLast()
            } else if outerKeeps {
                let indentation = String(repeating: " ", count: 4 * blocks.count)
                result.append(line.hasPrefix(indentation) ? line.dropFirst(indentation.count) : line)
            }
        }
        precondition(blocks.isEmpty, "an #if of the run-time code without its #endif")
        return result
    }

    private static func variant(in line: Substring, marker: String) -> Substring? {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix(marker) else { return nil }
        return text.dropFirst(marker.count)
    }

    /// Whether `text` (a line without its indentation) declares a type.
    private static func declaresType(_ text: Substring) -> Bool {
        ["struct ", "enum ", "class ", "final class "].contains { text.hasPrefix($0) }
    }

    /// The placeholder's names and what each stands for.
    private static func replacement(for placeholder: String, in names: GeneratedNames) -> String {
        switch placeholder {
        case "FSMMachine": names.machine
        case "FSMMachineRuntime", "FSMMachineLeafRuntime": names.runtime
        case "FSMMachineActions": names.actions
        case "FSMMachineTransition": names.transitionInfo
        case "FSMMachineHistory": names.historyKind
        case "FSMMachineActivities": names.activities
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
