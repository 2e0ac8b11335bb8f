#!/usr/bin/env bash
# Builds Spanforge with a sanitizer (CMakePresets.json) and runs its tests:
#   tests/sanitizers/run.sh asan   # ASan + UBSan, the whole ctest suite (build-asan/)
#   tests/sanitizers/run.sh tsan   # ThreadSanitizer, the whole ctest suite (build-tsan/)
# Extra arguments go to ctest (e.g. -R "^store:"). A report fails the test that
# caused it; the summary is ctest's. Takes long: a full clang build per preset.
set -euo pipefail
cd "$(dirname "$0")/../.."
preset=${1:?usage: tests/sanitizers/run.sh asan|tsan [ctest args...]}
shift
here=$PWD/tests/sanitizers

./packaging/install-deps.sh
./packaging/install-check-tools.sh
cmake --preset "$preset"
cmake --build --preset "$preset"

# Leaks in Qt's and libtorch's own one-time allocations are not ours.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="suppressions=$here/tsan.supp:halt_on_error=1:second_deadlock_stack=1"
# libtorch's OpenMP pool is not instrumented; one thread keeps TSan's view exact.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
ctest --preset "$preset" "$@"
