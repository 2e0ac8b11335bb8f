#include "harnessreport.h"

#include <cstdio>

namespace spanforge::killharness {

void HarnessReport::begin(int run, const std::string& workload, int delayMs) {
  run_ = run;
  current_ = workload;
  delayMs_ = delayMs;
  ++workloads_[workload].runs;
}

void HarnessReport::ended(bool killed, int exitCode) {
  Workload& w = workloads_[current_];
  if (killed)
    ++w.kills;
  else
    ++w.completed;
  if (!killed && exitCode != 0) outcome("exited " + std::to_string(exitCode));
}

std::string HarnessReport::where() const {
  return "run " + std::to_string(run_) + " (" + current_ + ", kill at " + std::to_string(delayMs_) +
         " ms)";
}

void HarnessReport::check(const std::string& name, bool ok, const std::string& detail) {
  Workload& w = workloads_[current_];
  if (ok) {
    ++w.passed;
    return;
  }
  ++w.failed;
  failures_.push_back(where() + ": " + name + (detail.empty() ? "" : ": " + detail));
}

void HarnessReport::warn(const std::string& what, int64_t n) {
  if (n > 0) warnings_[what] += n;
}

void HarnessReport::outcome(const std::string& what) { ++workloads_[current_].outcomes[what]; }

int64_t HarnessReport::kills() const {
  int64_t n = 0;
  for (const auto& [name, w] : workloads_) n += w.kills;
  return n;
}

void HarnessReport::print(std::ostream& out, double seconds) const {
  char line[200];
  out << "workload   runs  kills  completed  checks passed  failed  outcomes\n";
  int64_t passed = 0;
  for (const auto& [name, w] : workloads_) {
    std::snprintf(line, sizeof line, "%-9s %5lld  %5lld  %9lld  %13lld  %6lld  ", name.c_str(),
                  static_cast<long long>(w.runs), static_cast<long long>(w.kills),
                  static_cast<long long>(w.completed), static_cast<long long>(w.passed),
                  static_cast<long long>(w.failed));
    out << line;
    bool first = true;
    for (const auto& [what, n] : w.outcomes) {
      out << (first ? "" : ", ") << what << " " << n;
      first = false;
    }
    out << "\n";
    passed += w.passed;
  }
  std::snprintf(line, sizeof line, "%lld kills, %lld checks passed, %lld failed, in %.1f s\n",
                static_cast<long long>(kills()), static_cast<long long>(passed),
                static_cast<long long>(failures_.size()), seconds);
  out << line;
  for (const auto& [what, n] : warnings_) out << "warning (" << n << "x): " << what << "\n";
  for (const auto& f : failures_) out << "FAILED " << f << "\n";
}

}  // namespace spanforge::killharness
