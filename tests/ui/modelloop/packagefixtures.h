#pragma once

// Model packages as they arrive from other people, made for the GUI tests.
// Torch stays in packagefixtures.cpp: its headers clash with Qt's (see
// ARCHITECTURE.md, Boundaries).
#include <string>

namespace spanforge::testing {

// Turns the current-format package in `dir` into the old format (weights.pt,
// format 1, checksums recomputed), holding the same weights.
void makeOldFormatPackage(const std::string& dir);

// Cuts the last bytes off the package's weights.safetensors, checksums
// recomputed as a crafted package would have them: its last tensor is
// shorter than the header says.
void cutPackageWeights(const std::string& dir);

}  // namespace spanforge::testing
