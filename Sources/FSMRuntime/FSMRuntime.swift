// FSMRuntime, version 4: the run-time library of the state machines that fsmc generates.
//
// A generated file holds what is specific to its machine: its actions protocol, the machine class,
// `StateID`, `Event`, one class per state and the machine's tables. What is the same for every
// machine is here, compiled once: the types machines share (`Snapshot`, `RestoreError`, `Timing`,
// `Activities`), the order of run to completion (`StepQueue`), the general step of a machine with
// parallel states over its tables (`RegionRules`), and the bookkeeping of timers, activities, their
// tasks and the checks of a restore.
// It imports nothing but the standard library (docs/Runtime.md).

/// The version of FSMRuntime that a generated file needs: the file names this type, so compiling
/// it against a runtime of another version fails with an error that names the version it needs.
/// A later runtime that cannot run version-4 files declares it unavailable, with a message saying so.
public enum Version4 {}
