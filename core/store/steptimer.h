#pragma once

#include <chrono>

namespace spanforge::store {

// Marks the time SQLite spends inside one call of ours (prepare, step, exec)
// on this thread, so that a connection's progress handler can stop a single
// call that runs too long, without counting the time a caller spends between
// the rows of a long read (an export streaming a million documents).
class StepTimer {
 public:
  StepTimer();
  ~StepTimer();
  StepTimer(const StepTimer&) = delete;
  StepTimer& operator=(const StepTimer&) = delete;

  // True when this thread is inside a timed call that began more than limit ago.
  static bool exceeded(std::chrono::milliseconds limit);
  // The limit that last interrupted a call on this thread (for the message).
  static std::chrono::milliseconds lastInterruptLimit();
  static void noteInterrupt(std::chrono::milliseconds limit);

 private:
  std::chrono::steady_clock::time_point previous_;
  bool hadPrevious_;
};

}  // namespace spanforge::store
