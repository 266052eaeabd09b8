import FSMCore
import TestSupport
import XCTest

/// The language's keywords as event parameter names, argument labels and passed parameters, where
/// no keyword can be meant (docs/Language.md, Names in Swift; the generated Swift is compiled and
/// run in SwiftEmitterTests.testParametersNamedWithKeywordsCompileAndArePassed).
final class KeywordParameterTests: XCTestCase {
    func testKeywordsNameParametersLabelsAndPassedParameters() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine Checkout {
                    event enterAddress(street: String, state: String, final: Bool)
                    event pick(machine: Int, initial: String, entry: Int, exit: Int, event: String, push: Int, pop: Int, parallel: Int, history: Int, deep: Int)
                    initial Address
                    state Address {
                        enterAddress [isValid(state, final: final)] / save(street, state: state), log(entry: street) -> Shipping
                    }
                    state Shipping {
                        pick / choose(machine, initial, entry, exit, event, push, pop, parallel, history, deep) -> Address
                    }
                }
                """))
        XCTAssertEqual(model.events[0].parameters.map(\.name), ["street", "state", "final"])
        XCTAssertEqual(
            model.requirements.map { "\($0.name)(\($0.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")))" },
            [
                "isValid(state: String, final: Bool)", "save(street: String, state: String)", "log(entry: String)",
                "choose(machine: Int, initial: String, entry: Int, exit: Int, event: String, push: Int, pop: Int, parallel: Int, history: Int, deep: Int)",
            ])
    }

    /// `true` and `false` are literals, so they name no parameter; `self` and `Self` would mean
    /// the parameter instead of the machine and its type in the generated methods.
    func testTrueFalseSelfAndSelfNameNoParameter() {
        XCTAssertEqual(
            diagnosticsText(
                """
                machine Form {
                    event update(true: Bool, self: Int, Self: String, state: String)
                    initial Editing
                    state Editing { update / save(state, false: state) -> Editing }
                }
                """),
            """
            test.fsm:2:18: error: keyword 'true' cannot be used as a parameter name
                event update(true: Bool, self: Int, Self: String, state: String)
                             ^~~~
            test.fsm:2:30: error: parameter 'self' clashes with Swift's 'self' in the generated Swift; rename it
                event update(true: Bool, self: Int, Self: String, state: String)
                                         ^~~~
            test.fsm:2:41: error: parameter 'Self' clashes with Swift's 'Self' in the generated Swift; rename it
                event update(true: Bool, self: Int, Self: String, state: String)
                                                    ^~~~
            test.fsm:4:42: error: a literal argument needs a label, as in 'volume: 3'
                state Editing { update / save(state, false: state) -> Editing }
                                                     ^~~~~

            """)
    }
}
