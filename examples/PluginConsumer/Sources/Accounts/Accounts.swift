// The Accounts module holds the SignIn machine, which the FSMCPlugin generates from SignIn.fsm on
// every build. Its test target, AccountsTests, is the Swift Testing suite `fsmc paths` computed from
// the machine (docs/Testing.md). SwiftPM builds a target only when it has a Swift file of its own:
// this one.
