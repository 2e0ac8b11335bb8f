#pragma once

#include "store/projectstore.h"

#include <memory>
#include <string>

namespace spanforge::cli {

// A project opened by a command that writes to it. Unlike the GUI, which must
// not freeze, a batch command waits up to two minutes for another process's
// write (an import, the GUI's save) instead of failing and losing its work.
std::unique_ptr<store::ProjectStore> openForBatchWrites(const std::string& path);

}  // namespace spanforge::cli
