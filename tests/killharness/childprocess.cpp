#include "childprocess.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace spanforge::killharness {
namespace {

volatile sig_atomic_t runningGroup = 0;

void terminate(int signal) {
  if (runningGroup > 0) ::kill(-runningGroup, SIGKILL);
  _exit(128 + signal);
}

}  // namespace

void ChildProcess::killChildOnTermination() {
  std::signal(SIGINT, terminate);
  std::signal(SIGTERM, terminate);
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& logPath)
    : logPath_(logPath) {
  std::vector<char*> args;
  std::vector<std::string> copy = argv;
  for (auto& a : copy) args.push_back(a.data());
  args.push_back(nullptr);
  std::fflush(stdout);  // else the child flushes a copy of our buffer
  std::fflush(stderr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::setpgid(0, 0);
    const int fd = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::close(fd);
    }
    ::execv(args[0], args.data());
    _exit(127);
  }
  ::setpgid(pid_, pid_);  // both sides, so kill() never races the child's own call
  runningGroup = pid_;
}

ChildProcess::~ChildProcess() {
  if (!done_) kill();
}

bool ChildProcess::reap(bool block) {
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  if (r != pid_) return false;
  done_ = true;
  runningGroup = 0;
  code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  return true;
}

bool ChildProcess::waitFor(std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (!done_ && !reap(false)) {
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

void ChildProcess::kill() {
  if (done_) return;
  ::kill(-pid_, SIGKILL);
  reap(true);
}

std::string ChildProcess::log() const {
  std::ifstream in(logPath_);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace spanforge::killharness
