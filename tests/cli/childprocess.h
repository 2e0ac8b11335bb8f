#pragma once

#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace spanforge::testing {

// The built spanforge-cli, run as a real process (multi-process training
// starts further copies of it, which an in-process runCli cannot).
inline std::string cliExecutable() { return SPANFORGE_BINARY_DIR "/app/spanforge-cli"; }

// A spanforge-cli child with extra environment variables; stdout and stderr
// go to files read back by out()/err().
class ChildProcess {
 public:
  ChildProcess(const std::vector<std::string>& args, const std::string& logPrefix,
               const std::vector<std::pair<std::string, std::string>>& env = {})
      : outPath_(logPrefix + ".out"), errPath_(logPrefix + ".err") {
    // Else the child's freopen flushes a copy of our buffered output.
    std::fflush(stdout);
    std::fflush(stderr);
    pid_ = fork();
    if (pid_ == 0) {
      for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
      if (!freopen(outPath_.c_str(), "w", stdout) || !freopen(errPath_.c_str(), "w", stderr))
        _exit(126);
      std::vector<std::string> all{cliExecutable()};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (auto& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ~ChildProcess() {
    if (!done_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  // The exit code, or -signal; -1000 when still running after `timeout`.
  int wait(std::chrono::seconds timeout = std::chrono::seconds(300)) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (!done_) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        done_ = true;
        code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        break;
      }
      if (std::chrono::steady_clock::now() >= until) return -1000;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return code_;
  }
  std::string out() const { return slurp(outPath_); }
  std::string err() const { return slurp(errPath_); }

  // Process ids whose parent is `pid` (from /proc).
  // The train-worker ranks pid started; other children (a sanitizer's
  // symbolizer, say) are not counted.
  static std::vector<pid_t> workersOf(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    std::vector<pid_t> out;
    pid_t c = 0;
    while (in >> c) {
      const std::string args = slurp("/proc/" + std::to_string(c) + "/cmdline");
      if (args.find(std::string("\0train-worker\0", 14)) != std::string::npos) out.push_back(c);
    }
    return out;
  }

 private:
  static std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string outPath_, errPath_;
  pid_t pid_ = -1;
  bool done_ = false;
  int code_ = 0;
};

}  // namespace spanforge::testing
