#pragma once

#include <random>
#include <string>

namespace spanforge::killharness {

class ChildProcess;

// When a workload gets its SIGKILL: after a delay, as a model package starts
// being written, or as the label driver starts an action (random times mostly
// miss both). Each returns true when the child ended on its own first, else
// kills it; outcome() names what an aimed kill hit.
class KillTrigger {
 public:
  explicit KillTrigger(std::mt19937_64& rng) : rng_(rng) {}

  // ms < 0: never (the run is timed instead).
  bool afterDelay(ChildProcess& child, int ms);
  // 0-30 ms after a new temporary directory shows up in `dir`, or at capMs.
  bool whenWriting(ChildProcess& child, const std::string& dir, int capMs);
  // After afterMs, as soon as an intent line is the journal's newest line
  // (the action takes about a millisecond; detecting it spreads the kills).
  bool whenActing(ChildProcess& child, const std::string& journal, int afterMs);

  const std::string& outcome() const { return outcome_; }

 private:
  std::mt19937_64& rng_;
  std::string outcome_;
};

}  // namespace spanforge::killharness
