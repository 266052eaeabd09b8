/// The version of fsmc, as printed by `fsmc --version` and written into generated files.
/// Kept in step with CHANGELOG.md (a test checks).
public enum FSMCVersion {
    public static let current = "0.1.0"
}
