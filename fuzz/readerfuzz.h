#pragma once

#include "io/format.h"

#include <cstddef>
#include <cstdint>

namespace spanforge::fuzz {

// One input through a format's reader the way `spanforge-cli import
// --skip-invalid` drives it: detectFormat, then every record, carrying on
// after each io::InputError. Each document read must also be writable as
// JSONL (io::DocumentCheck's rules), or the app could import what it cannot
// export. Anything else thrown escapes to the fuzzer; a broken invariant aborts.
int fuzzReader(const uint8_t* data, size_t size, io::Format format, const char* fileName);

}  // namespace spanforge::fuzz
