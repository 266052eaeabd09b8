/// One entry of a document's outline (LSP document symbols).
public struct OutlineItem: Sendable, Hashable {
    public var name: String
    public var detail: String
    public var kind: SymbolKind
    /// The whole declaration.
    public var range: SourceRange
    /// The name in it.
    public var selectionRange: SourceRange
    public var children: [OutlineItem]
}

extension EditorDocument {
    /// The machine, its states nested as written (each state's activity, `do / name`, first among
    /// its children) and its events (declared ones, then those only used, at their first use).
    public func outline() -> [OutlineItem] {
        guard let machine else { return [] }
        var events: [OutlineItem] = []
        var seenEvents = Set<String>()
        for case .event(let event) in machine.members where seenEvents.insert(event.name.text).inserted {
            let parameters = event.parameters.map { "\($0.name.text): \($0.type)" }.joined(separator: ", ")
            events.append(
                OutlineItem(
                    name: event.name.text, detail: "(\(parameters))", kind: .event, range: event.range,
                    selectionRange: event.name.range, children: []))
        }
        for occurrence in index.occurrences where occurrence.kind == .event && seenEvents.insert(occurrence.name).inserted {
            events.append(
                OutlineItem(
                    name: occurrence.name, detail: "", kind: .event, range: occurrence.range,
                    selectionRange: occurrence.range, children: []))
        }
        let root = OutlineItem(
            name: machine.name.text, detail: "machine", kind: .machine, range: machine.range,
            selectionRange: machine.name.range, children: Self.states(in: machine.members) + events)
        return [root]
    }

    private static func states(in members: [Member]) -> [OutlineItem] {
        members.compactMap { member in
            guard case .state(let state) = member else { return nil }
            let children = states(in: state.members ?? [])
            let detail = state.isFinal ? "final state" : children.isEmpty ? "state" : "composite state"
            let activities = (state.members ?? []).compactMap { member -> OutlineItem? in
                guard case .doActivity(let activity) = member else { return nil }
                return OutlineItem(
                    name: activity.call.name.text, detail: "do", kind: .activity, range: activity.range,
                    selectionRange: activity.call.name.range, children: [])
            }
            return OutlineItem(
                name: state.name.text, detail: detail, kind: .state, range: state.range, selectionRange: state.name.range,
                children: activities + children)
        }
    }
}
