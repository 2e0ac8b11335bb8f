#include "killtrigger.h"

#include "childprocess.h"
#include "projectverifier.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>

namespace spanforge::killharness {
namespace fs = std::filesystem;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

bool KillTrigger::afterDelay(ChildProcess& child, int ms) {
  if (child.waitFor(milliseconds(ms < 0 ? 600000 : ms))) return true;
  child.kill();
  return false;
}

bool KillTrigger::whenWriting(ChildProcess& child, const std::string& dir, int capMs) {
  const std::set<std::string> known = ProjectVerifier::tempDirs(dir);
  const auto until = Clock::now() + milliseconds(capMs);
  while (Clock::now() < until) {
    if (child.waitFor(milliseconds(2))) return true;
    for (const auto& d : ProjectVerifier::tempDirs(dir)) {
      if (known.count(d)) continue;
      const int ms = std::uniform_int_distribution<int>(0, 30)(rng_);
      outcome_ = "killed " + std::to_string(ms / 10 * 10) + "-" + std::to_string(ms / 10 * 10 + 9) +
                 " ms into a package write";
      return afterDelay(child, ms);
    }
  }
  child.kill();
  return false;
}

bool KillTrigger::whenActing(ChildProcess& child, const std::string& journal, int afterMs) {
  if (child.waitFor(milliseconds(afterMs))) return true;
  const auto until = Clock::now() + std::chrono::seconds(10);
  std::error_code ec;
  auto size = fs::file_size(journal, ec);
  if (ec) size = 0;  // the driver has not made it yet
  while (Clock::now() < until) {
    if (child.waitFor(milliseconds(0))) return true;
    const auto now = fs::file_size(journal, ec);
    if (!ec && now > size) {
      std::ifstream in(journal, std::ios::binary);
      in.seekg(static_cast<std::streamoff>(size));
      const std::string added((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
      size = now;
      const size_t last = added.rfind("{\"action\"");  // intents start so (keys are sorted)
      if (last != std::string::npos && added.find("\"t\":\"intent\"", last) != std::string::npos &&
          added.find('\n', last) == added.size() - 1) {
        child.kill();
        outcome_ = "killed mid-action";
        return false;
      }
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  child.kill();
  return false;
}

}  // namespace spanforge::killharness
