#pragma once

namespace spanforge::ui {

// The job-id bookkeeping of a controller whose long work runs on a worker
// thread (see WorkerThread): hands out ids for requests and remembers the one
// job whose results are wanted. A result arriving for any other id belongs to
// a job given up on (a newer request, Cancel, another project) and is dropped.
// At most one job is current; ids are never reused, so a late result of an
// abandoned job cannot be mistaken for a later one. UI thread only.
class JobTracker {
 public:
  // A new id, now the current job; a job still in flight becomes stale.
  int start();
  // Whether `job`'s results (progress or the outcome) are wanted.
  bool isCurrent(int job) const { return job != 0 && job == current_; }
  bool isRunning() const { return current_ != 0; }
  // The current job's id, 0 when none.
  int running() const { return current_; }
  // `job` ended: true when it was the current one (now none is), false for a
  // stale job, which leaves a newer current job alone.
  bool finish(int job);
  // Gives up on the current job: its results are stale when they arrive.
  void invalidate() { current_ = 0; }

 private:
  int last_ = 0;
  int current_ = 0;
};

}  // namespace spanforge::ui
