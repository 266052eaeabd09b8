/// The version of fsmc, as printed by `fsmc --version` and written into generated files.
/// Kept in step with CHANGELOG.md (a test checks).
public enum FSMCVersion {
    public static let current = "0.1.0"
}

extension FSMCVersion {
    /// The version of FSMRuntime that generated files need (`FSMRuntime.Version4`), the contract's
    /// version: a test checks that Sources/FSMRuntime declares it.
    public static let runtime = 4
}
