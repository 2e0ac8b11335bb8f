#include "journalreader.h"

#include <fstream>
#include <stdexcept>

namespace spanforge::killharness {

JournalReader JournalReader::read(const std::string& path) {
  JournalReader j;
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  // A line without its newline was being written when the kill came.
  std::ifstream tail(path, std::ios::binary);
  tail.seekg(-1, std::ios::end);
  char last = '\n';
  if (tail && tail.get(last) && last != '\n' && !lines.empty()) {
    lines.pop_back();
    j.cutShort = true;
  }
  std::map<int64_t, Intent> open;
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto line = nlohmann::json::parse(lines[i], nullptr, false);
    if (line.is_discarded())
      throw std::runtime_error(path + ":" + std::to_string(i + 1) + ": not JSON");
    const std::string t = line.value("t", "");
    if (t == "start") {
      j.started = true;
    } else if (t == "intent") {
      ++j.intents;
      Intent intent;
      intent.seq = line.at("seq");
      intent.action = line.at("action");
      for (const auto& d : line.at("docs")) {
        const int64_t id = d.at("id");
        const DocState before = DocState::fromJson(d.at("before"));
        intent.docs[id] = {before, DocState::fromJson(d.at("after"))};
        j.firstBefore.emplace(id, before);
      }
      if (line.contains("labels")) {
        const auto& l = line.at("labels");
        intent.labels =
            std::make_pair(LabelSet::fromJson(l.at("before")), LabelSet::fromJson(l.at("after")));
        if (!j.firstLabelsBefore) j.firstLabelsBefore = intent.labels->first;
      }
      open[intent.seq] = intent;
    } else if (t == "saved") {
      ++j.saved;
      for (const auto& d : line.at("docs"))
        j.savedDocs[d.at("id")] = DocState::fromJson(d.at("state"));
      if (line.contains("labels")) j.savedLabels = LabelSet::fromJson(line.at("labels"));
      open.erase(line.at("seq").get<int64_t>());
    } else if (t == "mismatch") {
      j.problems.push_back("action " + std::to_string(line.value("seq", 0)) + " (" +
                           line.value("action", "") + "): " + line.value("what", ""));
    } else if (t == "error") {
      j.problems.push_back("driver error: " + line.value("what", ""));
    } else if (t == "round-started") {
      ++j.roundsStarted;
    } else if (t == "round") {
      if (line.value("model", 0) != 0) j.roundModels.push_back(line.at("model"));
    }
  }
  if (!open.empty()) j.inFlight = open.rbegin()->second;
  if (open.size() > 1) j.problems.push_back("more than one action without its saved line");
  return j;
}

}  // namespace spanforge::killharness
