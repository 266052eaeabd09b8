import FSMCore
import Foundation
import TestSupport
import XCTest

/// Differential testing: random machines and event scripts, run by the generated Swift and by the
/// reference interpreter, must give identical transcripts. The suite runs a fixed-seed batch; the
/// long run (`make difftest N=...`) sets FSMC_DIFFTEST_N (and optionally FSMC_DIFFTEST_SEED).
///
/// The machines are of language version 2 (completion transitions, final states inside composites,
/// history) unless told otherwise: they use every version-1 feature too. FSMC_DIFFTEST_V1=1 makes
/// the long run generate the version-1 machines of earlier runs, seed for seed;
/// FSMC_DIFFTEST_PARALLEL=1 makes it generate machines with parallel states (section 4c);
/// FSMC_DIFFTEST_V3=1 adds timed transitions and `raise` (sections 4d and 4e) to either kind, and
/// `advanceTime(by:)` steps to the scripts; FSMC_DIFFTEST_ACTIVITIES=1 adds activities (`do /`) and
/// `catch` transitions (section 4f) to any kind, and activity outcomes to the scripts.
///
/// Every script (of every batch, and of the long run unless FSMC_DIFFTEST_SNAPSHOTS=0) replaces its
/// machine now and then by one restored from its snapshot (section 4g), between steps, through the
/// snapshot's JSON: the generated Swift with `JSONEncoder` and `JSONDecoder`, the interpreter with
/// its own snapshot and reader; the two JSON texts must be the same, and so must the transcripts
/// after the restore. One restore in seven restores a mutated snapshot (``SnapshotMutation``): both
/// sides must throw the same error, or restore the same machine.
final class DifferentialTests: XCTestCase {
    /// The version-3 (or activities) seeds skipped by ``cases(count:firstSeed:version2:parallel:version3:activities:where:)``.
    private var skippedSeeds = 0

    /// `count` cases from `firstSeed` on. A version-3 case on which the interpreter stops
    /// (``Interpreter/failure``: a cycle of `raise` or of zero-delay timeouts, where the generated
    /// Swift would run forever) cannot be compared: its seed is skipped, and counted in `skippedSeeds`.
    private func cases(
        count: Int, firstSeed: UInt64, version2: Bool = true, parallel: Bool = false, version3: Bool = false,
        activities: Bool = false, snapshots: Bool = true, where isWanted: (DifferentialCase) -> Bool = { _ in true }
    ) -> [DifferentialCase] {
        var result: [DifferentialCase] = []
        var seed = firstSeed
        while result.count < count {
            if let testCase = DifferentialCase.generate(
                seed: seed, name: "M\(seed)", version2: version2, parallel: parallel, version3: version3,
                activities: activities, snapshots: snapshots),
                isWanted(testCase)
            {
                if (version3 || activities) && DifferentialHarness.interpreterFails(testCase) {
                    skippedSeeds += 1
                } else {
                    result.append(testCase)
                }
            }
            seed += 1
        }
        return result
    }

    /// Every script replaces its machine by one restored from its snapshot (section 4g) at least
    /// once, and the batch's restores restored snapshots of each of `kinds`
    /// (``DifferentialHarness/restoreFigures(_:)``).
    private func checkRestores(
        _ result: DifferentialHarness.BatchResult, _ kinds: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertGreaterThanOrEqual(result.restores["restores", default: 0], result.machines, file: file, line: line)
        for kind in kinds {
            XCTAssertGreaterThan(result.restores[kind, default: 0], 0, "restores: \(kind)", file: file, line: line)
        }
    }

