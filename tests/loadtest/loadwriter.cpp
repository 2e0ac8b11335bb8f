#include "loadwriter.h"

#include "store/projectstore.h"
#include "store/storeerror.h"

#include <chrono>
#include <fstream>
#include <random>

namespace spanforge::loadtest {
namespace {
const char* const kLabels[] = {"PER", "LOC", "ORG"};
}

LoadWriter::LoadWriter(std::string projectPath, int writer, uint64_t seed)
    : projectPath_(std::move(projectPath)), writer_(writer), seed_(seed) {}

int64_t LoadWriter::run(double seconds) {
  auto project = store::ProjectStore::open(projectPath_);
  std::mt19937_64 rng(seed_);
  int64_t failures = 0;
  int64_t made = 0;
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    const int op = expected_.size() < 5 ? 0 : static_cast<int>(rng() % 4);
    try {
      if (op == 0) {  // a new document with one span
        text::Document doc;
        doc.text = "Writer " + std::to_string(writer_) + " met Alice in Paris, text " +
                   std::to_string(made++) + ".";
        const std::string label = kLabels[rng() % 3];
        doc.spans = {{21, 26, label}};
        const auto added = project->documents().add(doc);
        expected_[added.id] = {0, {"21:26:" + label}};
      } else {
        auto it = expected_.begin();
        std::advance(it, static_cast<long>(rng() % expected_.size()));
        if (op == 1) {  // relabel: replace the spans
          const std::string label = kLabels[rng() % 3];
          const int64_t start = rng() % 2 ? 0 : 21;
          const int64_t end = start == 0 ? 6 : 26;
          project->documents().setSpans(it->first, {{start, end, label}});
          it->second.spans = {std::to_string(start) + ":" + std::to_string(end) + ":" + label};
        } else if (op == 2) {
          const int status = static_cast<int>(rng() % 4);
          project->documents().setStatus(it->first, static_cast<text::DocStatus>(status));
          it->second.status = status;
        } else {
          project->documents().setSpans(it->first, {});
          it->second.spans.clear();
        }
      }
      ++commits_;
    } catch (const store::StorageError&) {
      ++failures;  // busy for longer than the timeout: the write did not happen
    }
  }
  return failures;
}

void LoadWriter::writeExpected(const std::string& path) const {
  std::ofstream out(path);
  for (const auto& [id, e] : expected_) {
    out << id << ' ' << e.status << ' ';
    for (size_t i = 0; i < e.spans.size(); ++i) out << (i ? "," : "") << e.spans[i];
    out << '\n';
  }
}

}  // namespace spanforge::loadtest
