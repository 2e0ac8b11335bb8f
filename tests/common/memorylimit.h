#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <functional>

namespace spanforge::testing {

// Runs fn in a forked child whose address space may grow by at most
// extraBytes beyond what it has now, and returns fn's result (the child's
// exit code; -1 when it died of a signal). A reader that allocates what a
// hostile header claims gets std::bad_alloc there instead of the memory:
// the test sees that as a result, not as a machine out of memory.
inline int withMemoryLimit(int64_t extraBytes, const std::function<int()>& fn) {
  const pid_t pid = fork();
  if (pid == 0) {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const auto now = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = now + static_cast<rlim_t>(extraBytes);
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(125);
    int code = 124;
    try {
      code = fn();
    } catch (...) {
      code = 123;
    }
    _exit(code);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace spanforge::testing
