/// The diagram of `fsmc preview`'s page: the SVG that Graphviz draws from `fsmc dot`, with the
/// page's hooks added.
///
/// Graphviz writes each node as `<g id="node3" class="node">` followed by `<title>Name</title>`, and
/// each cluster (a composite or parallel state, or a region) as `<g id="clust1" class="cluster">`
/// followed by `<title>cluster Name</title>` (the names `fsmc dot` gives them). Each of those
/// groups whose name is a state of the machine gets `data-state="Name"`; each label of an edge
/// that starts with an event's name gets `data-event-label="name"`, for the page to send it when
/// clicked. Nothing else of the SVG changes.
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
            } else if line.hasPrefix("<g id=\"") {
                inEdge = line.hasSuffix("class=\"edge\">")
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
}
