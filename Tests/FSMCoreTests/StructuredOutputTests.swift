import FSMCore
import Foundation
import TestSupport
import XCTest

/// `fsmc check --format json|sarif`: the documented JSON shape and the parts of SARIF 2.1.0 that
/// code-scanning tools require, checked by parsing the output with Foundation.
final class StructuredOutputTests: XCTestCase {
    /// An unknown parameter (with a note and a fix-it) and an unknown state (with a fix-it).
    static let errorSource = """
        machine M {
            event disarm(code: String)
            initial A
            state A {
                disarm [isValid(cod)] -> Armd
            }
            state Armed
        }
        """

    /// A warning only.
    static let warningSource = """
        machine W {
            event unused
            initial A
            state A {
                go -> A
            }
        }
        """

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        XCTAssertTrue(text.hasSuffix("\n"), "output ends with a newline", file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
    }

    private func int(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        guard let number = value as? NSNumber else {
            XCTFail("expected an integer, got \(String(describing: value))", file: file, line: line)
            return nil
        }
        // Reject fractions masquerading as integers.
        XCTAssertEqual(Double(number.intValue), number.doubleValue, file: file, line: line)
        return number.intValue
    }

    private func object(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(value as? [String: Any], "expected an object, got \(String(describing: value))", file: file, line: line)
    }

