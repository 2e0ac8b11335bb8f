// Label Studio JSON exports through its reader (see readerfuzz.h).
#include "readerfuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return spanforge::fuzz::fuzzReader(data, size, spanforge::io::Format::LabelStudio, "input.json");
}
