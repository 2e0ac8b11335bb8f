#include "store/steptimer.h"

namespace spanforge::store {
namespace {

using Clock = std::chrono::steady_clock;

thread_local Clock::time_point tStart;
thread_local bool tActive = false;
thread_local std::chrono::milliseconds tLastLimit{0};

}  // namespace

StepTimer::StepTimer() : previous_(tStart), hadPrevious_(tActive) {
  // A call nested in another (SQLite calling back into us) keeps the outer
  // call's start: the outer statement is what the limit bounds.
  if (!tActive) {
    tStart = Clock::now();
    tLastLimit = std::chrono::milliseconds(0);
  }
  tActive = true;
}

StepTimer::~StepTimer() {
  tStart = previous_;
  tActive = hadPrevious_;
}

bool StepTimer::exceeded(std::chrono::milliseconds limit) {
  return tActive && Clock::now() - tStart > limit;
}

std::chrono::milliseconds StepTimer::lastInterruptLimit() { return tLastLimit; }

void StepTimer::noteInterrupt(std::chrono::milliseconds limit) { tLastLimit = limit; }

}  // namespace spanforge::store
