/// How much behaviour a diagram shows.
public enum DiagramDetail: String, CaseIterable, Sendable {
    /// Everything: transitions labelled `event [guard] / effect` (a timed one `after(5s) [guard] /
    /// effect`, a `catch` one `catch [guard] / effect`), entry and exit activities and the state's
    /// activity (`do / fetch`), internal transitions (and `every`) listed inside their state.
    case full
    /// The structure only: states and transitions labelled with their event (a timed one with its
    /// time event, `after(5s)`); no guards, effects, activities or internal transitions (nor
    /// `every`). Transitions that differ only in guard or effect are drawn once.
    case overview
}

extension WrittenText {
    /// A transition's label as a diagram of `detail` shows it: all of it, or its event alone.
    static func label(_ transition: Model.Transition, in model: Model, detail: DiagramDetail) -> Label {
        detail == .full ? label(transition, in: model) : Label(event: eventText(of: transition, in: model))
    }

    /// A `catch` transition's label as a diagram of `detail` shows it.
    static func label(_ transition: Model.CatchTransition, in model: Model, detail: DiagramDetail) -> Label {
        detail == .full ? label(transition, in: model) : Label(event: "catch")
    }

    /// A timed transition's label as a diagram of `detail` shows it.
    static func label(_ transition: Model.TimedTransition, in model: Model, detail: DiagramDetail) -> Label {
        detail == .full ? label(transition, in: model) : Label(event: timeEvent(transition))
    }
}
