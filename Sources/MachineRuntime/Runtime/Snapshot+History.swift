// Snapshots (section 4g) of a machine with history: the records that still fit. Copied into each
// generated machine that has history.

extension FSMMachineStateTree {
    /// The history records of a snapshot that still fit, by their states' numbers, in the order
    /// written: the record of a state that exists and records history (`recordsHistory`), all of
    /// whose states exist and are a configuration of what lies below it. Any other is dropped whole.
    func historyRecords(_ records: [String: [String]], recordsHistory: (Int) -> Bool) -> [(state: Int, record: [Int])] {
        var kept: [(state: Int, record: [Int])] = []
        for (name, recorded) in records {
            guard let state = numbers[name], recordsHistory(state) else { continue }
            var isRecorded = [Bool](repeating: false, count: names.count)
            var known = true
            for name in recorded {
                guard let number = numbers[name] else {
                    known = false
                    break
                }
                isRecorded[number] = true
            }
            guard known, problem(with: isRecorded, below: state) == nil else { continue }
            kept.append((state, isRecorded.indices.filter { isRecorded[$0] }))
        }
        return kept.sorted { $0.state < $1.state }
    }
}
