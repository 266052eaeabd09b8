#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the process's arguments and `callback` as the fuzz target.
int fsmc_fuzzer_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

#endif
