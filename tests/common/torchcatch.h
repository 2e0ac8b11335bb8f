#pragma once

// Debian's libtorch is built with glog, whose CHECK macro (abort on
// failure) would silently replace Catch's. Include torch first, drop
// glog's CHECK, then Catch. Torch tests include this instead of both.

#include <torch/torch.h>

#undef CHECK
#include "catchapi.h"
