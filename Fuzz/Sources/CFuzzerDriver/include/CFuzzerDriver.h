#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the process's arguments and `callback` as the fuzz target.
int fsmc_fuzzer_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

/// libFuzzer's own mutation of `data` (`size` bytes, room for `max_size`), for a custom mutator
/// (`LLVMFuzzerCustomMutator`) to fall back on; returns the new size.
size_t fsmc_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size);

#endif
