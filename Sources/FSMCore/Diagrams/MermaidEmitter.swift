/// Mermaid `stateDiagram-v2` with the content of the DOT diagram, so it renders natively in GitHub
/// Markdown (in a ```` ```mermaid ```` block).
///
/// - `[*] --> S` in each scope for the initial states; `F --> [*]` after a `final state F`.
/// - Composite states are nested `state C { ... }` blocks; a transition is written in the innermost
///   composite that contains both its ends.
/// - A simple state's `entry /`, `exit /` and internal transitions are its description lines, which
///   Mermaid draws under a line in the state box, as UML does. A composite state cannot show a
///   description, so its lines go in a note beside it.
/// - A transition between a composite and its own contents, either way, is listed with its source's
///   lines as `event → Target` (Mermaid cannot draw an edge between a composite and its own contents).
/// - A final state inside a composite state gets its `F --> [*]` inside the composite's block: the
///   composite's own final pseudostate.
/// - Mermaid has no history pseudostate: `H` (shallow) and `H*` (deep) are small states with that
///   name inside their composite's block, which history transitions point at. With `initial history X`
///   the composite's `[*]` points at that state, which points at X (UML's default history transition).
/// - A parallel state's regions are separated by `--` in its block (a simple region with its own
///   `[*] -->`), its `H`/`H*` in a block of their own; in a machine with a parallel state, an edge is
///   written in a composite's block only when both its ends are directly in it (see ``DiagramLayout``).
/// - A completion transition is labelled only `[guard] / effect`, and has no label when it has neither.
/// - `push`/`pop` as in DOT: `«push»` and `«pop»` labels, pops ending at an `H*` state; the machine's own
///   transitions leave an "any state" state.
///
/// Mermaid has no quoting for labels: `: ; # % < > & " { }` and words its lexer would take for
/// keywords are written as Mermaid entity codes (`#58;`), and state names that are Mermaid keywords
/// are drawn under an alias (`state "note" as s_note`).
///
/// What is shown is decided by ``DiagramLayout``; this only renders it.
public enum MermaidEmitter {
    /// The Mermaid text of `model`.
    public static func emit(_ model: Model, detail: DiagramDetail = .full) -> String {
        MermaidBuilder(model: model, layout: DiagramLayout(model: model, detail: detail)).build()
    }
}

private struct MermaidBuilder {
    let model: Model
    let layout: DiagramLayout
    /// The Mermaid id of each state: its name, or an alias when the name is a Mermaid keyword.
    let ids: [String]
    let popID: String
    let anyStateID: String
    /// The Mermaid id of each history pseudostate.
    let historyIDs: [DiagramLayout.Node: String]

    init(model: Model, layout: DiagramLayout) {
        self.model = model
        self.layout = layout
        var taken = Set(model.states.map(\.name))
        func fresh(_ base: String) -> String {
            var candidate = base
            while taken.contains(candidate) { candidate += "_" }
            taken.insert(candidate)
            return candidate
        }
        self.ids = model.states.map { Self.isSafeID($0.name) ? $0.name : fresh("s_" + $0.name) }
        self.popID = fresh("history")
        self.anyStateID = fresh("anyState")
        var historyIDs: [DiagramLayout.Node: String] = [:]
        for (index, histories) in layout.histories.enumerated() {
            for history in histories {
                let prefix = history.kind == .deep ? "deepHistory_" : "history_"
                historyIDs[.history(index, history.kind)] = fresh(prefix + model.states[index].name)
            }
        }
        self.historyIDs = historyIDs
    }

    /// The Mermaid id of something an edge starts or ends at.
    private func id(of node: DiagramLayout.Node) -> String {
        switch node {
        case .state(let index): ids[index]
        case .history: historyIDs[node]!
        case .pop: popID
        case .anyState: anyStateID
        }
    }

    /// Names Mermaid's state-diagram lexer reads as something else (it ignores case).
    private static func isSafeID(_ name: String) -> Bool {
        let lower = name.lowercased()
        let keywords: Set<String> = [
            "state", "note", "class", "classdef", "scale", "hide", "acctitle", "accdescr", "statediagram",
            "as", "direction", "end", "left", "right", "of", "style", "linkstyle", "click",
        ]
        return !keywords.contains(lower) && !lower.hasPrefix("default") && !lower.hasPrefix("statediagram")
    }

    func build() -> String {
        // About 300 bytes per state of a large machine.
        var writer = CodeWriter(
            states: model.states.count, perState: 128, transitions: model.allTransitions.count, perTransition: 64)
        writer.line("---")
        writer.line("title: \"\(model.name)\"")  // an identifier: quoted so YAML reads `true` or `null` as text
        writer.line("---")
        writer.line("%% \(model.name): generated by fsmc from the .fsm file; do not edit.")
        writer.line("stateDiagram-v2")
        writer.indented { writer in
            writeScope(nil, &writer)
        }
        return writer.text
    }