    private func workDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-difftest-\(name)-\(getpid())")
    }

    /// The CI batch: 45 machines in one swiftc invocation, 15 of version 1, 15 of version 2 without
    /// parallel states and 15 with them (named apart: a seed gives a different machine in each).
    func testFixedSeedBatchMatchesInterpreter() throws {
        let directory = workDirectory("ci")
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch =
            cases(count: 15, firstSeed: 1, version2: false) + cases(count: 15, firstSeed: 500)
            + cases(count: 15, firstSeed: 2000, parallel: true)
        let result = DifferentialHarness.runBatch(batch, in: directory)
        if let failure = result.failure { return XCTFail(failure) }
        XCTAssertEqual(result.machines, 45)
        checkRestores(result, ["unstarted", "finished", "with history", "with stack", "mutated", "threw", "kept a mutation"])
        XCTAssertGreaterThan(result.operations, 45 * 10)
        for mismatch in result.mismatches.prefix(1) {
            XCTFail(DifferentialHarness.minimise(mismatch, in: directory).description)
        }
    }

    /// The CI batch of version 3: 30 machines with timed transitions and `raise` in one swiftc
    /// invocation, 15 without parallel states and 15 with them, their scripts interleaving events
    /// and `advanceTime(by:)` (manual timing); most machines `@MainActor`, one in three (by seed)
    /// generated `--isolation nonisolated`. (The seeds start where few are skipped: the interpreter
    /// takes a second or two to stop on an endless loop of a machine with parallel states.)
    func testVersion3BatchMatchesInterpreter() throws {
        let directory = workDirectory("ci3")
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch =
            cases(count: 15, firstSeed: 3000, version3: true) + cases(count: 15, firstSeed: 4600, parallel: true, version3: true)
        XCTAssertGreaterThanOrEqual(batch.filter { DifferentialHarness.hasTimers($0.model) }.count, 25)
        XCTAssertGreaterThanOrEqual(batch.filter { !$0.model.allRaises.isEmpty }.count, 15)
        let result = DifferentialHarness.runBatch(batch, in: directory)
        if let failure = result.failure { return XCTFail(failure) }
        XCTAssertEqual(result.machines, 30)
        checkRestores(result, ["unstarted", "finished", "with history", "with timers", "mutated", "threw", "kept a mutation"])
        XCTAssertGreaterThan(result.operations, 30 * 10)
        for mismatch in result.mismatches.prefix(1) {
            XCTFail(DifferentialHarness.minimise(mismatch, in: directory).description)
        }
    }

    /// The CI batch of activities: 24 machines with activities (`do /`) and `catch` transitions in
    /// one swiftc invocation, 10 without parallel states, 8 with them and 6 with timed transitions
    /// and `raise` too (half of them with parallel states), driven with `.manual` activities: the
    /// scripts finish and fail running activities (a `fail` throws a `DiffError` printed as its name,
    /// as the interpreter prints `.error(name)`), and now and then one that is not running, which both
    /// sides skip.
    func testActivitiesBatchMatchesInterpreter() throws {
        let directory = workDirectory("activities")
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch =
            cases(count: 10, firstSeed: 5000, activities: true)
            + cases(count: 8, firstSeed: 5100, parallel: true, activities: true)
            + cases(count: 3, firstSeed: 5200, version3: true, activities: true)
            + cases(count: 3, firstSeed: 5300, parallel: true, version3: true, activities: true)
        XCTAssertGreaterThanOrEqual(batch.filter(\.model.hasActivities).count, 20)
        let outcomes = batch.flatMap(\.script).filter {
            switch $0 {
            case .finish, .fail: true
            default: false
            }
        }
        XCTAssertGreaterThan(outcomes.count, 24 * 3)
        let result = DifferentialHarness.runBatch(batch, in: directory)
        if let failure = result.failure { return XCTFail(failure) }
        XCTAssertEqual(result.machines, 24)
        checkRestores(result, ["unstarted", "with history", "with timers", "restarted activities", "mutated", "threw"])
        for mismatch in result.mismatches.prefix(1) {
            XCTFail(DifferentialHarness.minimise(mismatch, in: directory).description)
        }
    }

    /// The activities of 20 machines (12 without parallel states, 8 with them) run as tasks
    /// (`.tasks`): each is a real async function awaiting a continuation, which the driver resumes or
    /// throws into for the script's outcomes, waiting until the task has handed the outcome to the
    /// machine; leaving a state cancels its task, whose continuation is then resumed with a
    /// `CancellationError` (an outcome the machine discards). The transcripts must be the
    /// interpreter's, as with `.manual` activities. (Machines whose states with activities each call
    /// theirs differently, and whose activities all throw.)
    func testActivitiesAsTasksMatchInterpreter() throws {
        let directory = workDirectory("activity-tasks")
        defer { try? FileManager.default.removeItem(at: directory) }
        let distinct = { (testCase: DifferentialCase) in DifferentialHarness.hasDistinctThrowingActivities(testCase.model) }
        let batch =
            cases(count: 12, firstSeed: 6000, activities: true, where: distinct)
            + cases(count: 8, firstSeed: 6100, parallel: true, activities: true, where: distinct)
        let result = DifferentialHarness.runBatch(batch, in: directory, activityTasks: true)
        if let failure = result.failure { return XCTFail(failure) }
        XCTAssertEqual(result.machines, 20)
        checkRestores(result, ["unstarted", "restarted activities", "mutated", "threw"])
        for mismatch in result.mismatches.prefix(1) {
            XCTFail(DifferentialHarness.minimise(mismatch, in: directory, activityTasks: true).description)
        }
    }

    /// The generated machine leaves out the run-time exclusivity check on its state
    /// (`@exclusivity(unchecked)`), on the ground that no access to it spans a call to the actions.
    /// The batch above compiles the Swift as fsmc writes it; this one puts the check back on 40
    /// machines (10 of each kind, and 10 of version 3, half of them with parallel states, whose
    /// timeouts and delay requirements call the actions too) whose actions send events while the
    /// machine runs, so that an access spanning a call to the actions stops the program.
    func testNoAccessToTheStateSpansACallToTheActions() throws {
        let directory = workDirectory("exclusivity")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sendsEvents = { (testCase: DifferentialCase) in
            testCase.model.requirements.contains { testCase.senders[$0.name] != nil }
        }
        let batch =
            cases(count: 10, firstSeed: 100, version2: false, where: sendsEvents)
            + cases(count: 10, firstSeed: 700, where: sendsEvents)
            + cases(count: 10, firstSeed: 2200, parallel: true, where: sendsEvents)
            + cases(count: 5, firstSeed: 3500, version3: true, where: sendsEvents)
            + cases(count: 5, firstSeed: 4500, parallel: true, version3: true, where: sendsEvents)
        let sending = batch.filter { DifferentialHarness.interpreterTranscript($0).contains { $0.hasPrefix("sent ") } }
        XCTAssertGreaterThanOrEqual(sending.count, 20, "machines whose actions do send an event in their script")
        let result = DifferentialHarness.runBatch(batch, in: directory, checkingExclusivity: true)
        if let failure = result.failure { return XCTFail(failure) }
        XCTAssertEqual(result.machines, 40)
        checkRestores(result, ["with history", "with timers", "mutated"])
        for mismatch in result.mismatches.prefix(1) {
            XCTFail(DifferentialHarness.minimise(mismatch, in: directory, checkingExclusivity: true).description)
        }
    }

    /// The restore figures of a run, as the long run shows them.
    private func restoreSummary(_ figures: [String: Int]) -> String {
        [
            "restores", "unstarted", "finished", "with history", "with stack", "with timers", "restarted activities",
            "mutated", "threw", "kept a mutation",
        ].map { "\(figures[$0, default: 0]) \($0 == "restores" ? "in all" : $0)" }.joined(separator: ", ")
    }

    /// The long run: FSMC_DIFFTEST_N machines in batches of FSMC_DIFFTEST_BATCH (default 100), their
    /// scripts with restores unless FSMC_DIFFTEST_SNAPSHOTS=0 (the scripts of the runs before them).
    func testLongRun() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let total = environment["FSMC_DIFFTEST_N"].flatMap(Int.init) else {
            throw XCTSkip("set FSMC_DIFFTEST_N (make difftest N=...) for the long run")
        }
        let batchSize = environment["FSMC_DIFFTEST_BATCH"].flatMap(Int.init) ?? 100
        var seed = environment["FSMC_DIFFTEST_SEED"].flatMap(UInt64.init) ?? 1_000_000
        let version2 = environment["FSMC_DIFFTEST_V1"] != "1"
        let parallel = environment["FSMC_DIFFTEST_PARALLEL"] == "1"
        let version3 = environment["FSMC_DIFFTEST_V3"] == "1"
        let activities = environment["FSMC_DIFFTEST_ACTIVITIES"] == "1"
        let snapshots = environment["FSMC_DIFFTEST_SNAPSHOTS"] != "0"
        let directory = workDirectory("long")
        defer { try? FileManager.default.removeItem(at: directory) }
        var machines = 0
        var operations = 0
        var lines = 0
        var mismatches = 0
        var restores: [String: Int] = [:]
        let started = Date()
        while machines < total {
            let batch = cases(
                count: min(batchSize, total - machines), firstSeed: seed, version2: version2, parallel: parallel,
                version3: version3, activities: activities, snapshots: snapshots)
            seed = batch.last!.seed + 1
            let result = DifferentialHarness.runBatch(batch, in: directory)
            if let failure = result.failure { return XCTFail(failure) }
            machines += result.machines
            operations += result.operations
            lines += result.transcriptLines
            mismatches += result.mismatches.count
            restores.merge(result.restores) { $0 + $1 }
            for mismatch in result.mismatches.prefix(1) {
                XCTFail(DifferentialHarness.minimise(mismatch, in: directory).description)
            }
            // Standard error is unbuffered: the figures show as the run goes.
            FileHandle.standardError.write(
                Data(
                    ("difftest: \(machines) machines, \(operations) operations, \(lines) transcript lines compared, \(mismatches) mismatches, \(Int(Date().timeIntervalSince(started))) s\(version3 || activities ? ", \(skippedSeeds) seeds skipped (the interpreter stops: endless loop)" : "")\(snapshots ? "; restores: \(restoreSummary(restores))" : "")\n")
                        .utf8))
        }
    }
}
