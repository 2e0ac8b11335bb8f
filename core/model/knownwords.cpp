#include "model/knownwords.h"

#include "model/featurizer.h"

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {

void KnownWords::add(const std::string& norm) {
  if (norm.find_first_of("\r\n") == std::string::npos) words_.insert(norm);
}

void KnownWords::add(const KnownWords& other) {
  words_.insert(other.words_.begin(), other.words_.end());
}

void KnownWords::write(std::ostream& out) const {
  std::vector<std::string> sorted(words_.begin(), words_.end());
  std::sort(sorted.begin(), sorted.end());
  for (const auto& w : sorted) out << w << '\n';
}

KnownWords KnownWords::read(std::istream& in) {
  KnownWords k;
  std::string line;
  for (size_t n = 1; std::getline(in, line); ++n) {
    if (Featurizer::norm(line) != line)
      throw std::runtime_error("line " + std::to_string(n) + ": \"" + line +
                               "\" is not a normalised (lower-case) word");
    if (!k.words_.insert(line).second)
      throw std::runtime_error("line " + std::to_string(n) + ": \"" + line + "\" is repeated");
  }
  return k;
}

}  // namespace spanforge::model
