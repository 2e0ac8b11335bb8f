#include "labelset.h"

#include "store/projectstore.h"

#include <algorithm>

namespace spanforge::killharness {

LabelSet LabelSet::read(store::ProjectStore& project) {
  LabelSet s;
  for (const auto& l : project.labels().all()) s.labels.push_back({l.name, l.color, l.hotkey});
  s.sort();
  return s;
}

LabelSet LabelSet::fromJson(const nlohmann::json& j) {
  LabelSet s;
  for (const auto& e : j) s.labels.push_back({e.at(0), e.at(1), e.at(2)});
  s.sort();
  return s;
}

nlohmann::json LabelSet::toJson() const {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& e : labels) j.push_back({e.name, e.color, e.hotkey});
  return j;
}

std::string LabelSet::describe() const {
  std::string s;
  for (const auto& e : labels)
    s += (s.empty() ? "" : " ") + e.name + "(" + e.color + "," + e.hotkey + ")";
  return s.empty() ? "none" : s;
}

void LabelSet::sort() {
  std::sort(labels.begin(), labels.end(),
            [](const Entry& a, const Entry& b) { return a.name < b.name; });
}

const LabelSet::Entry* LabelSet::find(const std::string& name) const {
  for (const auto& e : labels)
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace spanforge::killharness
