#pragma once

#include <string>

namespace spanforge::train {

// The program a run starts its other ranks with: SPANFORGE_WORKER_EXECUTABLE
// when set (tests, unusual installs), else the spanforge-cli next to this
// process's executable (both are installed side by side).
std::string workerExecutable();

}  // namespace spanforge::train
