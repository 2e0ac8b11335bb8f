// main() for builds without libFuzzer: runs LLVMFuzzerTestOneInput once on
// every file named or found (recursively) in the directories named, so ctest
// replays the seed corpus and the regressions. A crash or an escaping
// exception fails the run, naming the input. A path that does not exist is
// skipped (a target may have no regressions yet); running no input at all fails.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace fs = std::filesystem;

namespace {

int runOne(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  if (!in.eof() && in.fail()) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
    return 1;
  }
  // Announced first, so a crash is followed by the name of its input.
  std::fprintf(stderr, "replay: %s\n", file.c_str());
  // A heap copy of exactly `size` bytes, as libFuzzer passes, so a read past
  // the end is as visible to a sanitizer here as there.
  std::vector<uint8_t> data(bytes.begin(), bytes.end());
  try {
    LLVMFuzzerTestOneInput(data.data(), data.size());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "replay: %s: uncaught exception: %s\n", file.c_str(), e.what());
    return 1;
  } catch (...) {
    std::fprintf(stderr, "replay: %s: uncaught exception\n", file.c_str());
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg = argv[i];
    if (fs::is_directory(arg)) {
      for (const auto& e : fs::recursive_directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(arg)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s: not found, skipped\n", arg.c_str());
    }
  }
  std::sort(files.begin(), files.end());  // the same order on every machine
  int failed = 0;
  for (const auto& f : files) failed += runOne(f);
  std::printf("replay: ran %zu inputs, %d failed\n", files.size(), failed);
  if (files.empty()) std::fprintf(stderr, "replay: no inputs found\n");
  return failed > 0 || files.empty() ? 1 : 0;
}
