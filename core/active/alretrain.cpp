#include "active/alretrain.h"

namespace spanforge::active {

const char* toString(AlRetrain r) {
  switch (r) {
    case AlRetrain::Warm:
      return "warm";
    case AlRetrain::Scratch:
      return "scratch";
    case AlRetrain::Pretrained:
      return "pretrained";
  }
  return "warm";
}

std::optional<AlRetrain> parseAlRetrain(std::string_view name) {
  for (const AlRetrain r : {AlRetrain::Warm, AlRetrain::Scratch, AlRetrain::Pretrained})
    if (name == toString(r)) return r;
  return std::nullopt;
}

}  // namespace spanforge::active
