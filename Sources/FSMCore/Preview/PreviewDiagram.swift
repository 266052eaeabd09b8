/// The diagram of `fsmc preview`'s page: the SVG that Graphviz draws from `fsmc dot`, with the
/// page's hooks added.
///
/// Graphviz writes each node as `<g id="node3" class="node">` followed by `<title>Name</title>`, and
/// each cluster (a composite or parallel state, or a region) as `<g id="clust1" class="cluster">`
/// followed by `<title>cluster Name</title>` (the names `fsmc dot` gives them). Each of those
/// groups whose name is a state of the machine gets `data-state="Name"`; each label of an edge
/// that starts with an event's name gets `data-event-label="name"`, for the page to send it when
/// clicked; each edge between states gets `data-from` and `data-to`, the states of the transition it
/// draws (an edge into a composite state is drawn to its initial pseudostate, `[*] Region`, out of one
/// from `[exit] State`, into its history from `[H*] State`: each names its state here), for the page
/// to mark the transitions of the last step. Nothing else of the SVG changes.
public enum PreviewDiagram {
    public static func annotate(_ svg: String, model: Model) -> String {
        let states = Set(model.states.map(\.name))
        let events = Set(model.events.map(\.name))
        var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inEdge = false
        for index in lines.indices {
            let line = lines[index]
            if line.hasPrefix("<g id=\""), line.hasSuffix("class=\"node\">") || line.hasSuffix("class=\"cluster\">"),
                index + 1 < lines.count
            {
                inEdge = false
                let title = lines[index + 1]
                guard title.hasPrefix("<title>"), title.hasSuffix("</title>") else { continue }
                var name = String(title.dropFirst("<title>".count).dropLast("</title>".count))
                if line.hasSuffix("class=\"cluster\">") {
                    guard name.hasPrefix("cluster ") else { continue }
                    name = String(name.dropFirst("cluster ".count))
                }
                guard states.contains(name) else { continue }
                lines[index] = String(line.dropLast()) + " data-state=\"\(name)\">"
            } else if line.hasPrefix("<g id=\""), line.hasSuffix("class=\"edge\">") {
                inEdge = true
                guard index + 1 < lines.count, let ends = edgeEnds(lines[index + 1], model: model) else { continue }
                lines[index] = String(line.dropLast()) + " data-from=\"\(ends.from)\" data-to=\"\(ends.to)\">"
            } else if line.hasPrefix("<g id=\"") {
                inEdge = false
            } else if line == "</g>" {
                inEdge = false
            } else if inEdge, line.hasPrefix("<text "), let close = line.firstIndex(of: ">") {
                let content = line[line.index(after: close)...]
                let word = content.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard !word.isEmpty, events.contains(String(word)) else { continue }
                lines[index] = "<text data-event-label=\"\(word)\" " + line.dropFirst("<text ".count)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The states an edge's `<title>A&#45;&gt;B</title>` joins, as the transcript names them.
    private static func edgeEnds(_ title: String, model: Model) -> (from: String, to: String)? {
        guard title.hasPrefix("<title>"), title.hasSuffix("</title>") else { return nil }
        let text = String(title.dropFirst("<title>".count).dropLast("</title>".count))
            .replacingAll("&#45;", with: "-").replacingAll("&gt;", with: ">")
        let parts = text.splitOnce("->")
        guard let parts, let from = state(parts.0, model), let to = state(parts.1, model) else { return nil }
        return (from, to)
    }

    /// The state a node of `fsmc dot` stands for: itself, `[exit] S` and `[H] S`, `[H*] S` for S,
    /// `[*] R` for the state R starts (a composite) or whose region R is (a parallel state).
    private static func state(_ node: String, _ model: Model) -> String? {
        var name = node
        var isInitial = false
        for prefix in ["[exit] ", "[H] ", "[H*] "] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        if name.hasPrefix("[*] ") {
            name = String(name.dropFirst(4))
            isInitial = true
        }
        guard let index = model.states.firstIndex(where: { $0.name == name }) else { return nil }
        if isInitial, let parent = model.states[index].parent, model.states[parent].isParallel {
            return model.states[parent].name
        }
        return name
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    fileprivate func splitOnce(_ separator: String) -> (String, String)? {
        guard let range = firstRange(of: separator) else { return nil }
        return (String(self[..<range.lowerBound]), String(self[range.upperBound...]))
    }
}
