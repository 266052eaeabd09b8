/// The access level of the generated public API (`fsmc generate --access`).
public enum AccessLevel: String, Sendable, CaseIterable {
    case `internal`, `public`, `package`

    /// The modifier written before a declaration, with its trailing space; empty for `internal`.
    var modifier: String { self == .internal ? "" : rawValue + " " }
}

/// How the generated machine holds its actions object (`fsmc generate --actions-reference`).
public enum ActionsReference: String, Sendable, CaseIterable {
    /// The default: no reference cycle when the object that owns the machine is its actions; the
    /// actions object must be kept alive by something else. Each event makes the reference strong
    /// for its duration (an atomic retain and release).
    case `unowned`
    /// The machine keeps its actions alive, and an event costs no reference counting; an actions
    /// object that owns the machine makes a reference cycle.
    case strong
}

/// Generates the Swift State-pattern implementation of a machine.
///
/// The generated file has six parts, in this order, each written by an extension of
/// ``SwiftMachineEmitter`` in `SwiftMachineEmitter+<Part>.swift`:
/// 1. the actions protocol (`MActions`): one requirement per guard and action, plus the
///    `unhandledEvent` hook with an empty default (`+Actions`);
/// 2. the machine class (`M`): the `StateID` and `Event` enums, the introspection API and one
///    method per event — the *context* of the State pattern (`+MachineClass`; the snapshot API,
///    `+Snapshot`; timers and activities, `+Time` and `+Activities`);
/// 3. the context's processing: selection at the machine level and the run-to-completion queue
///    (`+Processing`);
/// 4. the one place where a transition's exits, effects and entries are carried out, with push
///    and pop (`+OneLeafTransitions`; with regions, the step, `+RegionsStep` and
///    `+RegionsDirectStep`), then the snapshot's tables and restore (`+Snapshot`);
/// 5. the states: a base class `M.State` with one class method per event, which reports "not
///    handled", and what describes each state (its initial child, whether it is final or parallel,
///    ...) as one `switch` per fact (`+StateFacts`); and one class per state, a subclass of its
///    enclosing state's (behavioural inheritance: an event a state does not handle is its enclosing
///    state's), that overrides the events it handles and its `parent` (`+States`). With one active
///    leaf, a state's entry and exit activities are its `enterInward` and `exitOutward`, which call
///    the enclosing state's through `super`: entering or leaving several levels is one dynamic
///    call, then direct calls; a transition to a composite state names the leaf its initial states
///    lead to. With regions each state also has its `number`, and the entry and exit activities are
///    facts of the base class;
/// 6. the run-time data: what changes while the machine runs and the queued events (`+Runtime`).
///
/// What is the same for every machine (the snapshot, timers, activities, the restore's checks, the
/// step queue, the selection and the direct step of a machine with parallel states) is not in the
/// file: it imports FSMRuntime (Sources/FSMRuntime), and names its types qualified.
///
/// Parts 3 and 5 try a level's transitions with the same code (`+Selection`).
///
/// The current state is held as a class metatype (`M.State.Type`) and the handlers are class
/// methods, so nothing is copied or allocated per event; effects reach the context as
/// non-escaping closures. Why classes rather than a protocol: see `emitStates`.
///
/// The two shapes of a machine (``MachinePlan/Shape``) differ in parts 2 to 6. The files above write
/// what both shapes have, and switch on `plan.shape` where a whole piece differs; each shape's
/// pieces are in files of their own:
/// - one active leaf, `+OneLeaf<Part>`: `+OneLeafProcessing` (part 3: each event's selection,
///   the default entry, completions), `+OneLeafTransitions` (part 4, and the transition calls of
///   the states' handlers), `+OneLeafStates` (part 5: the base class's members and each state's,
///   `StateID.depth`), `+OneLeafRuntime` (part 6, and what reads and sets the active leaf: the
///   configuration's queries of part 2, the snapshot's restore and history records);
/// - regions, `+Regions<Part>`: a machine with a parallel state holds its configuration and one
///   active leaf per region, and an event selects in every region before one step fires the
///   selection (`+RegionsRuntime` describes the shape): `+RegionsProcessing`, `+RegionsStep` and
///   `+RegionsDirectStep`, `+RegionsStates`, `+RegionsRuntime`, the same parts.
/// Where one line differs, the line asks `hasRegions` in place. Every machine without a parallel
/// state is generated as if regions did not exist.
///
/// What the file is made of is decided by the ``MachinePlan``; these files render it.
public enum SwiftEmitter {
    /// The Swift source for `model`. The same model and options give byte-identical output.
    ///
    /// With `observable`, the machine is an `@Observable` class (`import Observation`): reading its
    /// configuration (`state`, `activeStates`, `isIn`, `isFinished`, `handles`) registers with
    /// observation, and observers are told when an event changes the configuration. Without it the
    /// file imports FSMRuntime alone. `actionsReference` is how the machine holds its actions object.
    public static func emit(
        _ model: Model, sourceName: String, access: AccessLevel, observable: Bool = false,
        actionsReference: ActionsReference = .unowned, isolation: Isolation = .automatic
    ) -> String {
        // Generated files take about 2 KB per state of a large machine.
        var out = CodeWriter(
            states: model.states.count, perState: 1024, transitions: model.allTransitions.count, perTransition: 256)
        SwiftMachineEmitter(
            model: model, access: access, observable: observable, actionsReference: actionsReference, isolation: isolation
        )
        .emitFile(sourceName: sourceName, into: &out)
        return out.text
    }
}

