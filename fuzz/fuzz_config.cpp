// The TOML training config (train::fromToml), as `spanforge-cli train
// --config` and model packages read it. A config that loads must also
// survive toToml() -> fromToml() unchanged, as trainconfig.h promises.
#include "fuzzinput.h"
#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

using namespace spanforge::train;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  TrainConfig config;
  try {
    config = fromToml(text, "config.toml");
  } catch (const ConfigError& e) {
    spanforge::fuzz::expectedError(e);
    return 0;
  }
  const std::string written = toToml(config);
  try {
    if (fromToml(written, "written.toml") == config) return 0;
    std::fprintf(stderr, "fuzz invariant broken: toToml() read back differently:\n%s\n",
                 written.c_str());
  } catch (const ConfigError& e) {
    std::fprintf(stderr, "fuzz invariant broken: toToml() wrote a config fromToml() refuses: %s\n",
                 e.what());
  }
  std::abort();
}
