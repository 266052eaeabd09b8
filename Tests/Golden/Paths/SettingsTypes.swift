// The app's own type one of Settings' events carries, as an optional of an optional, for
// scripts/check-paths-suites: it compiles into the machine's module, beside the generated Settings.swift.
// The search sends it nil, so the suite needs no value of it (no SettingsPathValues.swift).
struct Label {
    var text: String
}
