/// The stable identifier of a kind of diagnostic.
///
/// Identifiers never change once released: JSON and SARIF consumers, docs/Diagnostics.md and users'
/// scripts refer to them. Every case is documented there with an example.
public enum DiagnosticID: String, Sendable, CaseIterable, Codable {
    // Reading the file
    case invalidUTF8 = "invalid-utf8"
    case fileTooLarge = "file-too-large"
    // Lexical structure
    case invalidCharacter = "invalid-character"
    case unterminatedString = "unterminated-string"
    case unterminatedComment = "unterminated-comment"
    case invalidEscape = "invalid-escape"
    case invalidNumber = "invalid-number"
    // Syntax
    case expectedMachine = "expected-machine"
    case unexpectedToken = "unexpected-token"
    case unclosedDelimiter = "unclosed-delimiter"
    case consecutiveMembers = "consecutive-members"
    case unlabeledLiteral = "unlabeled-literal"
    case missingBrace = "missing-brace"
    case nestingTooDeep = "nesting-too-deep"
    case misplacedMember = "misplaced-member"
    case trailingContent = "trailing-content"
    case keywordAsName = "keyword-as-name"
    case misspeltKeyword = "misspelt-keyword"
    case activityNeedsIsolation = "activity-needs-isolation"
    case tooManyErrors = "too-many-errors"
    // Names and structure
    case invalidName = "invalid-name"
    case unknownState = "unknown-state"
    case duplicateState = "duplicate-state"
    case missingInitial = "missing-initial"
    case duplicateInitial = "duplicate-initial"
    case initialNotChild = "initial-not-child"
    case finalStateBody = "final-state-body"
    case duplicateEvent = "duplicate-event"
    case duplicateParameter = "duplicate-parameter"
    case nameCollision = "name-collision"
    case reservedName = "reserved-name"
    case generatedTypeCollision = "generated-type-collision"
    // Transitions, guards and actions
    case transitionNeverFires = "transition-never-fires"
    case unknownParameter = "unknown-parameter"
    case parameterInActivity = "parameter-in-activity"
    case duplicateLabel = "duplicate-label"
    case inconsistentSignature = "inconsistent-signature"
    case guardUsedAsAction = "guard-used-as-action"
    // Completion transitions and history (version 2)
    case completionWithoutTarget = "completion-without-target"
    case misplacedCompletion = "misplaced-completion"
    case completionCycle = "completion-cycle"
    case parameterInCompletion = "parameter-in-completion"
    case historyOfSimpleState = "history-of-simple-state"
    // Parallel states (version 2)
    case emptyParallel = "empty-parallel"
    case initialInParallel = "initial-in-parallel"
    case finalRegion = "final-region"
    case pushPopWithParallel = "push-pop-with-parallel"
    // Timed transitions and internal events (version 3)
    case invalidDuration = "invalid-duration"
    case everyWithTarget = "every-with-target"
    case everyWithoutDelay = "every-without-delay"
    case delayNameConflict = "delay-name-conflict"
    case raiseArguments = "raise-arguments"
    // Activities (version 3)
    case duplicateActivity = "duplicate-activity"
    case activityArguments = "activity-arguments"
    case catchWithoutActivity = "catch-without-activity"
    case errorOutsideCatch = "error-outside-catch"
    // Warnings
    case unreachableState = "unreachable-state"
    case unusedEvent = "unused-event"
    case misspeltEvent = "misspelt-event"
    case miscasedStandardType = "miscased-standard-type"
    case deadEnd = "dead-end"
    case popWithoutPush = "pop-without-push"
    case completionNeverFires = "completion-never-fires"
    case shadowedByCompletion = "shadowed-by-completion"
    case deepHistoryWithoutDepth = "deep-history-without-depth"
    case historyAtTopLevel = "history-at-top-level"
    case parallelWithOneChild = "parallel-with-one-child"
    case historyOfParallelState = "history-of-parallel-state"
    case preemptedByRegion = "preempted-by-region"
    case timedTransitionNeverFires = "timed-transition-never-fires"
    case unhandledRaisedEvent = "unhandled-raised-event"
    case errorMayBeDropped = "error-may-be-dropped"

    /// The severity this kind of diagnostic is always reported with.
    public var severity: Severity {
        switch self {
        case .unreachableState, .unusedEvent, .misspeltEvent, .miscasedStandardType, .deadEnd, .popWithoutPush,
            .completionNeverFires,
            .shadowedByCompletion, .deepHistoryWithoutDepth, .historyAtTopLevel, .parallelWithOneChild,
            .historyOfParallelState, .preemptedByRegion, .timedTransitionNeverFires, .unhandledRaisedEvent,
            .errorMayBeDropped:
            .warning
        // Not a problem of the file: it says that the report stops, after the errors already given.
        case .tooManyErrors: .note
        default: .error
        }
    }

