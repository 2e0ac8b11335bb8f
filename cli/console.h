#pragma once

#include <ostream>

namespace spanforge::cli {

// Where a command writes: results to out, messages and progress to err.
struct Console {
  std::ostream& out;
  std::ostream& err;
  bool errIsTerminal = false;  // draw progress bars only on a terminal
};

// Exit codes of spanforge-cli.
enum ExitCode { kOk = 0, kBadInput = 1, kInternalError = 2 };

}  // namespace spanforge::cli
