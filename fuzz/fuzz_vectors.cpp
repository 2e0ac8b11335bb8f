// Word vector files (model::Vectors::load: GloVe, word2vec text, fastText
// .vec, gzipped or not), as `model.vectors` in a config names them.
#include "fuzzinput.h"
#include "io/inputerror.h"
#include "model/vectors.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace spanforge;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput(data, size, "vectors.txt");
  const int64_t maxRows = size % 3 == 1 ? 2 : 0;  // the size also picks the row limit
  model::Vectors v;
  try {
    v = model::Vectors::load(path, maxRows);
  } catch (const io::InputError& e) {
    fuzz::expectedError(e);
    return 0;
  }
  // A repeated word keeps its first row, so each word finds its own row.
  if (v.dim() <= 0) fuzz::broken("loaded vectors of dimension " + std::to_string(v.dim()));
  if (maxRows > 0 && v.size() > maxRows) fuzz::broken("more rows than maxRows");
  for (int64_t i = 0; i < v.size(); ++i) {
    if (v.find(v.words()[static_cast<size_t>(i)]) != i)
      fuzz::broken("word " + std::to_string(i) + " does not find its row");
  }
  return 0;
}
