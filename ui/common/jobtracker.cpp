#include "common/jobtracker.h"

namespace spanforge::ui {

int JobTracker::start() {
  current_ = ++last_;
  return current_;
}

bool JobTracker::finish(int job) {
  if (!isCurrent(job)) return false;
  current_ = 0;
  return true;
}

}  // namespace spanforge::ui
