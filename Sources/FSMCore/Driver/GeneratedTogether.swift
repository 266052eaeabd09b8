/// Machines generated together (`fsmc generate` with several inputs, the build-tool plugin for a
/// target) land in one module, where the types their files declare at file scope meet: machine
/// `Door` declares the file-private struct `DoorRuntime`, so a machine named `DoorRuntime` in the
/// same target makes swiftc report "invalid redeclaration of 'DoorRuntime'" in generated code. A
/// check of one file cannot see it; this one looks at all of them.
extension Compilation {
    /// Reports each type that the generated files of two of `compilations` would both declare,
    /// where one of the two is visible to the module (two file-private types of one name in two
    /// files do not clash; see ``SwiftNames/fileScopeTypes(of:)``). The error goes to the later of
    /// the two compilations, at the declaration its type comes from, with a note at the earlier
    /// one's; a pair of declarations is reported once however many of their types meet. A
    /// compilation that gets such an error loses its model. Compilations that already have errors
    /// (no model) take no part. Returns whether there was a clash.
    @discardableResult
    public static func checkGeneratedTogether(_ compilations: inout [Compilation]) -> Bool {
        let models = compilations.map(\.model)
        /// Every type declared by the compilations before the current one, by name.
        var declared: [String: [(compilation: Int, type: GeneratedType)]] = [:]
        var clashed = false
        for (index, model) in models.enumerated() {
            guard let model else { continue }
            let types = SwiftNames.fileScopeTypes(of: model)
            var clashes: [Diagnostic] = []
            var reportedPairs: Set<[Int]> = []
            for type in types {
                for earlier in declared[type.name, default: []]
                where type.isVisibleToModule || earlier.type.isVisibleToModule {
                    guard let earlierModel = models[earlier.compilation],
                        reportedPairs.insert([earlier.compilation, earlier.type.declarationIndex, type.declarationIndex])
                            .inserted
                    else { continue }
                    clashes.append(
                        .generatedTypeCollision(
                            type, of: model, other: earlier.type, of: earlierModel, in: compilations[earlier.compilation].file))
                }
            }
            for type in types { declared[type.name, default: []].append((index, type)) }
            guard !clashes.isEmpty else { continue }
            clashed = true
            // In source order with the file's own diagnostics (its warnings: it has no errors).
            var engine = DiagnosticEngine(errorLimit: .max)
            for diagnostic in compilations[index].diagnostics + clashes { engine.emit(diagnostic) }
            compilations[index].diagnostics = engine.sorted
            compilations[index].model = nil
        }
        return clashed
    }
}

extension GeneratedType {
    /// What in the `.fsm` file makes the type: the index of its state, or -1 for the machine.
    fileprivate var declarationIndex: Int {
        if case .state(let index) = kind { return index }
        return -1
    }
}
