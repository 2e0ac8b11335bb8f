#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

namespace spanforge::fuzz {

// The code under test reads files, so each input goes to a temporary file:
// "$TMPDIR/spanforge-fuzz-PID/NAME" (one directory per process, so parallel
// fuzzers and ctest -j never share one), removed when the process exits.
std::string scratchDir();
std::string writeInput(const uint8_t* data, size_t size, const std::string& name);

// A property the code under test promises does not hold: prints it and
// aborts, so the fuzzer keeps the input.
[[noreturn]] void broken(const std::string& what);

// Called with each expected (documented) error; prints it when
// SPANFORGE_FUZZ_VERBOSE is set, to see how far seed inputs get.
void expectedError(const std::exception& e);

}  // namespace spanforge::fuzz
