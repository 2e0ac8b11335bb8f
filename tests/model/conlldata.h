#pragma once

// Reads the demo CoNLL files (token TAB IOB2 tag, blank line between
// sentences) into tokens and token spans for the model tests.

#include "text/tagscheme.h"
#include "text/tokenspan.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace spanforge::model::testing {

struct Sentence {
  std::vector<std::string> tokens;
  std::vector<text::TokenSpan> spans;
};

inline std::vector<Sentence> readConll(const std::string& path, size_t limit) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Sentence> out;
  std::vector<std::string> tokens, tags;
  auto flush = [&] {
    if (tokens.empty()) return;
    Sentence s{tokens,
               text::tagsToSpans(tags, text::TagScheme::IOB2, text::TagMode::Lenient).spans};
    out.push_back(std::move(s));
    tokens.clear();
    tags.clear();
  };
  std::string line;
  while (out.size() < limit && std::getline(in, line)) {
    if (line.empty() || line == "\t") {
      flush();
      continue;
    }
    const size_t tab = line.find('\t');
    tokens.push_back(line.substr(0, tab));
    tags.push_back(tab == std::string::npos ? "O" : line.substr(tab + 1));
  }
  if (out.size() < limit) flush();
  return out;
}

inline std::vector<std::string> labelsOf(const std::vector<Sentence>& data) {
  std::vector<std::string> labels;
  for (const auto& s : data)
    for (const auto& span : s.spans)
      if (std::find(labels.begin(), labels.end(), span.label) == labels.end())
        labels.push_back(span.label);
  std::sort(labels.begin(), labels.end());
  return labels;
}

inline const char* const kDemoTrain = SPANFORGE_RESOURCES_DIR "/demo/train.txt";

}  // namespace spanforge::model::testing
