#pragma once

// Reads the demo CoNLL files (token TAB tag, blank line or a lone TAB between
// sentences) for the text tests.

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace spanforge::text::testing {

struct ConllSentence {
  std::vector<std::string> tokens;
  std::vector<std::string> tags;
};

inline std::vector<ConllSentence> readConll(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<ConllSentence> out(1);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line == "\t") {
      if (!out.back().tokens.empty()) out.emplace_back();
      continue;
    }
    const size_t tab = line.find('\t');
    out.back().tokens.push_back(line.substr(0, tab));
    out.back().tags.push_back(tab == std::string::npos ? "O" : line.substr(tab + 1));
  }
  if (out.back().tokens.empty()) out.pop_back();
  return out;
}

inline const char* const kTrainPath = SPANFORGE_RESOURCES_DIR "/demo/train.txt";

}  // namespace spanforge::text::testing
