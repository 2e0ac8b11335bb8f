#include "fuzzinput.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace spanforge::fuzz {
namespace {

namespace fs = std::filesystem;

// Removes the scratch directory at a normal exit (a crash leaves it behind
// with the input that caused it, which does no harm).
struct Scratch {
  std::string dir;
  Scratch() {
    dir = (fs::temp_directory_path() / ("spanforge-fuzz-" + std::to_string(getpid()))).string();
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

std::string scratchDir() {
  static const Scratch scratch;
  return scratch.dir;
}

std::string writeInput(const uint8_t* data, size_t size, const std::string& name) {
  const std::string path = scratchDir() + "/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out.flush()) {
    std::perror(path.c_str());
    std::abort();  // not the code under test: stop rather than fuzz nothing
  }
  return path;
}

void expectedError(const std::exception& e) {
  static const bool verbose = std::getenv("SPANFORGE_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::fprintf(stderr, "expected error: %s\n", e.what());
}

void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

}  // namespace spanforge::fuzz
