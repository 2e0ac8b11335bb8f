#pragma once

#include <cstdint>
#include <filesystem>
#include <system_error>

namespace spanforge::io {

// Removes a file, a link or a directory with all it holds, as
// std::filesystem::remove_all does, which it replaces everywhere: PyTorch's
// pip wheels export a copy of remove_all from libtorch.so, and that copy
// (torch 2.11, CUDA 13) jumped to address 0 at the first directory holding
// another, on the GPU machine of issue #33. Links are removed, never followed.
// Returns how many entries went; a path that does not exist is 0 and no error.
std::uintmax_t removeTree(const std::filesystem::path& path, std::error_code& ec);

// The same; throws std::filesystem::filesystem_error when something stays.
std::uintmax_t removeTree(const std::filesystem::path& path);

}  // namespace spanforge::io
