// Carrying out a transition in a machine without parallel states (sections 4 and 4b): exits from
// the active leaf outwards, the effects, entries inwards to the new leaf. Copied into each generated
// machine without parallel states, as the extension of the machine that its states call.
//
// What a machine has decides which parts are copied, at copy time: `#if FSM_X` blocks are kept or
// dropped by the machine's features (FSM_BELOW, FSM_SIBLING, FSM_PUSH, FSM_POP, FSM_HISTORY, FSM_OBSERVABLE,
// FSM_COMPLETIONS, FSM_ACTIVITIES, FSM_TIMERS), and a line after `// with history: code`
// is copied as `code` in a machine with history. The package defines FSM_BELOW, FSM_SIBLING,
// FSM_PUSH and FSM_POP, so its build type-checks those parts and its unit tests run them; the end-to-end tests
// compile every other variant. The functions written `func` here are `fileprivate` in the machine's
// file (the state classes beside them call them), internal here so that the unit tests can.

extension FSMMachine {
    #if FSM_BELOW
        /// An external transition: exits the active states inside `domain` (all of them when it is
        /// `nil`), innermost first; runs the effects; enters the states from just below `domain` down
        // with history: /// to `target`, outermost first, then what lies below `target`: by its `history` when one is
        /// to `target`, outermost first. `target` is a leaf: a transition to a composite state is given
        // with history: /// given (`-> history S`), else by its default entry. Always returns `true`.
        /// the leaf its initial states lead to. Always returns `true`.
        func transition(
            // with history: below domain: StateID?, to target: FSMMachine.State.Type, by history: FSMMachineHistory? = nil, _ actions: any FSMMachineActions, effects: () -> Void = {}
            below domain: StateID?, to target: FSMMachine.State.Type, _ actions: any FSMMachineActions, effects: () -> Void = {}
        ) -> Bool {
            exit(below: domain, actions)
            effects()
            // with history: enter(target, below: domain, by: history, actions)
            enter(target, below: domain, actions)
            return true
        }
    #endif
    #if FSM_SIBLING

        /// An external transition from `source`, the active leaf, to `target`, a leaf with the same parent
        /// (or `source` itself): exits `source`, runs the effects, enters `target`. What `transition(below:to:)`
        /// does in this case, without walking the hierarchy. Always returns `true`.
        func transition(
            from source: FSMMachine.State.Type, to target: FSMMachine.State.Type, _ actions: any FSMMachineActions,
            effects: () -> Void = {}
        ) -> Bool {
            source.exitOutward(to: source.id.depth - 1, self, actions)
            effects()
            // with machine: target.enterInward(below: target.id.depth - 1, self, actions)
            target.enterInward(below: target.id.depth - 1, actions)
            #if FSM_OBSERVABLE
                // Observers hear of a new configuration only: leaving and entering a state again is none.
                if target != machine.current || target.finishesMachine != machine.isFinished {
                    withMutation(keyPath: \.state) {
                        machine.current = target
                        machine.isFinished = target.finishesMachine
                    }
                }
            #else
                machine.current = target
                machine.isFinished = target.finishesMachine
            #endif
            #if FSM_COMPLETIONS
                // with activities: if let completed = target.completes, isComplete(completed) { machine.steps.complete(completed) }
                if let completed = target.completes { machine.steps.complete(completed) }
            #endif
            #if FSM_TIMERS
                if target.finishesMachine { cancelAllTimers() }
            #endif
            return true
        }
    #endif
    #if FSM_PUSH

        /// `-> push T`: remembers the innermost active state; a transition to `T` follows.
        @inline(never)
        func push() {
            machine.stack.append(machine.current)
        }
    #endif
    #if FSM_POP

        /// `-> pop` from `source` (`nil`: the machine), when the stack is not empty: a transition to the
        /// state remembered last. Its domain is found at run time, by the rules of `transition`.
        func pop(from source: FSMMachine.State.Type?, _ actions: any FSMMachineActions, effects: () -> Void = {})
            -> Bool
        {
            let target = machine.stack.removeLast()
            var domain: StateID?
            if let source {
                let leaf = target.id
                // The source when the target lies inside it, else its innermost ancestor that contains the target.
                var candidate = leaf != source.id && leaf.lies(in: source.id) ? source.id : source.id.enclosing
                while let state = candidate, !leaf.lies(in: state) { candidate = state.enclosing }
                domain = candidate
            }
            return transition(below: domain, to: target, actions, effects: effects)
        }
    #endif

    #if FSM_BELOW
        /// Exits the active states inside `domain` (all of them when it is `nil`), innermost first.
        #if FSM_HISTORY
            /// A state that records history remembers the active leaf as it is exited. Its exit activities
            /// cannot change the configuration (events they send wait in the queue), so this is the record
            /// taken before any exit activity of the step runs.
        #endif
        @inline(never)
        private func exit(below domain: StateID?, _ actions: any FSMMachineActions) {
            machine.current.exitOutward(to: domain?.depth ?? -1, self, actions)
        }
    #endif

    #if FSM_HISTORY
        /// Enters `target` from `domain` and makes the leaf state reached the current one.
    #else
        /// Enters `target`, a leaf, from `domain` and makes it the current state.
    #endif
    #if FSM_COMPLETIONS
        /// Entering a leaf may complete a state with completion transitions (the leaf itself, or the
        /// composite whose final child it is): that state waits in `completions` for its turn.
    #endif
    @inline(never)
    // with history: private func enter(_ target: FSMMachine.State.Type, below domain: StateID?, by history: FSMMachineHistory? = nil, _ actions: any FSMMachineActions) {
    private func enter(_ target: FSMMachine.State.Type, below domain: StateID?, _ actions: any FSMMachineActions) {
        // with machine: target.enterInward(below: domain?.depth ?? -1, self, actions)
        target.enterInward(below: domain?.depth ?? -1, actions)
        #if FSM_HISTORY
            // with machine: let leaf = FSMMachineLeafRuntime.enterInside(target, by: history, records: machine.history, self, actions)
            let leaf = FSMMachineLeafRuntime.enterInside(target, by: history, records: machine.history, actions)
        #else
            let leaf = target
        #endif
        #if FSM_OBSERVABLE
            // Observers hear of a new configuration only: leaving and entering a state again is none.
            if leaf != machine.current || leaf.finishesMachine != machine.isFinished {
                withMutation(keyPath: \.state) {
                    machine.current = leaf
                    machine.isFinished = leaf.finishesMachine
                }
            }
        #else
            machine.current = leaf
            machine.isFinished = leaf.finishesMachine
        #endif
        #if FSM_COMPLETIONS
            // with activities: if let completed = leaf.completes, isComplete(completed) { machine.steps.complete(completed) }
            if let completed = leaf.completes { machine.steps.complete(completed) }
        #endif
        #if FSM_TIMERS
            if leaf.finishesMachine { cancelAllTimers() }
        #endif
    }
}
