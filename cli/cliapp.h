#pragma once

#include <ostream>

namespace spanforge::cli {

// Parses argv, runs the chosen sub-command and returns the process exit code:
// 0 success, 1 bad input, 2 internal error. Never calls exit().
int runCli(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
           bool errIsTerminal = false);

}  // namespace spanforge::cli
