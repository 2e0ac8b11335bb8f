#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace spanforge::killharness {

// One workload as a child process in a process group of its own (so SIGKILL
// reaches anything it started), stdout and stderr into a log file.
class ChildProcess {
 public:
  // argv[0] is the program's path. Throws std::runtime_error when fork fails.
  ChildProcess(const std::vector<std::string>& argv, const std::string& logPath);
  // Kills and reaps the child if it is still running.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  // Waits up to `timeout` for the child to end; true if it has.
  bool waitFor(std::chrono::milliseconds timeout);
  // SIGKILL to the child's process group, then reaps it.
  void kill();
  bool running() const { return !done_; }
  // Exit code, or -signal when a signal ended it (valid once it ended).
  int exitCode() const { return code_; }
  std::string log() const;

  // SIGINT and SIGTERM to the harness also end the running child's group, which
  // would otherwise outlive it (it has a process group of its own).
  static void killChildOnTermination();

 private:
  bool reap(bool block);

  pid_t pid_ = -1;
  bool done_ = false;
  int code_ = 0;
  std::string logPath_;
};

}  // namespace spanforge::killharness
