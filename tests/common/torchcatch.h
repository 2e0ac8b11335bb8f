#pragma once

// Debian's libtorch is built with glog, whose CHECK macro (abort on
// failure) would silently replace Catch's. Include torch first, drop
// glog's CHECK, then Catch. Torch tests include this instead of both.

#include <torch/torch.h>

#undef CHECK
#include "catchapi.h"

// In a unity build Catch may have come first (a file without torch earlier in
// the batch), so including it again above defined nothing: Catch's CHECK, as
// Catch2 2 and 3 both define it.
#ifndef CHECK
#define CHECK(...) \
  INTERNAL_CATCH_TEST("CHECK", Catch::ResultDisposition::ContinueOnFailure, __VA_ARGS__)
#endif