    private func array(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> [Any] {
        try XCTUnwrap(value as? [Any], "expected an array, got \(String(describing: value))", file: file, line: line)
    }

    private func string(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try XCTUnwrap(value as? String, "expected a string, got \(String(describing: value))", file: file, line: line)
    }

    /// Checks `{line, column}` and returns it.
    private func position(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> (Int, Int) {
        let object = try object(value, file: file, line: line)
        XCTAssertEqual(Set(object.keys), ["line", "column"], file: file, line: line)
        return (
            try XCTUnwrap(int(object["line"], file: file, line: line)),
            try XCTUnwrap(int(object["column"], file: file, line: line))
        )
    }

    // MARK: - JSON

    func testJSONShapeAndValues() throws {
        let compilation = Compilation(path: "test.fsm", text: Self.errorSource)
        let output = StructuredDiagnostics.json([compilation])
        let root = try array(try parse(output))
        XCTAssertEqual(root.count, 2)

        let keys: Set<String> = ["id", "severity", "message", "file", "line", "column", "end", "notes", "fixIts"]
        for element in root {
            let diagnostic = try object(element)
            XCTAssertEqual(Set(diagnostic.keys), keys)
            _ = try string(diagnostic["id"])
            XCTAssertTrue(["error", "warning", "note"].contains(try string(diagnostic["severity"])))
            XCTAssertFalse(try string(diagnostic["message"]).isEmpty)
            XCTAssertEqual(try string(diagnostic["file"]), "test.fsm")
            XCTAssertGreaterThanOrEqual(int(diagnostic["line"]) ?? 0, 1)
            XCTAssertGreaterThanOrEqual(int(diagnostic["column"]) ?? 0, 1)
            _ = try position(diagnostic["end"])
            for note in try array(diagnostic["notes"]) {
                let note = try object(note)
                XCTAssertEqual(Set(note.keys), ["message", "file", "line", "column", "end"])
                _ = try string(note["message"])
                _ = try string(note["file"])
                _ = int(note["line"])
                _ = int(note["column"])
                _ = try position(note["end"])
            }
            for fixIt in try array(diagnostic["fixIts"]) {
                let fixIt = try object(fixIt)
                XCTAssertEqual(Set(fixIt.keys), ["line", "column", "end", "replacement"])
                _ = int(fixIt["line"])
                _ = int(fixIt["column"])
                _ = try position(fixIt["end"])
                _ = try string(fixIt["replacement"])
            }
        }

        // 5:25 `cod`: unknown parameter, with a fix-it and a note at the event's declaration.
        let parameter = try object(root[0])
        XCTAssertEqual(try string(parameter["id"]), "unknown-parameter")
        XCTAssertEqual(try string(parameter["severity"]), "error")
        XCTAssertEqual(try string(parameter["message"]), "event 'disarm' has no parameter 'cod'; did you mean 'code'?")
        XCTAssertEqual(int(parameter["line"]), 5)
        XCTAssertEqual(int(parameter["column"]), 25)
        XCTAssertTrue(try position(parameter["end"]) == (5, 28))
        let notes = try array(parameter["notes"])
        XCTAssertEqual(notes.count, 1)
        let note = try object(notes.first)
        XCTAssertEqual(try string(note["message"]), "'disarm' declared here")
        XCTAssertEqual(try string(note["file"]), "test.fsm")
        XCTAssertEqual(int(note["line"]), 2)
        XCTAssertEqual(int(note["column"]), 11)
        XCTAssertTrue(try position(note["end"]) == (2, 17))
        let parameterFixIts = try array(parameter["fixIts"])
        XCTAssertEqual(parameterFixIts.count, 1)
        let parameterFixIt = try object(parameterFixIts.first)
        XCTAssertEqual(int(parameterFixIt["line"]), 5)
        XCTAssertEqual(int(parameterFixIt["column"]), 25)
        XCTAssertTrue(try position(parameterFixIt["end"]) == (5, 28))
        XCTAssertEqual(try string(parameterFixIt["replacement"]), "code")

        // 5:34 `Armd`: unknown state, with a fix-it and no note.
        let state = try object(root[1])
        XCTAssertEqual(try string(state["id"]), "unknown-state")
        XCTAssertEqual(try string(state["severity"]), "error")
        XCTAssertEqual(try string(state["message"]), "cannot find state 'Armd' in machine; did you mean 'Armed'?")
        XCTAssertEqual(int(state["line"]), 5)
        XCTAssertEqual(int(state["column"]), 34)
        XCTAssertTrue(try position(state["end"]) == (5, 38))
        XCTAssertEqual(try array(state["notes"]).count, 0)
        let stateFixIt = try object(try array(state["fixIts"]).first)
        XCTAssertEqual(int(stateFixIt["line"]), 5)
        XCTAssertEqual(int(stateFixIt["column"]), 34)
        XCTAssertTrue(try position(stateFixIt["end"]) == (5, 38))
        XCTAssertEqual(try string(stateFixIt["replacement"]), "Armed")
    }

    func testJSONConcatenatesFilesAndReportsWarnings() throws {
        let errors = Compilation(path: "a.fsm", text: Self.errorSource)
        let warnings = Compilation(path: "b.fsm", text: Self.warningSource)
        let root = try array(try parse(StructuredDiagnostics.json([errors, warnings])))
        XCTAssertEqual(root.count, 3)
        let objects = try root.map { try object($0) }
        XCTAssertEqual(try objects.map { try string($0["file"]) }, ["a.fsm", "a.fsm", "b.fsm"])
        XCTAssertEqual(try objects.map { try string($0["id"]) }, ["unknown-parameter", "unknown-state", "unused-event"])
        XCTAssertEqual(try objects.map { try string($0["severity"]) }, ["error", "error", "warning"])
        XCTAssertEqual(try string(objects[2]["message"]), "event 'unused' is declared but no transition uses it")
        XCTAssertEqual(int(objects[2]["line"]), 2)
        XCTAssertEqual(int(objects[2]["column"]), 11)
        XCTAssertEqual(try string(try object(try array(objects[0]["notes"]).first)["file"]), "a.fsm")
    }

    func testJSONForCleanInputIsAnEmptyArray() throws {
        let compilation = Compilation(path: "clean.fsm", text: SemanticsTests.securitySystem)
        let output = StructuredDiagnostics.json([compilation])
        XCTAssertEqual(try array(try parse(output)).count, 0)
        XCTAssertEqual(try array(try parse(StructuredDiagnostics.json([]))).count, 0)
    }

    func testJSONEscapesMessagesAndPaths() throws {
        let source =
            "machine M {\n    initial A\n    state A {\n        go / log(text: \"a\\\"b\") -> A\n        go / log(n: 1) -> A\n    }\n}\n"
        let compilation = Compilation(path: "dir \"quoted\"\\x.fsm", text: source)
        let root = try array(try parse(StructuredDiagnostics.json([compilation])))
        XCTAssertFalse(root.isEmpty)
        for element in root {
            XCTAssertEqual(try string(try object(element)["file"]), "dir \"quoted\"\\x.fsm")
        }
    }

    /// A fix-it that adds a line (missing-initial's) is a zero-width range at the line's start and
    /// a replacement ending in the file's line end, escaped in JSON; a removal's replacement is empty.
    func testJSONFixItsThatAddOrRemoveLines() throws {
        let source = "machine M {\r\n\tparallel state P {\r\n\t\tinitial A\r\n\t\tstate A; state B\r\n\t}\r\n}\r\n"
        let root = try array(try parse(StructuredDiagnostics.json([Compilation(path: "t.fsm", text: source)])))
        let fixIts = try root.map { try object(try array(try object($0)["fixIts"]).first) }
        XCTAssertEqual(try root.map { try string(try object($0)["id"]) }, ["missing-initial", "initial-in-parallel"])
        XCTAssertEqual(try fixIts.map { try string($0["replacement"]) }, ["\tinitial P\r\n", ""])
        XCTAssertEqual(fixIts.map { int($0["line"]) }, [2, 3])
        XCTAssertEqual(fixIts.map { int($0["column"]) }, [1, 1])
        XCTAssertTrue(try position(fixIts[0]["end"]) == (2, 1))
        XCTAssertTrue(try position(fixIts[1]["end"]) == (4, 1))
    }

    // MARK: - SARIF

    /// Validates the parts of SARIF 2.1.0 that consumers (GitHub code scanning and others) require
    /// and returns the rules by id and the results.
    @discardableResult
    private func validateSARIF(
        _ text: String, toolVersion: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (rules: [[String: Any]], results: [[String: Any]]) {
        let log = try object(try parse(text, file: file, line: line), file: file, line: line)
        XCTAssertEqual(try string(log["version"]), "2.1.0", file: file, line: line)
        if let schema = log["$schema"] { XCTAssertTrue(try string(schema).contains("sarif"), file: file, line: line) }
        let runs = try array(log["runs"], file: file, line: line)
        XCTAssertEqual(runs.count, 1, file: file, line: line)
        let run = try object(runs.first, file: file, line: line)
        let driver = try object(try object(run["tool"])["driver"], file: file, line: line)
        XCTAssertEqual(try string(driver["name"]), "fsmc", file: file, line: line)
        XCTAssertEqual(try string(driver["version"]), toolVersion, file: file, line: line)

        let rules = try array(driver["rules"], file: file, line: line).map { try object($0, file: file, line: line) }
        let ids = try rules.map { try string($0["id"], file: file, line: line) }
        XCTAssertEqual(Set(ids).count, ids.count, "rule ids are unique", file: file, line: line)
        XCTAssertEqual(Set(ids), Set(DiagnosticID.allCases.map(\.rawValue)), file: file, line: line)
        for rule in rules {
            XCTAssertFalse(try string(try object(rule["shortDescription"])["text"]).isEmpty, file: file, line: line)
            XCTAssertFalse(try string(try object(rule["help"])["text"]).isEmpty, file: file, line: line)
            if let configuration = rule["defaultConfiguration"] {
                let level = try string(try object(configuration)["level"])
                XCTAssertTrue(["error", "warning", "note", "none"].contains(level), file: file, line: line)
            }
        }

        let results = try array(run["results"], file: file, line: line).map { try object($0, file: file, line: line) }
        for result in results {
            XCTAssertFalse(try string(try object(result["message"])["text"]).isEmpty, file: file, line: line)
            let ruleID = try string(result["ruleId"], file: file, line: line)
            XCTAssertTrue(ids.contains(ruleID), "ruleId \(ruleID) is a rule", file: file, line: line)
            if let index = int(result["ruleIndex"], file: file, line: line) {
                XCTAssertTrue(rules.indices.contains(index), file: file, line: line)
                if rules.indices.contains(index) {
                    XCTAssertEqual(
                        try string(rules[index]["id"]), ruleID, "ruleIndex points to the same rule", file: file, line: line)
                }
            }
            let level = try string(result["level"], file: file, line: line)
            XCTAssertTrue(["error", "warning", "note", "none"].contains(level), file: file, line: line)
            // One severity per id: a result is reported at its rule's level.
            if let rule = rules.first(where: { $0["id"] as? String == ruleID }) {
                let ruleLevel = try string(try object(rule["defaultConfiguration"])["level"])
                XCTAssertEqual(level, ruleLevel, "\(ruleID): the result's level is its rule's", file: file, line: line)
            }
            let locations = try array(result["locations"], file: file, line: line)
            XCTAssertFalse(locations.isEmpty, file: file, line: line)
            for location in locations + ((result["relatedLocations"] as? [Any]) ?? []) {
                let physical = try object(try object(location)["physicalLocation"], file: file, line: line)
                XCTAssertFalse(try string(try object(physical["artifactLocation"])["uri"]).isEmpty, file: file, line: line)
                let region = try object(physical["region"], file: file, line: line)
                XCTAssertGreaterThanOrEqual(int(region["startLine"], file: file, line: line) ?? 0, 1, file: file, line: line)
                XCTAssertGreaterThanOrEqual(int(region["startColumn"], file: file, line: line) ?? 0, 1, file: file, line: line)
                if let endLine = region["endLine"] {
                    XCTAssertGreaterThanOrEqual(int(endLine) ?? 0, int(region["startLine"]) ?? 0, file: file, line: line)
                }
            }
        }
        return (rules, results)
    }

    private func region(_ location: Any?) throws -> [String: Any] {
        try object(try object(try object(location)["physicalLocation"])["region"])
    }

    private func uri(_ location: Any?) throws -> String {
        try string(try object(try object(try object(location)["physicalLocation"])["artifactLocation"])["uri"])
    }

    func testSARIFRequiredFieldsAndValues() throws {
        let compilation = Compilation(path: "test.fsm", text: Self.errorSource)
        let output = StructuredDiagnostics.sarif([compilation], toolVersion: "9.8.7")
        let (rules, results) = try validateSARIF(output, toolVersion: "9.8.7")
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(try results.map { try string($0["ruleId"]) }, ["unknown-parameter", "unknown-state"])
        XCTAssertEqual(try results.map { try string($0["level"]) }, ["error", "error"])

        let parameter = results[0]
        XCTAssertEqual(
            try string(try object(parameter["message"])["text"]), "event 'disarm' has no parameter 'cod'; did you mean 'code'?")
        let location = try array(parameter["locations"]).first
        XCTAssertEqual(try uri(location), "test.fsm")
        let start = try region(location)
        XCTAssertEqual(int(start["startLine"]), 5)
        XCTAssertEqual(int(start["startColumn"]), 25)
        XCTAssertEqual(int(start["endLine"]), 5)
        XCTAssertEqual(int(start["endColumn"]), 28)

        // The note becomes a related location with its own message.
        let related = try array(parameter["relatedLocations"])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(try string(try object(try object(related.first)["message"])["text"]), "'disarm' declared here")
        XCTAssertEqual(try uri(related.first), "test.fsm")
        XCTAssertEqual(int(try region(related.first)["startLine"]), 2)
        XCTAssertEqual(int(try region(related.first)["startColumn"]), 11)

        // A diagnostic without notes has no (or empty) related locations.
        XCTAssertEqual((results[1]["relatedLocations"] as? [Any])?.count ?? 0, 0)

        // The fix-it becomes a SARIF fix replacing the misspelt name.
        let fix = try object(try array(results[1]["fixes"]).first)
        let change = try object(try array(fix["artifactChanges"]).first)
        XCTAssertEqual(try string(try object(change["artifactLocation"])["uri"]), "test.fsm")
        let replacement = try object(try array(change["replacements"]).first)
        let deleted = try object(replacement["deletedRegion"])
        XCTAssertEqual(int(deleted["startLine"]), 5)
        XCTAssertEqual(int(deleted["startColumn"]), 34)
        XCTAssertEqual(int(deleted["endColumn"]), 38)
        XCTAssertEqual(try string(try object(replacement["insertedContent"])["text"]), "Armed")

        // Rule metadata matches the ids' summaries and severities.
        let unknownState = try XCTUnwrap(rules.first { ($0["id"] as? String) == "unknown-state" })
        XCTAssertEqual(try string(try object(unknownState["shortDescription"])["text"]), DiagnosticID.unknownState.summary)
        let deadEnd = try XCTUnwrap(rules.first { ($0["id"] as? String) == "dead-end" })
        XCTAssertEqual(try string(try object(deadEnd["defaultConfiguration"])["level"]), "warning")
    }

    func testSARIFWarningsAndSeveralFiles() throws {
        let output = StructuredDiagnostics.sarif(
            [
                Compilation(path: "a.fsm", text: Self.errorSource),
                Compilation(path: "sub/b.fsm", text: Self.warningSource),
            ], toolVersion: FSMCVersion.current)
        let (_, results) = try validateSARIF(output, toolVersion: FSMCVersion.current)
        XCTAssertEqual(results.count, 3)
        XCTAssertEqual(try results.map { try string($0["level"]) }, ["error", "error", "warning"])
        XCTAssertEqual(try results.map { try uri(try array($0["locations"]).first) }, ["a.fsm", "a.fsm", "sub/b.fsm"])
    }

    func testSARIFWithoutDiagnosticsHasAnEmptyResultsArray() throws {
        let output = StructuredDiagnostics.sarif(
            [Compilation(path: "clean.fsm", text: SemanticsTests.securitySystem)], toolVersion: "1.0.0")
        let (rules, results) = try validateSARIF(output, toolVersion: "1.0.0")
        XCTAssertEqual(results.count, 0)
        XCTAssertEqual(rules.count, DiagnosticID.allCases.count)
    }

    /// Every golden diagnostics input and a file that reaches the error limit, in one log: each
    /// result's level is its rule's (`too-many-errors` once said `error` in its rule, `note` in results).
    func testEveryResultHasItsRulesLevel() throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Diagnostics")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsm") }.sorted()
        var compilations = try inputs.map { name in
            Compilation(path: name, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        // Warnings come only from files without errors.
        compilations.append(
            Compilation(
                path: "warnings.fsm", text: "machine W {\n    event unused\n    initial A\n    state A {}\n    state B {}\n}\n"))
        let noise = (1...105).map { "        e\($0) -> Nowhere\n" }.joined()
        compilations.append(
            Compilation(path: "noise.fsm", text: "machine Noise {\n    initial A\n    state A {\n\(noise)    }\n}\n"))
        let (_, results) = try validateSARIF(
            StructuredDiagnostics.sarif(compilations, toolVersion: "1.0.0"), toolVersion: "1.0.0")
        let levels = Set(try results.map { try string($0["level"]) })
        XCTAssertEqual(levels, ["error", "warning", "note"], "the inputs give results of every level")
        XCTAssertTrue(try results.contains { try string($0["ruleId"]) == "too-many-errors" })
    }

    func testSARIFPercentEncodesURIs() throws {
        let output = StructuredDiagnostics.sarif(
            [Compilation(path: "my dir/état #1.fsm", text: Self.errorSource)], toolVersion: "1.0.0")
        let (_, results) = try validateSARIF(output, toolVersion: "1.0.0")
        let expected = "my%20dir/%C3%A9tat%20%231.fsm"
        for result in results {
            XCTAssertEqual(try uri(try array(result["locations"]).first), expected)
            for related in (result["relatedLocations"] as? [Any]) ?? [] {
                XCTAssertEqual(try uri(related), expected)
            }
        }
        XCTAssertNotNil(URL(string: expected), "the uri is a valid URI reference")
    }
}
