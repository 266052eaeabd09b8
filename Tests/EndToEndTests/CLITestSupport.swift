/// A valid machine, for the command-line tests to write into files.
let validMachine = """
    machine Door {
        initial Closed
        state Closed { open -> Opened }
        state Opened { close -> Closed }
    }

    """
