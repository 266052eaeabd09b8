/// "Did you mean ...?" candidates, by edit distance. Public for the command line, which suggests
/// subcommands and options with the same measure.
public enum Suggestions {
    /// The candidate closest to `name`, if it is close enough to be a plausible typo.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        closest(to: name, among: candidates, limit: max(1, name.count / 3))
    }

    /// What follows "unknown …" in a message that lists the known names: `"; did you mean
    /// 'unlock'? The events are: unlock, lock"` when one is close to `name`, else `"; the events
    /// are: unlock, lock"` (`listedAs` is "the events"); nothing when there are no names.
    public static func hint(for name: String, among names: [String], listedAs label: String) -> String {
        guard !names.isEmpty else { return "" }
        let list = "\(label) are: \(names.joined(separator: ", "))"
        guard let close = closest(to: name, among: names) else { return "; " + list }
        return "; did you mean '\(close)'? " + list.prefix(1).uppercased() + list.dropFirst()
    }

    /// The candidate closest to `name` within `limit` edits (a swap of two neighbouring letters is
    /// one edit, and a difference in case only is none), the first of the closest on a tie.
    public static func closest(to name: String, among candidates: [String], limit: Int) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            // A difference in case only is always a likely fix.
            let distance = candidate.lowercased() == name.lowercased() ? 0 : editDistance(name, candidate, limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var beforePrevious = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                // A swap of two neighbouring letters (`Idel` for `Idle`) is one edit.
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            beforePrevious = previous
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
