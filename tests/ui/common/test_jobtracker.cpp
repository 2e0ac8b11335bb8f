// The job-id bookkeeping shared by the UI's background jobs: only the current
// job's results are wanted; a newer request, Cancel or another project makes
// a job in flight stale, and ids are never reused.
#include "common/jobtracker.h"

#include "catchapi.h"

using spanforge::ui::JobTracker;

TEST_CASE("JobTracker: nothing runs at first and no id is current") {
  const JobTracker jobs;
  CHECK_FALSE(jobs.isRunning());
  CHECK(jobs.running() == 0);
  CHECK_FALSE(jobs.isCurrent(0));
  CHECK_FALSE(jobs.isCurrent(1));
}

TEST_CASE("JobTracker: a started job is current until it finishes") {
  JobTracker jobs;
  const int job = jobs.start();
  CHECK(job != 0);
  CHECK(jobs.isRunning());
  CHECK(jobs.running() == job);
  CHECK(jobs.isCurrent(job));
  CHECK(jobs.finish(job));
  CHECK_FALSE(jobs.isRunning());
  CHECK(jobs.running() == 0);
  CHECK_FALSE(jobs.isCurrent(job));
  CHECK_FALSE(jobs.finish(job));  // a second report of the same job is stale
}

TEST_CASE("JobTracker: a newer request makes the job in flight stale") {
  JobTracker jobs;
  const int old = jobs.start();
  const int newer = jobs.start();
  CHECK(newer != old);
  CHECK_FALSE(jobs.isCurrent(old));
  CHECK(jobs.isCurrent(newer));
  // The old job's result arrives first: dropped, and the newer job still runs.
  CHECK_FALSE(jobs.finish(old));
  CHECK(jobs.isRunning());
  CHECK(jobs.running() == newer);
  CHECK(jobs.finish(newer));
  CHECK_FALSE(jobs.isRunning());
}

TEST_CASE("JobTracker: invalidate drops the job in flight and ids are not reused") {
  JobTracker jobs;
  const int abandoned = jobs.start();
  jobs.invalidate();
  CHECK_FALSE(jobs.isRunning());
  CHECK_FALSE(jobs.isCurrent(abandoned));
  const int next = jobs.start();
  CHECK(next != abandoned);
  // The abandoned job's late result neither counts nor ends the new job.
  CHECK_FALSE(jobs.finish(abandoned));
  CHECK(jobs.isCurrent(next));
  jobs.invalidate();
  jobs.invalidate();  // nothing in flight: harmless
  CHECK_FALSE(jobs.isRunning());
}
