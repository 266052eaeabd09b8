// Snapshots (section 4g) of a machine with history: the records that still fit.

extension StateTree {
    /// The history records of a snapshot that still fit, by their states' numbers, in the order
    /// written: the record of a state that exists and records history (`recordsHistory`), all of
    /// whose states exist and are a configuration of what lies below it. Any other is dropped whole.
    public func historyRecords(_ records: [String: [String]], recordsHistory: (Int) -> Bool) -> [(state: Int, record: [Int])] {
        // Each record kept is put at its state's number, then read in that order (the dictionary's
        // order is its hash's).
        var keptAt = [[Int]?](repeating: nil, count: names.count)
        for (name, recorded) in records {
            guard let state = number(named: name), recordsHistory(state) else { continue }
            var isRecorded = [Bool](repeating: false, count: names.count)
            var known = true
            for name in recorded {
                guard let number = number(named: name) else {
                    known = false
                    break
                }
                isRecorded[number] = true
            }
            guard known else { continue }
            let recordedStates = marked(isRecorded)
            guard problem(with: isRecorded, recordedStates, below: state) == nil else { continue }
            keptAt[state] = recordedStates
        }
        var kept: [(state: Int, record: [Int])] = []
        for state in keptAt.indices { if let record = keptAt[state] { kept.append((state, record)) } }
        return kept
    }
}
