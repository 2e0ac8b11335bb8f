#include "transformer/subwordtokenizer.h"

namespace spanforge::transformer {

void SubwordTokenizer::setSpecial(const std::string& cls, const std::string& sep,
                                  const std::string& pad, const std::string& unk,
                                  const std::string& mask) {
  special_ = {id(cls), id(sep), id(pad), id(unk), id(mask)};
}

}  // namespace spanforge::transformer