    /// The contents of the machine (`scope == nil`) or of a composite state.
    private func writeScope(_ scope: Int?, _ writer: inout CodeWriter) {
        if let scope, model.states[scope].isParallel { return writeRegions(of: scope, &writer) }
        let children = scope.map { model.states[$0].children } ?? model.topLevelStates
        if let target = layout.initialTarget(of: scope) { writer.line("[*] --> \(id(of: target))") }
        for child in children { writeState(child, &writer) }
        if let scope {
            writeHistories(of: scope, &writer)
        } else {
            if layout.showsHistory { writer.line("state \"H*\" as \(popID)") }
            if layout.showsAnyState {
                writer.line("state \"any state\" as \(anyStateID)")
                for line in layout.anyStateLines { writer.line("\(anyStateID) : \(text(line))") }
            }
        }
        for edge in layout.edgesByScope[scope] ?? [] {
            let arrow = "\(id(of: edge.source)) --> \(id(of: edge.target))"
            let head = edge.label.head
            writer.line(edge.label.isEmpty(head: head) ? arrow : "\(arrow) : \(text(edge.label.oneLine(head: head)))")
        }
    }

    /// The contents of a parallel state: its regions, separated by `--`, Mermaid's concurrency
    /// separator; a simple region with its initial transition. Mermaid puts everything written in a
    /// parallel state into one of its regions, so its history pseudostates get a block of their
    /// own, after the regions. No edge is written here (see ``DiagramLayout``): it would move its
    /// ends into this block.
    private func writeRegions(of index: Int, _ writer: inout CodeWriter) {
        for (position, region) in model.states[index].children.enumerated() {
            if position > 0 { writer.line("--") }
            if !model.states[region].isComposite { writer.line("[*] --> \(ids[region])") }
            writeState(region, &writer)
        }
        if !layout.histories[index].isEmpty { writer.line("--") }
        writeHistories(of: index, &writer)
    }

    /// The history pseudostates of a composite or parallel state, and their default history transitions.
    private func writeHistories(of index: Int, _ writer: inout CodeWriter) {
        for history in layout.histories[index] {
            let id = id(of: .history(index, history.kind))
            writer.line("state \"\(history.symbol)\" as \(id)")
            if let target = history.defaultTarget { writer.line("\(id) --> \(ids[target])") }
        }
    }

    private func writeState(_ index: Int, _ writer: inout CodeWriter) {
        let state = model.states[index]
        let id = ids[index]
        let lines = layout.compartments[index]
        if id != state.name { writer.line("state \"\(text(state.name))\" as \(id)") }
        if state.isComposite {
            writer.block("state \(id)") { writer in writeScope(index, &writer) }
            if !lines.isEmpty {
                writer.line("note right of \(id)")
                writer.indented { writer in
                    for line in lines { writer.line(text(line)) }
                }
                writer.line("end note")
            }
        } else {
            if id == state.name && lines.isEmpty { writer.line(id) }
            for line in lines { writer.line("\(id) : \(text(line))") }
            if state.isFinal { writer.line("\(id) --> [*]") }
        }
    }

    // MARK: Escaping

    /// Text safe anywhere Mermaid takes free text (titles, descriptions, edge labels, notes): the
    /// characters its lexer or HTML rendering would act on become entity codes, and so does the
    /// first letter of the words `direction` and `end note`, which its lexer matches inside lines.
    private func text(_ raw: String) -> String {
        // ASCII, the usual case, is read in place, and comes back as it is when nothing needs escaping.
        let ascii = raw.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let scalars = bytes.lazy.map { Unicode.Scalar($0) }
            let neutralised = Self.lexerWordStarts(in: bytes.lazy.map { Unicode.Scalar((65...90).contains($0) ? $0 + 32 : $0) })
            if neutralised.isEmpty && !bytes.contains(where: { Self.escapedASCII[Int($0)] }) { return raw }
            return Self.escaped(scalars, neutralised: neutralised)
        }
        if let ascii = ascii ?? nil { return ascii }
        let scalars = Array(raw.unicodeScalars)
        let lower = Array(raw.lowercased().unicodeScalars)
        // Where lowercasing changes the number of scalars, positions no longer match: nothing is neutralised.
        return Self.escaped(scalars, neutralised: lower.count == scalars.count ? Self.lexerWordStarts(in: lower) : [])
    }

    /// Characters Mermaid's lexer would read as syntax, written as entity codes.
    private static let escapedCharacters: [Unicode.Scalar] = [":", ";", "#", "%", "<", ">", "&", "\"", "{", "}", "\\", "`", "|"]
    private static let escapedASCII: [Bool] = (0..<128).map { escapedCharacters.contains(Unicode.Scalar(UInt8($0))) }
    /// Words Mermaid's lexer takes for keywords in any case, even inside a label: their first letter
    /// is written as an entity code.
    private static let lexerWords: [[Unicode.Scalar]] = ["direction", "end note"].map { Array($0.unicodeScalars) }

    /// Where a word of ``lexerWords`` starts in `lower`, the text lowercased.
    private static func lexerWordStarts<C: RandomAccessCollection>(in lower: C) -> Set<Int>
    where C.Element == Unicode.Scalar, C.Index == Int {
        var starts = Set<Int>()
        for word in lexerWords where lower.count >= word.count {
            for start in 0...(lower.count - word.count) where word.indices.allSatisfy({ lower[start + $0] == word[$0] }) {
                starts.insert(start)
            }
        }
        return starts
    }

    /// `scalars` with the characters of ``escapedCharacters`` and the scalars at `neutralised` as entity codes.
    private static func escaped<S: Sequence>(_ scalars: S, neutralised: Set<Int>) -> String where S.Element == Unicode.Scalar {
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            if (scalar.isASCII && escapedASCII[Int(scalar.value)]) || neutralised.contains(index) {
                result += "#\(scalar.value);"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