    /// A one-line description for SARIF rules and `docs/Diagnostics.md`.
    public var summary: String {
        switch self {
        case .invalidUTF8: "The file is not valid UTF-8."
        case .fileTooLarge: "The file is larger than fsmc accepts."
        case .invalidCharacter: "A character that cannot start any token."
        case .unterminatedString: "A string literal without its closing quote on the same line."
        case .unterminatedComment: "A block comment without its closing */."
        case .invalidEscape: "An unknown escape sequence in a string literal."
        case .invalidNumber: "A number literal that is malformed or does not fit in Int."
        case .expectedMachine: "The file does not start with a machine declaration."
        case .unexpectedToken: "A token that the grammar does not allow at this place."
        case .unclosedDelimiter: "A ( or [ without its closing ) or ]."
        case .consecutiveMembers: "Two declarations on one line without a ';' between them."
        case .unlabeledLiteral: "A literal argument without a label."
        case .missingBrace: "A body opened with { and never closed."
        case .nestingTooDeep: "States or guard expressions nested deeper than fsmc supports."
        case .misplacedMember: "A declaration in a body where it is not allowed."
        case .trailingContent: "Text after the end of the machine."
        case .keywordAsName: "A keyword of the language used where a name is expected."
        case .misspeltKeyword: "A name where a keyword belongs, spelt almost like that keyword."
        case .activityNeedsIsolation: "An activity in a machine generated with --isolation nonisolated."
        case .tooManyErrors: "Reporting stopped after too many errors."
        case .invalidName: "A name that cannot be used in the generated Swift."
        case .unknownState: "A target or initial state that is not declared."
        case .duplicateState: "Two states with the same name."
        case .missingInitial: "A machine or composite state without an initial state."
        case .duplicateInitial: "More than one initial declaration in one body."
        case .initialNotChild: "An initial state that is not a direct child of the body that names it."
        case .finalStateBody: "A final state with children, transitions, an activity or other members it cannot have."
        case .duplicateEvent: "An event declared twice."
        case .duplicateParameter: "An event declaration with two parameters of the same name."
        case .nameCollision: "Two names that become the same identifier in the generated Swift."
        case .reservedName: "A name that clashes with a declaration fsmc generates."
        case .generatedTypeCollision: "Two machines generated together whose Swift files would declare a type of the same name."
        case .transitionNeverFires: "A transition shadowed by an earlier unguarded one for the same event."
        case .unknownParameter: "An argument naming a parameter its event does not declare."
        case .parameterInActivity: "An entry or exit activity passing an event parameter."
        case .duplicateLabel: "A call with two arguments of the same label."
        case .inconsistentSignature: "A guard, action or activity called with two different signatures."
        case .guardUsedAsAction: "One name used in two roles among a guard, an action and an activity."
        case .completionWithoutTarget: "A completion transition without a target."
        case .misplacedCompletion: "A completion transition declared at the machine's top level."
        case .completionCycle: "Completion transitions without guards that lead around in a circle forever."
        case .parameterInCompletion: "A completion transition passing an event parameter: it has no event."
        case .historyOfSimpleState: "A history of a state without child states."
        case .emptyParallel: "A parallel state without regions."
        case .initialInParallel: "An initial declaration in a parallel state, whose regions are all entered."
        case .finalRegion: "A final state directly inside a parallel state."
        case .pushPopWithParallel: "A push or pop in a machine with parallel states."
        case .invalidDuration:
            "A delay after 'after' or 'every' that is not a duration: no unit, an unknown unit, negative, or finer than a nanosecond."
        case .everyWithTarget: "An 'every' transition with a target: it repeats inside its state."
        case .everyWithoutDelay: "An 'every' transition with a zero duration, which would repeat forever at one instant."
        case .delayNameConflict: "A delay's name also used as a guard, an effect or an activity."
        case .raiseArguments: "A 'raise' whose arguments do not match the raised event's declaration."
        case .duplicateActivity: "A second 'do' activity in one state, which has at most one."
        case .activityArguments: "An activity passing something other than a literal: it starts on entry, with no event."
        case .catchWithoutActivity: "A 'catch' transition in a state without an activity: nothing there throws."
        case .errorOutsideCatch: "'error', what an activity threw, used outside a 'catch' transition."
        case .unreachableState: "A state that no sequence of events can enter."
        case .unusedEvent: "An event declared and never used by a transition."
        case .miscasedStandardType: "A parameter type spelt like a Swift standard type in other case ('int' for 'Int')."
        case .misspeltEvent:
            "A transition on an undeclared event spelt like a declared event that no transition uses, or one typo from a used one."
        case .deadEnd: "A non-final state that no transition leads out of."
        case .popWithoutPush: "A pop transition in a machine that never pushes."
        case .completionNeverFires: "A completion transition of a composite state that cannot complete."
        case .shadowedByCompletion: "An event transition of a state that its completion transition always leaves at once."
        case .deepHistoryWithoutDepth: "A deep history of a state whose children are all simple: the same as shallow history."
        case .historyAtTopLevel: "An initial history at the machine's top level, where it means a plain initial."
        case .parallelWithOneChild: "A parallel state with one region: an ordinary composite state."
        case .historyOfParallelState: "A history of a parallel state that restores nothing an entry without history does not."
        case .preemptedByRegion: "A transition leaving a parallel state that an earlier region's, for the same event, drops."
        case .timedTransitionNeverFires:
            "An 'after' transition that an earlier unguarded 'after' of the same state, due no later, always pre-empts."
        case .unhandledRaisedEvent: "An event raised by an action that no transition handles."
        case .errorMayBeDropped: "A state whose 'catch' transitions all have guards: an error none of them takes is dropped."
        }
    }
}