/// One emission: the model and the names it gets in Swift; the text goes to a ``CodeWriter``.
/// Each of the six parts of the file (see ``SwiftEmitter``) is written by an extension in its own file.
struct SwiftMachineEmitter {
    /// What the file is made of: every "does this machine need X" is asked of it.
    let plan: MachinePlan
    let access: AccessLevel
    /// Whether the machine is `@Observable` (`fsmc generate --observable`).
    let observable: Bool
    /// How the machine holds its actions (`fsmc generate --actions-reference`).
    let actionsReference: ActionsReference
    let names: GeneratedNames
    /// `class func disarm(code: String, _ context: M, _ actions: any MActions) -> Bool` for each
    /// event: every state that handles the event repeats it.
    let handlerSignatures: [String]

    init(
        model: Model, access: AccessLevel, observable: Bool, actionsReference: ActionsReference = .unowned,
        isolation: Isolation = .automatic
    ) {
        self.plan = MachinePlan(model, observable: observable, isolation: isolation)
        self.access = access
        self.observable = observable
        self.actionsReference = actionsReference
        let names = GeneratedNames(model: model)
        self.names = names
        self.handlerSignatures = model.events.indices.map { event in
            let parameters =
                names.parameterList(event) + [
                    "_ \(names.contextVariable): \(names.machine)", "_ \(names.actionsVariable): \(names.actionsExistential)",
                ]
            return "class func \(names.eventMethod(event))(\(parameters.joined(separator: ", "))) -> Bool"
        }
    }

    var model: Model { plan.model }

    /// Whether the machine keeps one active leaf per region (``MachinePlan/Shape/regions``).
    var hasRegions: Bool { plan.shape == .regions }

    /// Whether the machine's storage keeps an `isFinished` flag and its states `finishesMachine`: when
    /// it can finish (``MachinePlan/canFinish``: it has a top-level final state), whatever its shape.
    var hasFinishedFlag: Bool { plan.canFinish }

    /// Whether the machine needs a run-time part.
    func uses(_ part: MachinePlan.Parts) -> Bool { plan.parts.contains(part) }

    /// The access modifier of the public API, with its trailing space.
    var api: String { access.modifier }

    func emitFile(sourceName: String, into out: inout CodeWriter) {
        out.line("// Generated by fsmc \(FSMCVersion.current) from \(Self.singleLine(sourceName)). Do not edit.")
        out.line("// swift-format-ignore-file")
        out.line()
        // A plain import, whatever the access level: an explicit `public import` in one file of a
        // module makes the plain imports of the same module in its other files (another machine's,
        // the user's) an error, "ambiguous implicit access level".
        out.line("import FSMRuntime")
        if observable { out.line("import Observation") }
        out.line()
        out.line("/// The version of FSMRuntime this file needs: against another version, it fails to compile here.")
        out.line("private typealias \(names.runtimeVersion) = FSMRuntime.Version\(FSMCVersion.runtime)")
        out.line()
        emitActionsProtocol(into: &out)
        out.line()
        emitMachineClass(into: &out)
        out.line()
        emitProcessing(into: &out)
        // Each section after a blank line; a one-leaf machine may have nothing to write here.
        switch plan.shape {
        case .oneLeaf: emitOneLeafTransitionMachinery(into: &out)
        case .regions:
            out.line()
            emitRegionsTransitionMachinery(into: &out)
        }
        emitSnapshotMachinery(into: &out)
        out.line()
        emitStates(into: &out)
        out.line()
        emitRuntime(into: &out)
    }

    /// A file name cannot break out of its comment line.
    private static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
