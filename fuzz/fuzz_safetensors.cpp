// safetensors files (model::SafetensorsFile), as model packages and, later,
// Hugging Face checkpoints hold them. Every tensor a file opens with must lie
// inside the mapping (ASan reads each byte) and the ranges must tile it.
#include "fuzzinput.h"
#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace spanforge;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput(data, size, "weights.safetensors");
  try {
    const model::SafetensorsFile file(path);
    uint64_t covered = 0;
    unsigned sum = 0;
    for (const auto& t : file.tensors()) {
      if (t.end < t.begin) fuzz::broken("a range ending before it begins");
      const uint64_t bytes = t.end - t.begin;
      if (static_cast<uint64_t>(t.elements()) * model::SafetensorsFile::dtypeSize(t.dtype) != bytes)
        fuzz::broken("tensor " + t.name + ": range and dtype x shape differ");
      const uint8_t* p = file.data(t);
      for (uint64_t i = 0; i < bytes; ++i) sum += p[i];
      covered += bytes;
      if (file.find(t.name) != &t) fuzz::broken("tensor " + t.name + " is not found by its name");
    }
    if (covered > size) fuzz::broken("tensors cover more bytes than the file holds");
    if (sum == 0xdeadbeef) std::fputs("", stderr);  // keeps the reads
  } catch (const model::SafetensorsError& e) {
    fuzz::expectedError(e);
  }
  return 0;
}
