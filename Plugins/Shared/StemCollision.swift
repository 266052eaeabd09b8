// One file compiled into three modules: the fsmc command line and both SwiftPM plugins hold a
// symbolic link to it (Sources/fsmc, Plugins/FSMCPlugin, Plugins/FSMDiagrams), because a plugin
// cannot depend on a library target. So it uses the standard library only.

/// Every output of fsmc is named after its input file's stem (`Door.fsm` gives `Door.swift` or
/// `Door.dot`) and written into one folder, so two inputs with one stem would overwrite each
/// other's output. Returns the first input, in the order given, whose stem an earlier one has,
/// with that earlier input and the stem; `nil` when every stem is distinct.
func firstStemCollision<Input>(
    _ inputs: [Input], stem: (Input) -> String
) -> (earlier: Input, later: Input, stem: String)? {
    var seen: [String: Input] = [:]
    for input in inputs {
        let name = stem(input)
        if let earlier = seen[name] { return (earlier, input, name) }
        seen[name] = input
    }
    return nil
}
