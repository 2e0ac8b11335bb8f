#include "patterns/phrasematcher.h"

#include "patterns/lexicalattributes.h"
#include "patterns/tokensequence.h"

#include <algorithm>

namespace spanforge::patterns {

void PhraseMatcher::add(int key, const std::vector<std::string>& words) {
  if (words.empty()) return;
  if (ends_.empty()) ends_.emplace_back();  // the root
  uint32_t node = 0;
  for (const std::string& w : words) {
    std::string folded = attribute_ == PhraseAttribute::Lower ? lowerOf(w) : w;
    auto id = ids_.find(folded);
    if (id == ids_.end())
      id = ids_.emplace(words_.emplace_back(std::move(folded)), static_cast<uint32_t>(ids_.size()))
               .first;
    auto it = edges_.find(edge(node, id->second));
    if (it == edges_.end()) {
      it = edges_.emplace(edge(node, id->second), static_cast<uint32_t>(ends_.size())).first;
      ends_.emplace_back();
    }
    node = it->second;
  }
  auto& keys = ends_[node];
  if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  ++phrases_;
}

std::string_view PhraseMatcher::key(const TokenSequence& tokens, size_t i) const {
  return attribute_ == PhraseAttribute::Lower ? tokens.lower(i) : tokens.word(i);
}

std::vector<Match> PhraseMatcher::match(const TokenSequence& tokens) const {
  std::vector<Match> found;
  if (ends_.empty()) return found;
  std::vector<uint32_t> ids(tokens.size(), kNoWord);
  for (size_t i = 0; i < tokens.size(); ++i)
    if (const auto it = ids_.find(key(tokens, i)); it != ids_.end()) ids[i] = it->second;
  for (size_t start = 0; start < tokens.size(); ++start) {
    uint32_t node = 0;
    for (size_t i = start; i < tokens.size() && ids[i] != kNoWord; ++i) {
      const auto it = edges_.find(edge(node, ids[i]));
      if (it == edges_.end()) break;
      node = it->second;
      for (int keyId : ends_[node])
        found.push_back({keyId, static_cast<int>(start), static_cast<int>(i + 1)});
    }
  }
  return found;
}

}  // namespace spanforge::patterns
