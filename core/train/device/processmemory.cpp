#include "train/device/processmemory.h"

#include <charconv>
#include <fstream>
#include <sstream>

namespace spanforge::train {
namespace {

// "VmRSS:\t  123456 kB" -> 123456 * 1024; nullopt when the field is absent.
std::optional<int64_t> fieldBytes(std::string_view status, std::string_view name) {
  size_t pos = 0;
  while (pos < status.size()) {
    size_t eol = status.find('\n', pos);
    if (eol == std::string_view::npos) eol = status.size();
    std::string_view line = status.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.size() <= name.size() || line.substr(0, name.size()) != name ||
        line[name.size()] != ':') {
      continue;
    }
    line.remove_prefix(name.size() + 1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    int64_t value = 0;
    const auto res = std::from_chars(line.data(), line.data() + line.size(), value);
    if (res.ec != std::errc()) return std::nullopt;
    // The kernel reports these in kB (KiB).
    return value * 1024;
  }
  return std::nullopt;
}

}  // namespace

std::optional<MemoryUsage> ProcessMemory::parseStatus(std::string_view status) {
  const auto rss = fieldBytes(status, "VmRSS");
  if (!rss) return std::nullopt;
  MemoryUsage m;
  m.kind = MemoryKind::Rss;
  m.currentBytes = *rss;
  m.peakBytes = fieldBytes(status, "VmHWM").value_or(*rss);
  return m;
}

MemoryUsage ProcessMemory::read() {
  std::ifstream in("/proc/self/status");
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return parseStatus(text.str()).value_or(MemoryUsage{});
}

}  // namespace spanforge::train
