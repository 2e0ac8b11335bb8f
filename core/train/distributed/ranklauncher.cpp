#include "train/distributed/ranklauncher.h"

#include "train/distributed/distributederror.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstring>
#include <thread>

extern char** environ;

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

bool overridden(const char* entry) {
  for (const char* name : {"RANK=", "WORLD_SIZE=", "LOCAL_RANK=", "MASTER_ADDR=", "MASTER_PORT="})
    if (std::strncmp(entry, name, std::strlen(name)) == 0) return true;
  return false;
}

std::string describe(int rank, int status) {
  const std::string who = "rank " + std::to_string(rank);
  if (WIFSIGNALED(status))
    return who + " was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return who + " exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

RankLauncher::RankLauncher(const std::string& executable, const std::vector<std::string>& arguments,
                           int worldSize, int port) {
  if (access(executable.c_str(), X_OK) != 0)
    throw DistributedError("cannot start the other ranks: " + executable + " is not executable (" +
                           std::strerror(errno) + ")");
  const pid_t parent = getpid();
  for (int rank = 1; rank < worldSize; ++rank) {
    // Everything the child needs is built before fork(): after it, only
    // async-signal-safe calls (the parent may have other threads).
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
      if (!overridden(*e)) env.emplace_back(*e);
    env.push_back("RANK=" + std::to_string(rank));
    env.push_back("LOCAL_RANK=" + std::to_string(rank));
    env.push_back("WORLD_SIZE=" + std::to_string(worldSize));
    env.push_back("MASTER_ADDR=127.0.0.1");
    env.push_back("MASTER_PORT=" + std::to_string(port));
    std::vector<char*> envp, argv;
    for (auto& s : env) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::string exe = executable;
    std::vector<std::string> args = arguments;
    argv.push_back(exe.data());
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) {
      terminateAll();
      throw DistributedError(std::string("cannot start rank ") + std::to_string(rank) + ": " +
                             std::strerror(errno));
    }
    if (pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);  // the parent is already gone
      execve(argv[0], argv.data(), envp.data());
      _exit(127);
    }
    children_.push_back({rank, pid});
  }
}

RankLauncher::~RankLauncher() { terminateAll(); }

void RankLauncher::reap(bool block) {
  for (auto& c : children_) {
    if (c.done) continue;
    int status = 0;
    const pid_t r = waitpid(c.pid, &status, block ? 0 : WNOHANG);
    if (r == c.pid) {
      c.done = true;
      c.status = status;
    }
  }
}

std::vector<std::string> RankLauncher::failures(std::chrono::milliseconds grace) {
  const auto until = Clock::now() + grace;
  std::vector<std::string> out;
  for (;;) {
    reap(false);
    out.clear();
    for (const auto& c : children_)
      if (c.done && !(WIFEXITED(c.status) && WEXITSTATUS(c.status) == 0))
        out.push_back(describe(c.rank, c.status));
    if (!out.empty() || Clock::now() >= until) return out;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void RankLauncher::join(std::chrono::milliseconds timeout) {
  const auto until = Clock::now() + timeout;
  for (;;) {
    reap(false);
    bool running = false;
    for (const auto& c : children_) running = running || !c.done;
    if (!running || Clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  terminateAll();
}

void RankLauncher::terminateAll() {
  reap(false);
  for (const auto& c : children_)
    if (!c.done) kill(c.pid, SIGTERM);
  const auto until = Clock::now() + std::chrono::seconds(5);
  for (;;) {
    reap(false);
    bool running = false;
    for (const auto& c : children_) running = running || !c.done;
    if (!running) return;
    if (Clock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (const auto& c : children_)
    if (!c.done) kill(c.pid, SIGKILL);
  reap(true);
}

}  // namespace spanforge::train
