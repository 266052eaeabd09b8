import FSMCore
import XCTest

/// Runs the front end over `source` as the file `path` and returns the diagnostics as fsmc prints
/// them (no colour), so tests compare the exact text a user sees.
public func diagnosticsText(_ source: String, path: String = "test.fsm") -> String {
    let compilation = Compilation(path: path, text: source)
    return TextDiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.file)
}

/// The ids of the diagnostics for `source`, in the order reported.
public func diagnosticIDs(_ source: String) -> [String] {
    Compilation(path: "test.fsm", text: source).diagnostics.map(\.id.rawValue)
}

/// The model for `source`, failing the test when there are errors.
public func model(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Model? {
    let compilation = Compilation(path: "test.fsm", text: source)
    if compilation.model == nil {
        XCTFail("unexpected errors:\n" + diagnosticsText(source), file: file, line: line)
    }
    return compilation.model
}
