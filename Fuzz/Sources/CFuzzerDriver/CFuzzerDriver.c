#include "CFuzzerDriver.h"

// Provided by libFuzzer's runtime (linked by -sanitize=fuzzer); SwiftPM gives an executable its
// own main, so the fuzzer is started from there instead of from libFuzzer's main.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

int fsmc_fuzzer_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}

size_t fsmc_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size) {
    return LLVMFuzzerMutate(data, size, max_size);
}
